package dev.tether.mcp.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.ValidationLimitExceededException;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.builtin.SearchBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One JSON Schema from an MCP server (a tool's output schema, an elicitation form), as
 * Tether checks values against it with networknt: compiled once, on first use, in the dialect its
 * {@code $schema} names (draft-04 to 2020-12; none or an unknown one reads as 2020-12, without
 * loading the unknown meta-schema). Everything 2020-12 offers works — {@code $defs} and
 * same-document {@code $ref}, {@code $anchor}, {@code $dynamicRef}, {@code prefixItems},
 * {@code unevaluatedProperties}, {@code dependentSchemas}, {@code if}/{@code then}/{@code else} —
 * and the schema itself is never rewritten. Nothing is ever loaded from outside the document: a
 * {@code $ref} to an http(s), file or classpath address is not fetched (only the meta-schemas
 * bundled with networknt resolve), and a value that reaches such a reference is
 * {@link Verdict.Unchecked}. Evaluation is bounded: {@link #MAX_DEPTH} nested evaluations (a
 * cyclic {@code $ref}), {@link #MAX_STEPS} steps, and {@link #PATTERN_TIME} for all pattern matches
 * of one check; past a bound, or on any failure inside the validator, the verdict is
 * {@code Unchecked}. Thread-safe.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/draft/basic/index#json-schema-usage">MCP: JSON Schema usage</a>
 */
public final class SchemaCheck {
    /** Nested evaluations; a cyclic {@code $ref} would otherwise recurse until the stack overflows. */
    public static final int MAX_DEPTH = 256;
    /** Keyword evaluations of one check. */
    public static final long MAX_STEPS = 500_000;
    /** All pattern matches of one check together. */
    public static final Duration PATTERN_TIME = Duration.ofSeconds(1);
    public static final int MAX_PROBLEMS = 20;
    private static final int MAX_PROBLEM_BYTES = 300;

    private final JsonNode schema;
    private Schema compiled;
    private String compileError;

    /** @param schema an already sanitised and size-bounded schema (an object or a boolean) */
    public SchemaCheck(JsonNode schema) {
        this.schema = schema;
    }

    /** The schema as given. */
    public JsonNode schema() {
        return schema;
    }

    /** Whether {@code instance} fits the schema; never throws. */
    public Verdict check(JsonNode instance) {
        Schema validator = compiled();
        if (validator == null) {
            return new Verdict.Unchecked("the schema could not be compiled: " + compileError);
        }
        List<Error> errors;
        try {
            errors = GuardedPatterns.within(PATTERN_TIME, () -> validator.validate(instance,
                    context -> context.executionConfig(config -> config.maxEvaluationDepth(MAX_DEPTH).maxEvaluationSteps(MAX_STEPS))));
        } catch (ValidationLimitExceededException e) {
            return new Verdict.Unchecked("the schema is too deep or too costly to evaluate (" + e.getLimitKind().name()
                    .toLowerCase(Locale.ROOT).replace('_', ' ') + " limit)");
        } catch (SearchBudget.Expired e) {
            return new Verdict.Unchecked("a pattern of the schema took longer than " + PATTERN_TIME.toMillis() + " ms");
        } catch (SchemaException e) {
            return new Verdict.Unchecked("the schema refers to something outside itself, which is never loaded: " + shown(e));
        } catch (RuntimeException | StackOverflowError e) {
            return new Verdict.Unchecked("the schema could not be evaluated: " + shown(e));
        }
        if (errors.isEmpty()) {
            return new Verdict.Valid();
        }
        List<String> problems = new ArrayList<>();
        for (Error error : errors) {
            if (problems.size() == MAX_PROBLEMS) {
                problems.add("and " + (errors.size() - MAX_PROBLEMS) + " more");
                break;
            }
            problems.add(Redactor.redact(UnicodeSanitizer.clean(error.toString()), MAX_PROBLEM_BYTES));
        }
        return new Verdict.Invalid(problems);
    }

    private synchronized Schema compiled() {
        if (compiled == null && compileError == null) {
            try {
                JsonNode source = schema;
                SpecificationVersion dialect = dialect(schema);
                if (schema.isObject() && schema.has("$schema") && dialect == null) {
                    // An unknown meta-schema would have to be loaded; read the schema as 2020-12 instead.
                    source = schema.deepCopy();
                    ((ObjectNode) source).remove("$schema");
                }
                compiled = registry(dialect == null ? SpecificationVersion.DRAFT_2020_12 : dialect).getSchema(source);
            } catch (RuntimeException | StackOverflowError e) {
                compileError = shown(e);
            }
        }
        return compiled;
    }

    private static SchemaRegistry registry(SpecificationVersion dialect) {
        return SchemaRegistry.withDefaultDialect(dialect, builder -> builder
                .schemaRegistryConfig(SchemaRegistryConfig.builder().regularExpressionFactory(GuardedPatterns.INSTANCE).build())
                .schemaLoader(loader -> loader.fetchRemoteResources(false).block(SchemaCheck::outside)));
    }

    /** Anything but the JSON Schema meta-schemas networknt carries in its own jar. */
    private static boolean outside(com.networknt.schema.AbsoluteIri iri) {
        String text = iri.toString();
        return !(text.startsWith("https://json-schema.org/") || text.startsWith("http://json-schema.org/"));
    }

    private static SpecificationVersion dialect(JsonNode schema) {
        JsonNode declared = schema.isObject() ? schema.get("$schema") : null;
        if (declared == null || !declared.isString()) {
            return null;
        }
        String id = bare(declared.asString());
        for (SpecificationVersion version : SpecificationVersion.values()) {
            if (bare(version.getDialectId()).equals(id)) {
                return version;
            }
        }
        return null;
    }

    private static String bare(String id) {
        return id.replaceFirst("^https?://", "").replaceFirst("#$", "");
    }

    private static String shown(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return Redactor.redact(UnicodeSanitizer.clean(message), MAX_PROBLEM_BYTES);
    }
}
