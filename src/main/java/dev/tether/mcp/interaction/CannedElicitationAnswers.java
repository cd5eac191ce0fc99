package dev.tether.mcp.interaction;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * An {@link ElicitationHook} that answers from a JSON file of canned replies, for tests and CI
 * harnesses that have no person to ask. Enabled by the environment variable
 * {@value #ENV} naming the file. Format:
 *
 * <pre>{"answers": [
 *   {"server": "everything", "message": "provide inputs", "action": "accept", "content": {"name": "Ada"}},
 *   {"mode": "url", "action": "accept"},
 *   {"action": "decline"}]}</pre>
 *
 * The first entry whose {@code server} (exact, optional), {@code mode} (optional) and
 * {@code message} (a case-insensitive substring of the request's message, optional) all match
 * answers; a request no entry matches goes on to the user. Canned content is validated like any
 * other answer: content that does not fit the form becomes {@code cancel}.
 */
public final class CannedElicitationAnswers implements ElicitationHook {
    private static final Logger LOG = LoggerFactory.getLogger(CannedElicitationAnswers.class);
    public static final String ENV = "TETHER_ELICITATION_ANSWERS";

    record Entry(String server, String mode, String message, ElicitationReply reply) {
        boolean matches(Elicitation request) {
            return (server == null || server.equals(request.server()))
                    && (mode == null || mode.equals(request.mode()))
                    && (message == null || (request.message() != null
                    && request.message().toLowerCase(java.util.Locale.ROOT).contains(message.toLowerCase(java.util.Locale.ROOT))));
        }
    }

    private final List<Entry> entries;

    CannedElicitationAnswers(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Reads a file of canned answers.
     *
     * @throws IllegalArgumentException the file is not in the format above
     * @throws UncheckedIOException     the file cannot be read
     */
    public static CannedElicitationAnswers load(Path file) {
        JsonNode root;
        try {
            root = Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode answers = root.path("answers");
        if (!answers.isArray()) {
            throw new IllegalArgumentException(file + ": expected {\"answers\": [...]}");
        }
        List<Entry> entries = new ArrayList<>();
        for (JsonNode answer : answers) {
            String action = answer.path("action").asString("");
            if (!List.of("accept", "decline", "cancel").contains(action)) {
                throw new IllegalArgumentException(file + ": every answer needs an action: accept, decline or cancel");
            }
            JsonNode content = answer.get("content");
            entries.add(new Entry(answer.path("server").asString(null), answer.path("mode").asString(null),
                    answer.path("message").asString(null),
                    new ElicitationReply(action, content == null ? null : content.deepCopy())));
        }
        return new CannedElicitationAnswers(entries);
    }

    /** The hook {@value #ENV} asks for, or {@link ElicitationHook#PASS} when unset or unreadable (logged). */
    public static ElicitationHook fromEnvironment(Map<String, String> env) {
        String file = env.get(ENV);
        if (file == null || file.isBlank()) {
            return PASS;
        }
        try {
            return load(Path.of(file));
        } catch (RuntimeException e) {
            LOG.warn("{}: cannot use {}: {}; elicitations go to the user", ENV, file, e.getMessage());
            return PASS;
        }
    }

    @Override
    public ElicitationReply around(Elicitation request, Cancellation cancellation, Next next) {
        for (Entry entry : entries) {
            if (entry.matches(request)) {
                LOG.info("mcp {}: elicitation answered from {} ({})", request.server(), ENV, entry.reply().action());
                return entry.reply();
            }
        }
        return next.elicit(request, cancellation);
    }
}
