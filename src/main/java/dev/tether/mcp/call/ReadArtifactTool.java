package dev.tether.mcp.call;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.security.Redactor;
import dev.tether.security.SecretCuts;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.builtin.GuardedText;
import dev.tether.tools.builtin.SearchBudget;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.channels.Channels;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * {@code read_artifact {id, offset?, limit?, pattern?}}: reads on in a result that was too large
 * to keep inline. Lines are numbered as {@link ArtifactLines} does (from 1; a line longer than
 * 2,000 characters continues on the next number), and a page is bounded like a result. With a
 * {@code pattern} (a Java regular expression, matched with the search tool's deadline and stack
 * guards) it lists the matching lines with their numbers. Read-only, never asked about, and
 * confined to the session's own {@link ArtifactStore}: anything but an id of this session's
 * store — another session's id, a path, a link — is "no such artifact". A binary artifact is
 * described (provenance and size), never shown.
 *
 * <p>The artifact's text is masked as it is read ({@link SecretCuts#reader}), before it is wrapped
 * into lines, matched or clipped: a known secret is the marker however the wrap, a page or a
 * match's clip falls, and a pattern cannot tell by matching or not how a secret goes on.
 * Artifacts are masked when written already; reading masks again for secrets learnt since.
 */
public final class ReadArtifactTool implements Tool {
    public static final String NAME = "read_artifact";
    public static final int DEFAULT_LIMIT = 400;
    public static final int MAX_MATCHES = 200;
    static final int MAX_MATCH_CHARS = 300;
    /** Named default: how long one pattern search may run. */
    public static final Duration PATTERN_TIME_LIMIT = Duration.ofSeconds(10);
    private static final Pattern ID = Pattern.compile("(?:artifact:)?([0-9a-f]{32})");
    private static final int BINARY_PROBE_BYTES = 8192;
    private static final ToolTraits TRAITS = ToolTraits.builtin(ToolKind.READ, ToolTraits.Category.READ);

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Read a large tool or resource result that was cut short: its artifact id is shown where the result stops. "
                    + "Returns numbered lines (lines longer than " + ArtifactLines.WIDTH + " characters continue on the next "
                    + "number), bounded in size, and says how to read on. With pattern, returns only the matching lines.",
            Json.parse("""
                    {"type":"object","properties":{
                      "id":{"type":"string","description":"The artifact id exactly as shown, e.g. artifact:0123abcd… (the prefix is optional)"},
                      "offset":{"type":"integer","minimum":1,"description":"Line number to start at (1-based line offset; default 1)"},
                      "limit":{"type":"integer","minimum":1,"description":"How many lines to return at most (line count; default 400; the result is also cut at the inline size bound)"},
                      "pattern":{"type":"string","description":"Java regular expression (not a literal: escape . ( [ etc.); returns matching lines with their line numbers, from offset on"}},
                     "required":["id"],"additionalProperties":false}"""));

    private final ArtifactStore store;
    private final int budget;
    private final Duration patternTimeLimit;
    private final SecretCuts cuts;

    /** @param budget the most characters one answer holds (the inline bound of results) */
    public ReadArtifactTool(ArtifactStore store, int budget) {
        this(store, budget, SecretCuts.none());
    }

    /** @param cuts masks the known secrets in the artifact's text before it is wrapped, matched or cut */
    public ReadArtifactTool(ArtifactStore store, int budget, SecretCuts cuts) {
        this(store, budget, PATTERN_TIME_LIMIT, cuts);
    }

    /** @param patternTimeLimit how long one pattern search may run (short in tests) */
    public ReadArtifactTool(ArtifactStore store, int budget, Duration patternTimeLimit) {
        this(store, budget, patternTimeLimit, SecretCuts.none());
    }

    private ReadArtifactTool(ArtifactStore store, int budget, Duration patternTimeLimit, SecretCuts cuts) {
        this.store = store;
        this.budget = budget;
        this.patternTimeLimit = patternTimeLimit;
        this.cuts = cuts;
    }

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return TRAITS;
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        String id = input == null ? "" : shown(input.path("id").asString(""));
        String pattern = input == null ? null : input.path("pattern").asString(null);
        return ToolCallView.of(pattern == null ? "Read " + id : "Search " + id + " for `" + shown(pattern) + "`", ToolKind.READ);
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        JsonNode in = input == null ? Json.object() : input;
        String given = in.path("id").asString("");
        var id = ID.matcher(given.strip());
        Path file = id.matches() ? store.file(id.group(1)) : null;
        if (file == null) {
            throw new ToolError.TellModel("read_artifact: no such artifact \"" + shown(given) + "\" in this session. "
                    + "Use an id exactly as a cut-short result shows it: artifact: and 32 hex digits.");
        }
        long offset = number(in, "offset", 1);
        long limit = number(in, "limit", DEFAULT_LIMIT);
        String name = "artifact:" + id.group(1);
        Provenance provenance = store.provenance(id.group(1));
        try {
            if ((provenance != null && provenance.binary()) || binary(file)) {
                return ToolOutcome.text(name + " is binary data (" + (provenance == null ? "unknown source" : provenance.describe())
                        + "), " + Files.size(file) + " bytes; it cannot be shown as text.");
            }
            Pattern pattern = in.hasNonNull("pattern") ? compile(in.path("pattern").asString("")) : null;
            String from = name + (provenance == null ? "" : " (" + provenance.describe() + ")");
            return ToolOutcome.text(pattern == null ? page(file, from, offset, limit)
                    : matches(file, from, pattern, offset, limit, context));
        } catch (IOException e) {
            throw new ToolError.TellModel("read_artifact: " + name + " could not be read");
        }
    }

    private String page(Path file, String from, long offset, long limit) throws IOException {
        StringBuilder out = new StringBuilder();
        long[] last = {offset - 1};
        long[] total = {0};
        boolean[] full = {false};
        try (Reader reader = open(file)) {
            ArtifactLines.read(reader, (number, line) -> {
                total[0] = number;
                if (number < offset || full[0]) {
                    return true; // keep counting to the end: the model learns how long it is
                }
                String shown = number + ": " + cuts.clean(line) + "\n";
                if (number >= offset + limit || (out.length() + shown.length() > budget && last[0] >= offset)) {
                    full[0] = true;
                    return true;
                }
                out.append(shown);
                last[0] = number;
                return true;
            });
        }
        if (offset > total[0]) {
            return from + " has " + total[0] + " lines; offset " + offset + " is past its end.";
        }
        String head = from + ", lines " + offset + "–" + last[0] + " of " + total[0] + ":\n";
        String tail = last[0] < total[0]
                ? "[more remains: call read_artifact with offset " + (last[0] + 1) + " to read on]"
                : "[end of the artifact]";
        return head + out + tail;
    }

    private String matches(Path file, String from, Pattern pattern, long offset, long limit, ToolContext context)
            throws IOException, ToolError.TellModel {
        StringBuilder out = new StringBuilder();
        SearchBudget deadline = new SearchBudget(patternTimeLimit, context.cancellation());
        int max = (int) Math.min(limit, MAX_MATCHES);
        int[] found = {0};
        long[] stoppedAt = {0};
        try (Reader reader = open(file)) {
            ArtifactLines.read(reader, (number, line) -> {
                if (number < offset) {
                    return true;
                }
                deadline.check();
                if (pattern.matcher(new GuardedText(line, deadline)).find()) {
                    String shown = number + ": " + clip(cuts.clean(line)) + "\n";
                    if (found[0] == max || out.length() + shown.length() > budget) {
                        stoppedAt[0] = number;
                        return false;
                    }
                    out.append(shown);
                    found[0]++;
                }
                return true;
            });
        } catch (SearchBudget.Expired e) {
            return from + ": " + found[0] + " matching lines before the search stopped at its time limit ("
                    + patternTimeLimit.toMillis() + " ms; the pattern may backtrack catastrophically, as nested quantifiers "
                    + "such as (a+)+ do: simplify it):\n" + out;
        } catch (StackOverflowError e) {
            throw new ToolError.TellModel("read_artifact: the regular expression recursed too deeply; simplify it "
                    + "(avoid repeating alternations such as (a|b)*, use possessive quantifiers)");
        }
        if (found[0] == 0) {
            return "No lines of " + from + " from line " + offset + " on match " + shown(pattern.pattern()) + ".";
        }
        String tail = stoppedAt[0] > 0
                ? "[more matches: call read_artifact with the same pattern and offset " + stoppedAt[0] + "]"
                : "[no more matches]";
        return from + ", " + found[0] + " matching lines:\n" + out + tail;
    }

    private static Pattern compile(String text) throws ToolError.TellModel {
        try {
            return Pattern.compile(text);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new ToolError.TellModel("read_artifact: invalid regular expression: " + e.getDescription()
                    + " near index " + e.getIndex());
        } catch (StackOverflowError e) {
            throw new ToolError.TellModel("read_artifact: the regular expression is nested too deeply to compile; simplify it");
        }
    }

    private static long number(JsonNode in, String field, long fallback) throws ToolError.TellModel {
        JsonNode value = in.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToLong() || value.asLong() < 1) {
            throw new ToolError.TellModel("read_artifact: " + field + " must be a whole number of lines, at least 1");
        }
        return value.asLong();
    }

    /** Opened without following a link, masked as it is read; bytes that are not UTF-8 become U+FFFD. */
    private Reader open(Path file) throws IOException {
        InputStream in = Channels.newInputStream(Files.newByteChannel(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)));
        return cuts.reader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)));
    }

    private static boolean binary(Path file) throws IOException {
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)))) {
            for (byte b : in.readNBytes(BINARY_PROBE_BYTES)) {
                if (b == 0) {
                    return true;
                }
            }
            return false;
        }
    }

    private String clip(String line) {
        return line.length() <= MAX_MATCH_CHARS ? line : cuts.head(line, MAX_MATCH_CHARS) + "…";
    }

    /** Model text echoed back: one short line. */
    private static String shown(String text) {
        return Redactor.cap(UnicodeSanitizer.clean(text).replaceAll("[\\r\\n\\t]+", " "), 120);
    }
}
