package dev.tether.security;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The secrets one Tether process knows: which environment variables are its credentials (the
 * provider keys, anything {@code TETHER_*}, and the names the user's config marks secret) and
 * the secret values it holds (those variables' values, keys from the config file, OAuth tokens
 * as the OAuth layer gets them). Every known value is replaced by {@link #MARKER} wherever text
 * leaves for the model, the editor, the transcript or the audit log; text that is shortened on
 * the way goes through {@link SecretCuts}, which masks before it cuts.
 *
 * <p>One registry is made by the composition root and handed down; values are only ever added
 * (a token that was once valid stays masked after it rotates). Values shorter than
 * {@link #MIN_LENGTH} characters are not kept: masking them would mangle ordinary text. Safe for
 * concurrent use; lookups take no lock.
 */
public final class SecretRegistry {
    /** What a secret value is replaced with. */
    public static final String MARKER = "[REDACTED]";
    /** Values shorter than this are not registered. */
    public static final int MIN_LENGTH = 8;
    /** The model provider keys Tether reads. */
    public static final Set<String> PROVIDER_KEYS = Set.of("ANTHROPIC_API_KEY", "OPENAI_API_KEY");
    private static final String OWN_PREFIX = "TETHER_";
    private static final int[] NO_SPANS = new int[0];

    private final Set<String> markedNames;
    private final Set<String> envNames;
    /** Longest first, so a value that contains another one is masked whole. */
    private volatile List<String> values = List.of();

    private SecretRegistry(Set<String> markedNames, Set<String> envNames) {
        this.markedNames = Set.copyOf(markedNames);
        this.envNames = Set.copyOf(envNames);
    }

    /** A registry that knows no values and no names besides the built-in credential names. */
    public static SecretRegistry empty() {
        return new SecretRegistry(Set.of(), Set.of());
    }

    /**
     * The registry for a process with environment {@code env}: the values of its provider keys and
     * of the variables in {@code markedNames} are registered.
     *
     * @param markedNames variables the user's config marks secret ({@code "secrets": {"env": [...]}})
     */
    public static SecretRegistry of(Map<String, String> env, Collection<String> markedNames) {
        Set<String> marked = new LinkedHashSet<>(markedNames);
        Set<String> present = new TreeSet<>();
        for (String name : env.keySet()) {
            if (isCredentialName(name) || marked.contains(name)) {
                present.add(name);
            }
        }
        SecretRegistry registry = new SecretRegistry(marked, present);
        for (String name : present) {
            // TETHER_* values are settings (a provider name, a path), not secrets: masking them would mangle text.
            if (PROVIDER_KEYS.contains(name) || marked.contains(name)) {
                registry.register(env.get(name));
            }
        }
        return registry;
    }

    /** Whether {@code name} is one of Tether's own credentials: never expanded, never passed to a command. */
    public boolean isSecretName(String name) {
        return isCredentialName(name) || markedNames.contains(name);
    }

    /** The provider keys and {@code TETHER_*}: Tether's credentials whatever the config says. */
    public static boolean isCredentialName(String name) {
        return PROVIDER_KEYS.contains(name) || name.startsWith(OWN_PREFIX);
    }

    /**
     * The variable names a command must not see: the provider keys, the marked names and the
     * {@code TETHER_*} names of this process's environment, sorted.
     */
    public List<String> namesToWithhold() {
        Set<String> all = new TreeSet<>(PROVIDER_KEYS);
        all.addAll(markedNames);
        all.addAll(envNames);
        return List.copyOf(all);
    }

    /**
     * {@code env} without the variables whose values are secret (the provider keys and the marked
     * names), for the parts of a session that look variables up by name. {@code TETHER_*} settings stay.
     */
    public Map<String, String> withoutSecretValues(Map<String, String> env) {
        Map<String, String> out = new LinkedHashMap<>(env);
        out.keySet().removeIf(name -> PROVIDER_KEYS.contains(name) || markedNames.contains(name));
        return out;
    }

    /** Adds a secret value; null and values shorter than {@link #MIN_LENGTH} are ignored. */
    public void register(String value) {
        if (value == null || value.strip().length() < MIN_LENGTH) {
            return;
        }
        synchronized (this) {
            if (values.contains(value)) {
                return;
            }
            List<String> next = new ArrayList<>(values);
            next.add(value);
            if (!value.equals(value.strip())) {
                next.add(value.strip());
            }
            next.sort(Comparator.comparingInt(String::length).reversed());
            values = List.copyOf(next);
        }
    }

    /** Whether no value is registered (then redaction returns its input unchanged). */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    /**
     * {@code text} with every registered value replaced by {@link #MARKER}; the same instance when
     * none occurs. Occurrences that overlap (two values sharing characters, or one value overlapping
     * itself) are masked together by one marker, so no character of either shows; a masked value
     * keeps its line breaks after the marker, so the lines around it keep their numbers.
     */
    public String redact(String text) {
        return text == null ? null : mask(text, values);
    }

    /** The registered values, longest first (one snapshot: values are only ever added). */
    List<String> values() {
        return values;
    }

    /** {@code text} with the occurrences of {@code known} masked as {@link #redact(String)} says. */
    static String mask(String text, List<String> known) {
        int[] spans = known.isEmpty() ? NO_SPANS : spans(text, known);
        return spans.length == 0 ? text : masked(text, spans, text.length());
    }

    /** {@code text} up to {@code end} with each of {@code spans} that starts before {@code end} (and ends by it) masked. */
    static String masked(String text, int[] spans, int end) {
        StringBuilder out = new StringBuilder(end);
        int at = 0;
        for (int i = 0; i < spans.length && spans[i] < end; i += 2) {
            out.append(text, at, spans[i]).append(MARKER);
            for (int j = spans[i]; j < spans[i + 1]; j++) {
                char c = text.charAt(j);
                if (c == '\n' || c == '\r') {
                    out.append(c);
                }
            }
            at = spans[i + 1];
        }
        return out.append(text, at, end).toString();
    }

    /**
     * Where {@code known} values occur in {@code text}: start and end (exclusive) of each span,
     * sorted, overlapping occurrences merged into one span. One {@link String#indexOf} pass per
     * value, so the cost is linear in the text for a fixed registry and nothing when it is empty.
     */
    static int[] spans(String text, List<String> known) {
        int[] found = NO_SPANS;
        int count = 0;
        for (String value : known) {
            int first = count;
            int start = text.indexOf(value);
            while (start >= 0) {
                int end = start + value.length();
                if (count > first && start < found[count - 1]) {
                    found[count - 1] = end; // overlaps its own last occurrence ("abab" twice in "ababab")
                } else {
                    if (count == found.length) {
                        found = Arrays.copyOf(found, Math.max(8, count * 2));
                    }
                    found[count++] = start;
                    found[count++] = end;
                }
                start = text.indexOf(value, start + 1);
            }
        }
        return count == 0 ? found : merge(found, count);
    }

    private static int[] merge(int[] found, int count) {
        long[] sorted = new long[count / 2];
        for (int i = 0; i < count; i += 2) {
            sorted[i / 2] = ((long) found[i] << 32) | found[i + 1];
        }
        Arrays.sort(sorted);
        int[] merged = new int[count];
        int n = 0;
        for (long span : sorted) {
            int start = (int) (span >>> 32);
            int end = (int) span;
            if (n > 0 && start < merged[n - 1]) {
                merged[n - 1] = Math.max(merged[n - 1], end);
            } else {
                merged[n++] = start;
                merged[n++] = end;
            }
        }
        return Arrays.copyOf(merged, n);
    }

    /**
     * {@code node} with every registered value replaced in its strings and property names; the
     * same instance when none occurs (the common case costs a scan and no copy).
     */
    public JsonNode redact(JsonNode node) {
        if (node == null || values.isEmpty()) {
            return node;
        }
        return scrub(node);
    }

    /** Like {@link #redact(JsonNode)} for an object, keeping the type. */
    public ObjectNode redact(ObjectNode node) {
        return (ObjectNode) redact((JsonNode) node);
    }

    private JsonNode scrub(JsonNode node) {
        if (node.isString()) {
            String text = node.asString();
            String masked = redact(text);
            return masked == text ? node : StringNode.valueOf(masked);
        }
        if (node.isObject()) {
            Map<String, JsonNode> changed = null;
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = redact(e.getKey());
                JsonNode value = scrub(e.getValue());
                if (changed == null && (key != e.getKey() || value != e.getValue())) {
                    changed = new LinkedHashMap<>();
                    for (Map.Entry<String, JsonNode> before : node.properties()) {
                        if (before.getKey().equals(e.getKey())) {
                            break;
                        }
                        changed.put(before.getKey(), before.getValue());
                    }
                }
                if (changed != null) {
                    changed.put(key, value);
                }
            }
            if (changed == null) {
                return node;
            }
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            changed.forEach(copy::set);
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = null;
            for (int i = 0; i < node.size(); i++) {
                JsonNode item = node.get(i);
                JsonNode masked = scrub(item);
                if (copy == null && masked != item) {
                    copy = JsonNodeFactory.instance.arrayNode();
                    for (int j = 0; j < i; j++) {
                        copy.add(node.get(j));
                    }
                }
                if (copy != null) {
                    copy.add(masked);
                }
            }
            return copy == null ? node : copy;
        }
        return node;
    }
}
