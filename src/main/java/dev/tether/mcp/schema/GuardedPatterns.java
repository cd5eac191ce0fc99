package dev.tether.mcp.schema;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import com.networknt.schema.regex.RegularExpressions;
import dev.tether.base.Cancellation;
import dev.tether.tools.builtin.GuardedText;
import dev.tether.tools.builtin.SearchBudget;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The regular expressions of a schema's {@code pattern} and {@code patternProperties}, matched
 * through {@link GuardedText} against the budget of the validation under way on this thread: a
 * server's pattern that backtracks catastrophically ({@code (a+)+\1b}) stops at the budget
 * instead of holding the call for ever. The JDK engine reads the text only through
 * {@code charAt}, which is where the budget is checked.
 */
final class GuardedPatterns implements RegularExpressionFactory {
    static final GuardedPatterns INSTANCE = new GuardedPatterns();
    private static final ThreadLocal<SearchBudget> CURRENT = new ThreadLocal<>();
    /** For a match outside {@link #within}: one match, one second. */
    private static final Duration DEFAULT_LIMIT = Duration.ofSeconds(1);

    private GuardedPatterns() {}

    /** Runs {@code validation} with {@code limit} for all the pattern matches it makes on this thread. */
    static <T> T within(Duration limit, Supplier<T> validation) {
        SearchBudget previous = CURRENT.get();
        CURRENT.set(new SearchBudget(limit, Cancellation.root()));
        try {
            return validation.get();
        } finally {
            CURRENT.set(previous);
        }
    }

    @Override
    public RegularExpression getRegularExpression(String regex) {
        // The same ECMA-262 adjustments networknt's own JDK engine makes ($ ends the input, long property names).
        Pattern pattern = Pattern.compile(RegularExpressions.replaceLongformCharacterProperties(
                RegularExpressions.replaceDollarAnchors(regex)));
        return text -> {
            SearchBudget budget = CURRENT.get();
            CharSequence input = new GuardedText(text, budget != null ? budget : new SearchBudget(DEFAULT_LIMIT, Cancellation.root()));
            // JSON Schema patterns are not anchored: a match anywhere counts (ECMA-262 semantics).
            return pattern.matcher(input).find();
        };
    }
}
