package dev.tether.config.policy;

/**
 * The managed policy's one glob syntax: {@code *} matches any run of characters, everything else
 * itself. Matched with the classic two-pointer walk (no regular expression), so a rule with many
 * stars costs time linear in the subject for each star, never an exponential backtrack.
 */
final class Wildcard {
    private Wildcard() {}

    /** Whether {@code glob} matches all of {@code subject}, letter case ignored when {@code ignoreCase}. */
    static boolean matches(String glob, String subject, boolean ignoreCase) {
        int g = 0;
        int s = 0;
        int star = -1;
        int resume = 0;
        while (s < subject.length()) {
            if (g < glob.length() && glob.charAt(g) == '*') {
                star = g++;
                resume = s;
            } else if (g < glob.length() && same(glob.charAt(g), subject.charAt(s), ignoreCase)) {
                g++;
                s++;
            } else if (star >= 0) {
                g = star + 1;
                s = ++resume;
            } else {
                return false;
            }
        }
        while (g < glob.length() && glob.charAt(g) == '*') {
            g++;
        }
        return g == glob.length();
    }

    private static boolean same(char a, char b, boolean ignoreCase) {
        return a == b || ignoreCase && Character.toLowerCase(a) == Character.toLowerCase(b);
    }
}
