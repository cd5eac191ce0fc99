package dev.tether.mcp.schema;

import java.util.List;

/**
 * What checking one value against a server's JSON Schema found: it fits, it does not (and why),
 * or the schema could not be used for it (it does not compile, refers outside itself, or its
 * evaluation went past the bounds), which callers treat as "not checked", never as "fits".
 *
 * @see <a href="https://json-schema.org/draft/2020-12/json-schema-core">JSON Schema 2020-12 core</a>
 */
public sealed interface Verdict {
    /** The value fits the schema. */
    record Valid() implements Verdict {}

    /** The value breaks the schema; each problem sanitised, redacted and short, at most a few dozen. */
    record Invalid(List<String> problems) implements Verdict {
        public Invalid {
            problems = List.copyOf(problems);
        }
    }

    /** The schema could not decide; {@code reason} is sanitised and short. */
    record Unchecked(String reason) implements Verdict {}
}
