package dev.tether.testing.acp;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks every frame an agent writes against the ACP v1 JSON schema of the pinned
 * {@code @agentclientprotocol/sdk} package (copied to {@code src/test/resources/acp/schema.json} by
 * {@code scripts/refresh-acp-schema}; {@code ACP_SCHEMA} names another file): the envelope against
 * the agent-side message union, and the payload against the definition its method names
 * (responses by the method of the request they answer).
 */
public final class AcpFrameValidator {
    private static final Map<String, String> REQUESTS = Map.of(
            "session/request_permission", "RequestPermissionRequest",
            "fs/read_text_file", "ReadTextFileRequest",
            "fs/write_text_file", "WriteTextFileRequest",
            "terminal/create", "CreateTerminalRequest",
            "terminal/output", "TerminalOutputRequest",
            "terminal/release", "ReleaseTerminalRequest",
            "terminal/wait_for_exit", "WaitForTerminalExitRequest",
            "terminal/kill", "KillTerminalRequest",
            "elicitation/create", "CreateElicitationRequest");
    private static final Map<String, String> NOTIFICATIONS = Map.of(
            "session/update", "SessionNotification",
            "$/cancel_request", "CancelRequestNotification",
            "elicitation/complete", "CompleteElicitationNotification");
    private static final Map<String, String> RESPONSES = Map.ofEntries(
            Map.entry("initialize", "InitializeResponse"),
            Map.entry("authenticate", "AuthenticateResponse"),
            Map.entry("session/new", "NewSessionResponse"),
            Map.entry("session/load", "LoadSessionResponse"),
            Map.entry("session/resume", "ResumeSessionResponse"),
            Map.entry("session/list", "ListSessionsResponse"),
            Map.entry("session/close", "CloseSessionResponse"),
            Map.entry("session/delete", "DeleteSessionResponse"),
            Map.entry("session/prompt", "PromptResponse"),
            Map.entry("session/set_mode", "SetSessionModeResponse"),
            Map.entry("session/set_config_option", "SetSessionConfigOptionResponse"),
            Map.entry("session/fork", "ForkSessionResponse"));

    private static final String RESOURCE = "/acp/schema.json";
    private static final String UNSTABLE_RESOURCE = "/acp/schema.unstable.json";
    private static final String SESSION_CONTENT_RESOURCE = "/acp/session-content.json";
    /** The session updates that exist only in the unstable schema (subagents, plan operations). */
    private static final java.util.Set<String> UNSTABLE_UPDATES = java.util.Set.of("subagent_update", "session_message",
            "session_message_chunk", "plan_update", "plan_removed");
    private static volatile AcpFrameValidator shared;

    private final ObjectNode root;
    private final AcpFrameValidator unstable;
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    private AcpFrameValidator(ObjectNode root, AcpFrameValidator unstable) {
        this.root = root;
        this.unstable = unstable;
    }

    /**
     * The validator for the pinned ACP schema (or the file {@code ACP_SCHEMA} names); frames of what
     * the pinned package still marks unstable (subagents, {@code session/fork}, plan operations) are
     * checked against its unstable schema, with the {@code session} tool call content added.
     */
    public static AcpFrameValidator shared() {
        if (shared == null) {
            synchronized (AcpFrameValidator.class) {
                if (shared == null) {
                    ObjectNode unstableRoot = (ObjectNode) Json.parse(resource(UNSTABLE_RESOURCE));
                    JsonNode session = Json.parse(resource(SESSION_CONTENT_RESOURCE)).get("ToolCallContent.session");
                    ((tools.jackson.databind.node.ArrayNode) unstableRoot.path("$defs").path("ToolCallContent").path("oneOf")).add(session);
                    shared = new AcpFrameValidator((ObjectNode) Json.parse(readSchema()), new AcpFrameValidator(unstableRoot, null));
                }
            }
        }
        return shared;
    }

    /** Whether a frame uses what only the unstable schema defines. */
    static boolean usesUnstable(JsonNode frame, String answeredMethod) {
        if ("session/fork".equals(answeredMethod)) {
            return true;
        }
        JsonNode update = frame.path("params").path("update");
        if (!"session/update".equals(frame.path("method").asString(null)) || update.isMissingNode()) {
            return false;
        }
        if (UNSTABLE_UPDATES.contains(update.path("sessionUpdate").asString(""))) {
            return true;
        }
        for (JsonNode content : update.path("content")) {
            if ("session".equals(content.path("type").asString(null))) {
                return true;
            }
        }
        return false;
    }

    private static String resource(String name) {
        try (InputStream in = AcpFrameValidator.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("ACP schema resource " + name + " is missing; run scripts/refresh-acp-schema");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("ACP schema resource " + name + " unreadable", e);
        }
    }

    private static String readSchema() {
        String override = System.getenv("ACP_SCHEMA");
        if (override != null && !override.isBlank()) {
            try {
                return Files.readString(Path.of(override));
            } catch (IOException e) {
                throw new UncheckedIOException("ACP schema not found at " + override + " (ACP_SCHEMA)", e);
            }
        }
        return resource(RESOURCE);
    }

    /**
     * Problems with one agent→client frame; empty when valid.
     *
     * @param answeredMethod for a response, the method of the request it answers (or null if unknown)
     */
    public List<String> validate(JsonNode frame, String answeredMethod) {
        if (unstable != null && usesUnstable(frame, answeredMethod)) {
            return unstable.validate(frame, answeredMethod);
        }
        List<String> problems = new ArrayList<>();
        check("#agent-envelope", frame, problems, "frame");
        String method = frame.path("method").asString(null);
        if (method != null && frame.has("id")) {
            String def = REQUESTS.get(method);
            if (def == null) {
                problems.add("agent sent a request for an unknown client method " + method);
            } else {
                check(def, frame.path("params"), problems, method + " params");
            }
        } else if (method != null) {
            String def = NOTIFICATIONS.get(method);
            if (def == null && !method.startsWith("_")) {
                problems.add("agent sent an unknown notification " + method);
            } else if (def != null) {
                check(def, frame.path("params"), problems, method + " params");
            }
        } else if (frame.has("error")) {
            check("Error", frame.get("error"), problems, "error");
        } else if (answeredMethod != null && RESPONSES.containsKey(answeredMethod)) {
            check(RESPONSES.get(answeredMethod), frame.path("result"), problems, answeredMethod + " result");
        }
        return problems;
    }

    private void check(String def, JsonNode value, List<String> problems, String what) {
        Schema schema = schemas.computeIfAbsent(def, this::schemaFor);
        schema.validate(value).forEach(error -> problems.add(what + ": " + error.toString()));
    }

    private Schema schemaFor(String def) {
        ObjectNode doc = root.deepCopy();
        doc.remove("anyOf");
        doc.remove("title");
        if (def.equals("#agent-envelope")) {
            var anyOf = doc.putArray("anyOf");
            for (JsonNode branch : root.path("anyOf")) {
                String title = branch.path("title").asString("");
                if (title.equals("Agent") || title.equals("ProtocolLevel")) {
                    anyOf.add(branch);
                }
            }
        } else {
            doc.put("$ref", "#/$defs/" + def);
        }
        return registry.getSchema(Json.write(doc), InputFormat.JSON);
    }
}
