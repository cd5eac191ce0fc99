package dev.tether.config.sources;

import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which server each of the user's policy-only entries belongs to: the identity (transport and
 * command line, or transport and URL) of the first server the editor named under that name,
 * per user and across projects, in {@code $XDG_STATE_HOME/tether/mcp-policy-bindings.json}:
 * {@code {"servers": {"<name>": {"identity": "stdio: npx -y pkg", "shown": "…", "at": "…", "refused": "…",
 * "refusedShown": "…"}}}}.
 * Owner-only (0600 in a 0700 directory), written atomically, never through a symbolic link.
 * {@code refused} is the last other identity seen under the name, which {@code tether mcp rebind}
 * binds the entry to. A file that exists but cannot be read decides nothing: no server takes a
 * policy-only entry's grants until it is fixed or removed.
 */
public final class PolicyBindings {
    static final String FILE_NAME = "mcp-policy-bindings.json";
    /** A longer identity is compared by its digest: the file stays small whatever the editor sends. */
    static final int MAX_IDENTITY_CHARS = 2048;
    /** A longer identity is shown as its head and tail (a change is often an argument added at the end). */
    static final int SHOWN_HEAD = 40;
    static final int SHOWN_TAIL = 60;
    /** How many names the file keeps; the oldest bindings go first. */
    static final int MAX_SERVERS = 512;

    /**
     * Who a server is: {@code key} is compared (the identity, or its digest when it is long), {@code shown}
     * is how a person reads it (the identity, or its head and tail).
     */
    public record Identity(String key, String shown) {}

    /** What a name is bound to, since when, and the last other server refused under it (or null). */
    public record Binding(Identity identity, Instant at, Identity refused) {}

    /** The file could not be read or written; the message is for the user. */
    public static final class StoreException extends Exception {
        StoreException(String message) {
            super(message, null, false, false);
        }
    }

    private final Path file;

    public PolicyBindings(Path file) {
        this.file = file;
    }

    /** The store in Tether's state directory. */
    public static PolicyBindings in(TetherPaths paths) {
        return new PolicyBindings(paths.stateDir().resolve(FILE_NAME));
    }

    public Path file() {
        return file;
    }

    /**
     * What identifies a server for its policy: the transport and what it runs or reaches, as
     * given ({@code stdio: command arg …}, {@code http: url}). Environment, headers and the working
     * directory are left out: tokens rotate, and they do not choose which program answers.
     */
    public static Identity identity(McpServerSpec spec) {
        String identity = switch (spec) {
            case McpServerSpec.Stdio s -> {
                List<String> line = new ArrayList<>();
                line.add(s.command());
                line.addAll(s.args());
                yield "stdio: " + String.join(" ", line);
            }
            case McpServerSpec.Http h -> "http: " + h.url();
            case McpServerSpec.Sse h -> "sse: " + h.url();
            case McpServerSpec.WebSocket w -> "ws: " + w.url();
        };
        String key = identity.length() <= MAX_IDENTITY_CHARS ? identity : "sha256:" + sha256(identity);
        String shown = identity.length() <= SHOWN_HEAD + SHOWN_TAIL ? identity
                : identity.substring(0, SHOWN_HEAD) + " … " + identity.substring(identity.length() - SHOWN_TAIL);
        return new Identity(key, shown);
    }

    /** The binding of {@code server}, if any. */
    public synchronized Optional<Binding> binding(String server) throws StoreException {
        JsonNode node = read().path("servers").path(server);
        Identity bound = identity(node, "identity", "shown");
        if (bound == null) {
            return Optional.empty();
        }
        Instant at = Instant.EPOCH;
        try {
            at = Instant.parse(node.path("at").asString(Instant.EPOCH.toString()));
        } catch (RuntimeException ignored) {
            // A hand-edited time is not worth dropping the binding over.
        }
        return Optional.of(new Binding(bound, at, identity(node, "refused", "refusedShown")));
    }

    /** Binds {@code server} to {@code identity} unless it is bound already; returns the binding in force. */
    public synchronized Binding bindFirst(String server, Identity identity) throws StoreException {
        Optional<Binding> bound = binding(server);
        if (bound.isPresent()) {
            return bound.get();
        }
        ObjectNode root = read();
        Instant now = Instant.now();
        servers(root).set(server, entry(identity, now));
        write(root);
        return new Binding(identity, now, null);
    }

    /** Remembers {@code identity} as the last server refused under {@code server}'s binding. */
    public synchronized void refused(String server, Identity identity) throws StoreException {
        ObjectNode root = read();
        JsonNode node = servers(root).get(server);
        if (node instanceof ObjectNode entry && !identity.key().equals(entry.path("refused").asString(null))) {
            entry.put("refused", identity.key()).put("refusedShown", identity.shown());
            write(root);
        }
    }

    /**
     * Binds {@code server} to the last server refused under it, and returns that server; empty
     * when no other server was refused since it was bound.
     */
    public synchronized Optional<Identity> rebind(String server) throws StoreException {
        ObjectNode root = read();
        JsonNode node = servers(root).get(server);
        Identity refused = node == null ? null : identity(node, "refused", "refusedShown");
        if (refused == null) {
            return Optional.empty();
        }
        servers(root).set(server, entry(refused, Instant.now()));
        write(root);
        return Optional.of(refused);
    }

    private static ObjectNode entry(Identity identity, Instant at) {
        return Json.object().put("identity", identity.key()).put("shown", identity.shown()).put("at", at.toString());
    }

    private static Identity identity(JsonNode node, String keyField, String shownField) {
        if (!node.path(keyField).isString()) {
            return null;
        }
        String key = node.path(keyField).asString();
        return new Identity(key, node.path(shownField).asString(key));
    }

    private static ObjectNode servers(ObjectNode root) {
        JsonNode servers = root.get("servers");
        return servers instanceof ObjectNode object ? object : root.putObject("servers");
    }

    private ObjectNode read() throws StoreException {
        try {
            if (Files.isSymbolicLink(file)) {
                throw new StoreException(file + " is a symbolic link; remove it");
            }
            String text = Files.readString(file);
            JsonNode node = text.isBlank() ? Json.object() : Json.parse(text);
            if (!node.isObject()) {
                throw new StoreException(file + " does not hold a JSON object; fix or remove it");
            }
            return (ObjectNode) node;
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException | JacksonException e) {
            throw new StoreException("cannot read " + file + " (" + e.getMessage() + "); fix or remove it");
        }
    }

    private void write(ObjectNode root) throws StoreException {
        ObjectNode servers = servers(root);
        while (servers.size() > MAX_SERVERS) {
            servers.remove(oldest(servers));
        }
        try {
            JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
        } catch (JsonFiles.EditException e) {
            throw new StoreException(e.getMessage());
        }
    }

    private static String oldest(ObjectNode servers) {
        String oldest = null;
        String oldestAt = null;
        for (var entry : servers.properties()) {
            String at = entry.getValue().path("at").asString("");
            if (oldest == null || at.compareTo(oldestAt) < 0) {
                oldest = entry.getKey();
                oldestAt = at;
            }
        }
        return oldest;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
