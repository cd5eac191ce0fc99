package dev.tether.tools.builtin;

/**
 * Text for {@link java.util.regex.Matcher} that checks a {@link SearchBudget} every few thousand
 * character reads. The JDK's regex engine has no timeout and ignores interrupts, but it reads
 * its input only through {@link #charAt}, so this is where a runaway match can be stopped.
 */
public final class GuardedText implements CharSequence {
    /** Reads between two checks: the check costs a clock read, the match must stay fast. */
    private static final int CHECK_EVERY = 4096;

    private final CharSequence text;
    private final SearchBudget budget;
    private int reads;

    public GuardedText(CharSequence text, SearchBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    @Override
    public char charAt(int index) {
        if (++reads == CHECK_EVERY) {
            reads = 0;
            budget.check();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new GuardedText(text.subSequence(start, end), budget);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
