package dev.tether.config.permissions;

import dev.tether.base.git.ProjectRoot;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.InvalidRule;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The local scope of permission rules: the user's rules for one project, kept out of the project
 * in {@code $XDG_STATE_HOME/tether/permissions-local.json}, keyed by the
 * {@link ProjectRoot} of the session's directory, so a session anywhere in the repository has
 * them and another project does not:
 * <pre>{@code
 * {"projects": {"/home/me/src/app": {
 *    "allow": ["run_command(npm test)", {"rule": "mcp__github__create_issue", "server": "stdio: github-mcp-server stdio",
 *                                         "definition": "3f2a…"}],
 *    "ask": [], "deny": [],
 *    "projectRules": {"approved": ["sha256:…"], "rejected": []}}}}
 * }</pre>
 * "Always allow" adds to {@code allow}; an MCP tool's answer is pinned to the server it was given
 * for and the tool's definition. {@code projectRules} holds the user's answers about the project's
 * own allow rules ({@code .tether/settings.json}), by their digest. Owner-only (0600 in a 0700
 * directory), written atomically under a lock, so two agents answering at once lose nothing.
 */
public final class LocalRules {
    public static final String FILE_NAME = "permissions-local.json";
    /** How many answered versions of a project's allow rules are kept. */
    static final int MAX_ANSWERS = 8;

    private final Path file;

    public LocalRules(Path file) {
        this.file = file;
    }

    public static LocalRules in(TetherPaths paths) {
        return new LocalRules(paths.stateDir().resolve(FILE_NAME));
    }

    public Path file() {
        return file;
    }

    /** The key of the project {@code dir} belongs to. */
    static String key(Path dir) {
        return ProjectRoot.of(dir).toString();
    }

    /** The project's entry as stored now (an empty object when there is none, or the file cannot be read). */
    ObjectNode project(Path dir) throws JsonFiles.EditException {
        JsonNode entry = load().path("projects").path(key(dir));
        return entry instanceof ObjectNode object ? object : Json.object();
    }

    /** The project's rules; a file that cannot be read gives none and says why. */
    public RuleList rules(Path dir) {
        ObjectNode entry;
        try {
            entry = project(dir);
        } catch (JsonFiles.EditException e) {
            return new RuleList(List.of(), List.of(e.getMessage() + "; your rules for this project are not read until it is fixed"));
        }
        List<PermissionRule> rules = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String origin = file.toString();
        for (Effect effect : List.of(Effect.DENY, Effect.ASK, Effect.ALLOW)) {
            for (JsonNode item : entry.path(effect.id())) {
                try {
                    rules.add(parse(effect, item, origin));
                } catch (InvalidRule e) {
                    warnings.add(origin + ": " + effect.id() + ": " + e.getMessage() + "; ignoring this rule");
                }
            }
        }
        return new RuleList(rules, warnings);
    }

    private static PermissionRule parse(Effect effect, JsonNode item, String origin) throws InvalidRule {
        if (item.isString()) {
            return PermissionRule.parse(effect, RuleScope.LOCAL, item.asString(), origin);
        }
        String rule = item.path("rule").asString("");
        String definition = item.path("definition").asString(null);
        String server = item.path("server").asString(null);
        if (effect != Effect.ALLOW || definition == null || server == null || !rule.startsWith("mcp__")) {
            throw new InvalidRule(item + " is neither a rule nor an MCP tool's \"Always allow\" (rule, server, definition)");
        }
        String rest = rule.substring("mcp__".length());
        int split = rest.indexOf("__");
        if (split <= 0 || split + 2 >= rest.length()) {
            throw new InvalidRule("\"" + rule + "\" does not name a server and a tool");
        }
        return PermissionRule.pinned(RuleScope.LOCAL, rest.substring(0, split), rest.substring(split + 2),
                new PermissionRule.Pin(server, definition), origin);
    }

    /** Adds an allow rule (an "Always allow") to the project of {@code dir}, unless it is there already. */
    public void add(Path dir, PermissionRule rule) throws JsonFiles.EditException {
        edit(root -> {
            ArrayNode list = list(entry(root, dir), rule.effect().id());
            JsonNode written = written(rule);
            for (JsonNode existing : list) {
                if (existing.equals(written)) {
                    return false;
                }
            }
            list.add(written);
            return true;
        });
    }

    private static JsonNode written(PermissionRule rule) {
        if (rule.pin() == null) {
            return Json.tree(rule.text());
        }
        return Json.object().put("rule", rule.text()).put("server", rule.pin().identity()).put("definition", rule.pin().definition());
    }

    /** Removes every rule of the project of {@code dir} written as {@code text}; returns how many there were. */
    public int remove(Path dir, String text) throws JsonFiles.EditException {
        int[] removed = {0};
        edit(root -> {
            ObjectNode entry = entry(root, dir);
            for (Effect effect : Effect.values()) {
                if (!(entry.get(effect.id()) instanceof ArrayNode list)) {
                    continue;
                }
                for (int i = list.size() - 1; i >= 0; i--) {
                    JsonNode item = list.get(i);
                    String written = item.isString() ? item.asString() : item.path("rule").asString("");
                    if (written.strip().equals(text.strip())) {
                        list.remove(i);
                        removed[0]++;
                    }
                }
                if (list.isEmpty()) {
                    entry.remove(effect.id());
                }
            }
            return removed[0] > 0;
        });
        return removed[0];
    }

    /** The user's answers about the project's own allow rules: the digests approved, and those rejected. */
    public Answers answers(Path dir) {
        try {
            JsonNode node = project(dir).path("projectRules");
            return new Answers(strings(node.path("approved")), strings(node.path("rejected")));
        } catch (JsonFiles.EditException e) {
            return new Answers(Set.of(), Set.of());
        }
    }

    /** The approved and rejected digests of a project's allow rules. */
    public record Answers(Set<String> approved, Set<String> rejected) {}

    /** Remembers the user's answer about the project's allow rules with digest {@code fingerprint}. */
    public void answer(Path dir, String fingerprint, boolean approved) throws JsonFiles.EditException {
        edit(root -> {
            ObjectNode rules = child(entry(root, dir), "projectRules");
            ArrayNode kept = list(rules, approved ? "approved" : "rejected");
            ArrayNode other = list(rules, approved ? "rejected" : "approved");
            for (int i = other.size() - 1; i >= 0; i--) {
                if (fingerprint.equals(other.get(i).asString(""))) {
                    other.remove(i);
                }
            }
            for (int i = kept.size() - 1; i >= 0; i--) {
                if (fingerprint.equals(kept.get(i).asString(""))) {
                    kept.remove(i);
                }
            }
            kept.add(fingerprint);
            while (kept.size() > MAX_ANSWERS) {
                kept.remove(0);
            }
            return true;
        });
    }

    private static Set<String> strings(JsonNode list) {
        Set<String> out = new LinkedHashSet<>();
        list.forEach(n -> {
            if (n.isString()) {
                out.add(n.asString());
            }
        });
        return out;
    }

    private ObjectNode load() throws JsonFiles.EditException {
        if (Files.isSymbolicLink(file)) {
            throw new JsonFiles.EditException(file + " is a symbolic link; remove it");
        }
        return JsonFiles.read(file);
    }

    /** A change to the whole store; returns whether anything changed. */
    private interface Change {
        boolean apply(ObjectNode root) throws JsonFiles.EditException;
    }

    /** Reads, changes and writes the store under a lock another Tether process honours too. */
    private synchronized void edit(Change change) throws JsonFiles.EditException {
        Path lock = file.resolveSibling(file.getFileName() + ".lock");
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                ObjectNode root = load();
                if (change.apply(root)) {
                    JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
                }
            }
        } catch (IOException e) {
            throw new JsonFiles.EditException("cannot lock " + lock + ": " + e.getMessage());
        }
    }

    private static ObjectNode entry(ObjectNode root, Path dir) throws JsonFiles.EditException {
        return child(child(root, "projects"), key(dir));
    }

    private static ObjectNode child(ObjectNode parent, String name) throws JsonFiles.EditException {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return parent.putObject(name);
        }
        if (!(node instanceof ObjectNode object)) {
            throw new JsonFiles.EditException("\"" + name + "\" is not a JSON object; fix it first, it was left as it is");
        }
        return object;
    }

    private static ArrayNode list(ObjectNode parent, String name) throws JsonFiles.EditException {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return parent.putArray(name);
        }
        if (!(node instanceof ArrayNode array)) {
            throw new JsonFiles.EditException("\"" + name + "\" is not a list; fix it first, it was left as it is");
        }
        return array;
    }
}
