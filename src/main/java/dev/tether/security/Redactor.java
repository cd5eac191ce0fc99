package dev.tether.security;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes an error text from or about an MCP server safe to log and to show: credentials in URLs,
 * bearer and basic tokens, API-key-looking strings and {@code key=value} secrets are replaced by
 * {@code [REDACTED]}, control characters become spaces, and the result is capped in UTF-8 bytes.
 */
public final class Redactor {
    /** Default cap on a redacted message, in UTF-8 bytes. */
    public static final int DEFAULT_MAX_BYTES = 500;
    private static final String MASK = "[REDACTED]";

    private static final Pattern URL_USERINFO = Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)[^/\\s:@]+(?::[^/\\s@]*)?@");
    private static final Pattern AUTH_SCHEME = Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=-]{8,}");
    /**
     * {@code token <value>} as in GitHub's scheme. Unlike bearer and basic, "token" is also an
     * ordinary word ("the token endpoint refused"), so the value must look made, not written: a
     * digit or one of {@code _~+/=-} in it, or 20 letters and more.
     */
    private static final Pattern TOKEN_SCHEME = Pattern.compile(
            "(?i)\\b(token)\\s+(?=[A-Za-z0-9._~+/=-]{8,})(?:[A-Za-z.]*[0-9_~+/=-][A-Za-z0-9._~+/=-]*|[A-Za-z]{20,})");
    private static final Pattern SECRET_ASSIGNMENT = Pattern.compile(
            "(?i)\\b([A-Za-z0-9_-]*(?:api[_-]?key|access[_-]?key|private[_-]?key|token|secret|password|passwd|authorization|credential)s?\"?\\s*[=:]\\s*\"?)(?!(?:bearer|basic|token)\\s)[^\\s\"&,;]+");
    private static final Pattern KEY_LIKE = Pattern.compile(
            "\\b(?:sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
                    + "|xox[a-z]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{5,})");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}\\u2028\\u2029\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]+");
    /** Like {@link #CONTROL} but keeps newlines and tabs, for multi-line texts. */
    private static final Pattern CONTROL_BUT_LINES = Pattern.compile(
            "[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F\\u2028\\u2029\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]+");

    private Redactor() {}

    /** Redacts and caps at {@link #DEFAULT_MAX_BYTES}. */
    public static String redact(String text) {
        return redact(text, DEFAULT_MAX_BYTES);
    }

    /** Redacts a one-line message (control characters, newlines included, become spaces) and caps it. */
    public static String redact(String text, int maxBytes) {
        if (text == null) {
            return "";
        }
        return cap(CONTROL.matcher(secrets(text)).replaceAll(" ").strip(), maxBytes);
    }

    /**
     * Redacts a multi-line text such as a tool's error result or a stderr excerpt: like
     * {@link #redact(String, int)}, but newlines and tabs stay ({@code \r\n} becomes {@code \n}).
     */
    public static String redactLines(String text, int maxBytes) {
        if (text == null) {
            return "";
        }
        String s = secrets(text.replace("\r\n", "\n"));
        return cap(CONTROL_BUT_LINES.matcher(s).replaceAll(" ").strip(), maxBytes);
    }

    private static String secrets(String text) {
        String s = URL_USERINFO.matcher(text).replaceAll("$1" + MASK + "@");
        s = AUTH_SCHEME.matcher(s).replaceAll("$1 " + MASK);
        s = TOKEN_SCHEME.matcher(s).replaceAll("$1 " + MASK);
        s = KEY_LIKE.matcher(s).replaceAll(MASK);
        return SECRET_ASSIGNMENT.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK));
    }

    /** Cuts {@code text} to at most {@code maxBytes} UTF-8 bytes on a code point boundary, marking the cut. */
    public static String cap(String text, int maxBytes) {
        if (text.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
            return text;
        }
        String ellipsis = "…";
        int budget = maxBytes - ellipsis.getBytes(StandardCharsets.UTF_8).length;
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (used + len > budget) {
                break;
            }
            out.appendCodePoint(cp);
            used += len;
            i += Character.charCount(cp);
        }
        return out.append(ellipsis).toString();
    }
}
