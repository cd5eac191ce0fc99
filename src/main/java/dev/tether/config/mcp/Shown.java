package dev.tether.config.mcp;

/**
 * Values from files Tether does not control (a workspace {@code .mcp.json}) made safe to print in
 * a warning: control and invisible format characters become {@code ?}, and the text is capped.
 */
final class Shown {
    /**
     * The most of one warning shown: room for a warning that quotes two servers' command lines
     * (a policy entry refused to an editor's server whose command changed, {@code PolicyGrants}).
     */
    static final int MAX_CHARS = 1000;

    private Shown() {}

    static String clean(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_CHARS));
        text.codePoints().limit(MAX_CHARS).forEach(cp -> {
            int type = Character.getType(cp);
            boolean hidden = type == Character.CONTROL || type == Character.FORMAT || type == Character.PRIVATE_USE
                    || type == Character.UNASSIGNED || type == Character.SURROGATE;
            out.appendCodePoint(hidden ? '?' : cp);
        });
        if (text.codePointCount(0, text.length()) > MAX_CHARS) {
            out.append('…');
        }
        return out.toString();
    }
}
