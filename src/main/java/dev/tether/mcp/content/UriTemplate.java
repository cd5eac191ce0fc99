package dev.tether.mcp.content;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A URI template (RFC 6570, levels 1–3; the level 4 modifiers {@code *} and {@code :n} are
 * accepted and matched leniently) turned into a matcher: whether a concrete URI is one
 * expansion of it. A resource read for a URI outside the catalog is sent only when it matches a
 * declared template, so the match is strict: simple expansions take unreserved characters and
 * percent escapes only (no {@code /}, {@code ?} or {@code #}), and only {@code {+var}} and
 * {@code {#var}} admit reserved characters.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc6570">RFC 6570</a>
 */
public final class UriTemplate {
    private static final String UNRESERVED = "(?:[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2})";
    private static final String RESERVED = "(?:[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*");

    private final String template;
    private final Pattern pattern;
    private final Set<String> variables;

    private UriTemplate(String template, Pattern pattern, Set<String> variables) {
        this.template = template;
        this.pattern = pattern;
        this.variables = Set.copyOf(variables);
    }

    /** @throws IllegalArgumentException the template is malformed (unclosed brace, bad variable name) */
    public static UriTemplate parse(String template) {
        StringBuilder regex = new StringBuilder();
        Set<String> variables = new LinkedHashSet<>();
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            int literalEnd = open < 0 ? template.length() : open;
            String literal = template.substring(i, literalEnd);
            if (literal.indexOf('}') >= 0) {
                throw new IllegalArgumentException("unbalanced '}' in URI template");
            }
            regex.append(Pattern.quote(literal).replace("\\Q\\E", ""));
            if (open < 0) {
                break;
            }
            int close = template.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed '{' in URI template");
            }
            regex.append(expression(template.substring(open + 1, close), variables));
            i = close + 1;
        }
        return new UriTemplate(template, Pattern.compile(regex.toString()), variables);
    }

    private static String expression(String body, Set<String> variables) {
        if (body.isEmpty()) {
            throw new IllegalArgumentException("empty expression in URI template");
        }
        char op = body.charAt(0);
        boolean hasOp = "+#./;?&".indexOf(op) >= 0;
        List<String> names = new ArrayList<>();
        for (String spec : (hasOp ? body.substring(1) : body).split(",", -1)) {
            String name = spec.replaceFirst("(\\*|:[0-9]{1,4})$", "");
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("bad variable name \"" + spec + "\" in URI template");
            }
            names.add(name);
            variables.add(name);
        }
        String value = (op == '+' || op == '#') ? RESERVED : UNRESERVED;
        String prefix = switch (op) {
            case '#', '.', '/', ';', '?', '&' -> Pattern.quote(String.valueOf(op));
            default -> "";
        };
        String separator = switch (op) {
            case '.' -> "\\.";
            case '/' -> "/";
            case ';' -> ";";
            case '?', '&' -> "&";
            default -> ",";
        };
        String item;
        if (op == ';' || op == '?' || op == '&') {
            // Named expansions: each present variable appears as name=value (";" may drop "=" for empty values).
            String alternatives = String.join("|", names.stream().map(Pattern::quote).toList());
            item = "(?:" + alternatives + ")" + (op == ';' ? "(?:=" + value + "*)?" : "=" + value + "*");
        } else {
            item = value + "*";
        }
        // Undefined variables are omitted, so the whole expression may expand to nothing.
        return "(?:" + prefix + item + "(?:" + separator + item + ")*)?";
    }

    /** Whether {@code uri} is an expansion of this template. */
    public boolean matches(String uri) {
        return uri != null && pattern.matcher(uri).matches();
    }

    /** The variable names of the template. */
    public Set<String> variables() {
        return variables;
    }

    public String template() {
        return template;
    }

    @Override
    public String toString() {
        return template;
    }

    /** Two matchers are equal when parsed from the same template text (the matcher follows from it). */
    @Override
    public boolean equals(Object other) {
        return other instanceof UriTemplate t && t.template.equals(template);
    }

    @Override
    public int hashCode() {
        return template.hashCode();
    }
}
