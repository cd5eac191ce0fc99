package dev.tether.http;

/** Text made safe for an HTML page Tether serves, as element text or a quoted attribute value. */
public final class Html {
    private Html() {}

    /**
     * Escapes {@code &}, {@code <}, {@code >}, {@code "} and {@code '}; control characters other
     * than newline and tab become spaces. Null becomes "".
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\n', '\t' -> out.appendCodePoint(c);
                default -> {
                    if (Character.isISOControl(c)) {
                        out.append(' ');
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
