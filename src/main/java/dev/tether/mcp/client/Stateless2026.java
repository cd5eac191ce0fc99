package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stateless MCP 2026-07-28 revision as one session speaks it, committed by
 * {@code server/discover}: no {@code initialize}; every request names the protocol version, the
 * client's capabilities, the client and the log level in its {@code _meta} (the {@link Envelope}),
 * and every result says what kind it is in {@code resultType}, an {@code input_required} one
 * completed through {@link InputRounds}. There is no {@code ping} ({@code server/discover} checks an
 * idle server) and no {@code logging/setLevel}; tasks are the tasks extension ({@link ExtensionTasks});
 * a {@code subscriptions/listen} stream ({@link ListenRequests}) carries list changes and the updates
 * of subscribed resources; a listed tool whose {@code x-mcp-header} marks break the rules is not
 * offered ({@link RefusedTools}). Also the readable text of the error codes this revision adds.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic">MCP 2026-07-28 base protocol</a>
 */
public final class Stateless2026 implements Revision {
    /** The stateless revision Tether speaks beside {@link Stateful2025#VERSIONS}. */
    public static final String VERSION = "2026-07-28";
    /** Every stateless revision Tether can speak, newest first. */
    public static final List<String> VERSIONS = List.of(VERSION);

    static final String META_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    static final String META_CLIENT = "io.modelcontextprotocol/clientInfo";
    static final String META_SERVER = "io.modelcontextprotocol/serverInfo";
    static final String META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";

    /** HTTP headers do not match the body, or a required one is missing or malformed. */
    public static final int HEADER_MISMATCH = -32020;
    /** The request needs a client capability that was not declared. */
    public static final int MISSING_CAPABILITY = -32021;
    /** The server does not speak the requested protocol version; {@code data.supported} lists the ones it does. */
    public static final int UNSUPPORTED_VERSION = -32022;

    private final String server;
    private final McpClientSession.Initialized initialized;
    private final Envelope envelope;
    private final InputRounds.Answerer answerer;
    private final ExtensionTasks tasks;
    private final ListenRequests listens;
    private final RefusedTools refused;

    /**
     * @param initialized what the {@code server/discover} answer said
     * @param envelope    what every request carries
     * @param answerer    serves the input requests of an input round or a task, as if the server had sent them
     * @param listens     the session's listen requests
     */
    Stateless2026(String server, McpClientSession.Initialized initialized, Envelope envelope, RequestSender sender,
                  InputRounds.Answerer answerer, ListenRequests listens) {
        this.server = server;
        this.initialized = initialized;
        this.envelope = envelope;
        this.answerer = answerer;
        this.tasks = new ExtensionTasks(server, initialized.capabilities(), sender, answerer);
        this.listens = listens;
        this.refused = new RefusedTools(server);
    }

    @Override
    public String server() {
        return server;
    }

    @Override
    public McpClientSession.Initialized initialized() {
        return initialized;
    }

    @Override
    public ObjectNode envelope(ObjectNode params, boolean tasks) {
        return (tasks ? envelope.declaring(ExtensionTasks.EXTENSION) : envelope).stamp(params);
    }

    @Override
    public JsonNode settle(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> again,
                           boolean tasks, Cancellation cancellation) {
        return InputRounds.settle(method, params == null ? Json.object() : params, first, again, answerer, tasks, cancellation);
    }

    /** This revision has no ping, and its servers must answer {@code server/discover} at any time (the answer is not read again). */
    @Override
    public String healthProbe() {
        return "server/discover";
    }

    /** Nothing to send: the level rides every request's envelope. */
    @Override
    public void applyLogLevel(Duration timeout, Cancellation cancellation) {
    }

    @Override
    public TaskRequests tasks() {
        return tasks;
    }

    /** Under the tasks extension the server decides per call whether it becomes a task: any tool may be started as one. */
    @Override
    public McpToolInfo.TaskSupport unstatedTaskSupport() {
        return tasks.declaresToolTasks() ? McpToolInfo.TaskSupport.OPTIONAL : McpToolInfo.TaskSupport.FORBIDDEN;
    }

    /** Less the tools whose {@code x-mcp-header} marks break the rules. */
    @Override
    public List<McpToolInfo> offerable(List<McpToolInfo> listed) {
        return refused.offerable(listed);
    }

    @Override
    public String refusedTools() {
        return refused.note();
    }

    @Override
    public Optional<ListenRequests> listens() {
        return Optional.of(listens);
    }

    /** A declared {@code listChanged} counts once an open listen stream acknowledged that kind. */
    @Override
    public boolean announcesChanges(String kind) {
        return declaresListChanged(kind) && listens.announces(kind);
    }

    /** Nothing to send: the listen stream's filter carries the subscribed resources. */
    @Override
    public void subscription(String uri, boolean subscribe, Duration timeout, Cancellation cancellation) {
    }

    /**
     * What one client stamps on every request to one server (its {@code _meta}); {@code logLevel} (the level Tether
     * asks log messages at, in place of {@code logging/setLevel}) may be null: then the server
     * sends none.
     */
    record Envelope(String version, JsonNode capabilities, String clientVersion, String logLevel) {

        /** The same envelope whose client capabilities also declare {@code extension} (an empty settings object). */
        Envelope declaring(String extension) {
            ObjectNode caps = capabilities.isObject() ? (ObjectNode) capabilities.deepCopy() : Json.object();
            JsonNode existing = caps.get("extensions");
            ObjectNode extensions = existing instanceof ObjectNode object ? object : Json.object();
            extensions.putObject(extension);
            caps.set("extensions", extensions);
            return new Envelope(version, caps, clientVersion, logLevel);
        }

        /** A copy of {@code params} (or a new object) whose {@code _meta} carries the envelope; other {@code _meta} keys kept. */
        ObjectNode stamp(ObjectNode params) {
            ObjectNode copy = params == null ? Json.object() : params.deepCopy();
            JsonNode existing = copy.get("_meta");
            ObjectNode meta = existing instanceof ObjectNode object ? object : Json.object();
            meta.put(META_VERSION, version);
            meta.set(META_CAPABILITIES, capabilities.deepCopy());
            ObjectNode info = meta.putObject(META_CLIENT);
            info.put("name", "tether");
            info.put("version", clientVersion);
            if (logLevel != null) {
                meta.put(META_LOG_LEVEL, logLevel);
            }
            copy.set("_meta", meta);
            return copy;
        }
    }

    /**
     * What a {@code server/discover} answer says, as {@code initialize} would have said it.
     *
     * @throws McpError.Malformed it is not a discovery result (some older servers answer any method {@code {}})
     */
    static McpClientSession.Initialized discovered(String version, JsonNode result) {
        JsonNode versions = result == null ? null : result.get("supportedVersions");
        if (result == null || !result.isObject() || !"complete".equals(resultType(result))
                || versions == null || !versions.isArray() || !result.path("capabilities").isObject()) {
            throw new McpError.Malformed("server answered server/discover with something that is not a discovery result");
        }
        JsonNode serverInfo = result.path("_meta").path(META_SERVER);
        return new McpClientSession.Initialized(version, McpWire.text(serverInfo, "name"), McpWire.text(serverInfo, "version"),
                result.get("capabilities"), McpWire.text(result, "instructions"));
    }

    /** A result's {@code resultType}; a result without one (every earlier revision) is complete. */
    static String resultType(JsonNode result) {
        JsonNode type = result == null ? null : result.get("resultType");
        return type != null && type.isString() ? type.asString() : "complete";
    }

    /** Readable words for the error codes of this revision, or null for any other code. */
    static String explain(int code, JsonNode data) {
        return switch (code) {
            case HEADER_MISMATCH -> "the server rejected the request's MCP headers as not matching its body";
            case MISSING_CAPABILITY -> "the server needs a client capability Tether did not declare for this request"
                    + (data != null && data.has("requiredCapabilities")
                    ? " (" + capabilityNames(data.get("requiredCapabilities")) + ")" : "");
            case UNSUPPORTED_VERSION -> "the server does not speak MCP " + VERSION
                    + (data != null && data.get("supported") != null ? " (it supports " + versions(data.get("supported")) + ")" : "");
            default -> null;
        };
    }

    /** The versions of a {@code -32022} error's {@code data.supported}, bounded and printable. */
    public static List<String> supported(JsonNode data) {
        JsonNode list = data == null ? null : data.get("supported");
        if (list == null || !list.isArray()) {
            return List.of();
        }
        return list.valueStream().filter(JsonNode::isString).map(JsonNode::asString)
                .filter(v -> v.length() <= 32 && v.matches("[0-9A-Za-z._-]+")).limit(16).toList();
    }

    private static String versions(JsonNode supported) {
        List<String> list = supported(Json.object().set("supported", supported));
        return list.isEmpty() ? "no version Tether can read" : String.join(", ", list);
    }

    private static String capabilityNames(JsonNode caps) {
        if (caps == null || !caps.isObject()) {
            return "unnamed";
        }
        return String.join(", ", caps.propertyNames().stream()
                .filter(n -> n.length() <= 32 && n.matches("[A-Za-z0-9_.-]+")).limit(8).toList());
    }
}
