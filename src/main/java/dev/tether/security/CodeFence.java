package dev.tether.security;

/**
 * A Markdown code block around text that may contain backticks (a command, file content, a
 * server's log): the fence is one backtick longer than the longest run inside, so the text can
 * never close the block early and have the rest rendered as Markdown (links, images, fake
 * prompts) in the editor.
 *
 * @see <a href="https://spec.commonmark.org/0.31.2/#fenced-code-blocks">CommonMark fenced code blocks</a>
 */
public final class CodeFence {
    private CodeFence() {}

    /** {@code text} in a fenced block with the given info string ("" for none). */
    public static String wrap(String text, String info) {
        String fence = "`".repeat(Math.max(3, longestRun(text) + 1));
        return fence + info + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence;
    }

    private static int longestRun(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
