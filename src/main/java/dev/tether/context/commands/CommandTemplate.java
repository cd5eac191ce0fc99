package dev.tether.context.commands;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts a command's arguments into its body, as Claude Code's command files take them:
 * {@code $ARGUMENTS} is everything the user typed after the command, {@code $1} … {@code $9} its
 * words (quotes group words; a missing one is empty). A body with neither gets the arguments
 * appended on a line of their own, so nothing the user typed is lost.
 */
public final class CommandTemplate {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$(ARGUMENTS|[1-9])");

    private CommandTemplate() {}

    /**
     * @param raw   everything after the command name, as typed (stripped)
     * @param words the same split into words
     */
    public static String expand(String body, String raw, List<String> words) {
        Matcher m = PLACEHOLDER.matcher(body);
        if (!m.find()) {
            return raw.isEmpty() ? body : body.stripTrailing() + "\n\nARGUMENTS: " + raw;
        }
        m.reset();
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value;
            if (m.group(1).equals("ARGUMENTS")) {
                value = raw;
            } else {
                int index = Integer.parseInt(m.group(1)) - 1;
                value = index < words.size() ? words.get(index) : "";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
