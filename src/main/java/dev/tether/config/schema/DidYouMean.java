package dev.tether.config.schema;

import java.util.Collection;
import java.util.Locale;

/**
 * The known word a mistyped one was most likely meant to be, by edit distance (insertions,
 * deletions, substitutions and swaps of neighbours each count one), or null when none is close:
 * at most one edit for a short word, a third of its length for a longer one, and a word
 * that differs only in case always matches.
 */
public final class DidYouMean {
    private DidYouMean() {}

    public static String suggest(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            if (candidate.equalsIgnoreCase(typed)) {
                return candidate;
            }
            int distance = distance(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int allowed = Math.max(1, Math.min(typed.length(), best == null ? 0 : best.length()) / 3);
        return best != null && bestDistance <= allowed ? best : null;
    }

    /** " (did you mean \"x\"?)" for a close word, else "". */
    public static String hint(String typed, Collection<String> known) {
        String suggestion = suggest(typed, known);
        return suggestion == null ? "" : "; did you mean \"" + suggestion + "\"?";
    }

    /** Optimal string alignment distance. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
