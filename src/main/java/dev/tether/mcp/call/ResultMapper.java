package dev.tether.mcp.call;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.model.Part;
import dev.tether.security.JsonSanitizer;
import dev.tether.security.SecretCuts;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolOutcome;
import dev.tether.jsonrpc.SpilledString;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns an MCP tool result into what the model, the editor and the audit log get.
 *
 * <ul>
 *   <li>Text (text items, embedded text resources, resource links, the structured result) is
 *       sanitised and kept inline up to a budget; past it the model gets the head, the sha256
 *       and size of the whole and an {@code artifact:<id>} — never a path — or, when the
 *       artifact cannot be written, the head and metadata only.</li>
 *   <li>{@code structuredContent} is appended as JSON unless a text item already says the same
 *       ({@link StructuredEcho}: the model gets each result once); it is validated against the
 *       tool's {@code outputSchema}, and a mismatch is recorded in the audit details while the
 *       result still reaches the model.</li>
 *   <li>Binary data never enters model text: images of a known type within the size limit go as
 *       image parts (the session drops them for models without image input); audio, blobs and
 *       every other image become provenance (mime type, size, sha256).</li>
 *   <li>The text of an {@code isError} result is also redacted and capped.</li>
 * </ul>
 *
 * <p>Every cut goes through {@link SecretCuts}: server text is masked before it is sanitised,
 * again after, and only then cut (the inline head, an error's cap, a one-line part), so a known
 * secret is never split into pieces that masking the whole result later would not recognise.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result">MCP tool result</a>
 */
public final class ResultMapper {
    static final Set<String> IMAGE_TYPES = Set.of("image/png", "image/jpeg", "image/gif", "image/webp");
    private static final int MAX_LINE_PART_BYTES = 1024;
    /** Structured results are sanitised as a tree up to this size; larger ones only as text. */
    private static final long MAX_STRUCTURED_TREE = 8L * 1024 * 1024;
    private static final int MAX_STRUCTURED_DEPTH = 64;

    private final ResultLimits limits;
    private final ArtifactStore artifacts;
    private final SecretCuts cuts;

    /** A mapper with no known secrets (tests and tools that hold none). */
    public ResultMapper(ResultLimits limits, ArtifactStore artifacts) {
        this(limits, artifacts, SecretCuts.none());
    }

    /** @param cuts masks the known secrets in server text before anything is cut */
    public ResultMapper(ResultLimits limits, ArtifactStore artifacts, SecretCuts cuts) {
        this.limits = limits;
        this.artifacts = artifacts;
        this.cuts = cuts;
    }

    /** How server text is masked and cut, for the tools that show more of it (read_artifact, errors). */
    public SecretCuts cuts() {
        return cuts;
    }

    /** The session's artifact store, where large results are kept. */
    public ArtifactStore artifacts() {
        return artifacts;
    }

    public ResultLimits limits() {
        return limits;
    }

    /**
     * @param schema the tool's output schema, or null when it declares none
     */
    public ToolOutcome map(McpCallResult result, OutputSchema schema) {
        return map(result, schema, null);
    }

    /**
     * @param schema     the tool's output schema, or null when it declares none
     * @param provenance where the result came from, kept beside its artifact if one is written; null when unknown
     */
    public ToolOutcome map(McpCallResult result, OutputSchema schema, Provenance provenance) {
        Mapping m = new Mapping(result.isError(), provenance);
        try {
            for (McpContent item : result.content()) {
                m.add(item);
            }
            JsonNode structured = result.structuredContent();
            JsonNode cleanStructured = JsonSanitizer.clean(structured, MAX_STRUCTURED_DEPTH, MAX_STRUCTURED_TREE);
            if (structured != null && !m.textHolds(structured)) {
                if (cleanStructured != null) {
                    m.piece(Json.write(cleanStructured));
                } else {
                    m.untrustedText(Json.write(structured)); // too big to copy as a tree: clean it as text
                }
            }
            List<String> problems = schema == null || result.isError() ? List.of()
                    : structured == null ? List.of("structuredContent is missing although the tool declares an outputSchema")
                    : schema.validate(structured);
            return m.outcome(rawOutput(structured, cleanStructured), audit(m, problems, structured, cleanStructured));
        } catch (RuntimeException e) {
            m.text.abandon();
            throw e;
        } finally {
            result.release();
        }
    }

    private JsonNode rawOutput(JsonNode structured, JsonNode clean) {
        if (structured == null) {
            return null;
        }
        int size = clean == null ? Integer.MAX_VALUE : utf8Length(Json.write(clean));
        if (size <= limits.rawOutputBytes()) {
            return clean;
        }
        ObjectNode note = Json.object();
        note.put("note", "the structured result is too large to show here; the model received it as text");
        return note;
    }

    private ObjectNode audit(Mapping m, List<String> problems, JsonNode structured, JsonNode clean) {
        ObjectNode audit = Json.object();
        problems.forEach(audit.putArray("validationErrors")::add);
        if (structured == null) {
            audit.putNull("structuredResult");
        } else {
            String json = clean != null ? Json.write(clean) : UnicodeSanitizer.clean(Json.write(structured));
            if (clean != null && utf8Length(json) <= limits.auditBytes()) {
                audit.set("structuredResult", clean);
            } else {
                audit.put("structuredResult", cuts.cap(json, limits.auditBytes()));
            }
        }
        audit.put("isError", m.isError);
        m.types.forEach(audit.putArray("contentTypes")::add);
        return audit;
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The state of mapping one result. */
    private final class Mapping {
        final boolean isError;
        final BoundedText text;
        final List<Part> images = new ArrayList<>();
        final List<ToolDisplay> editor = new ArrayList<>();
        final List<String> types = new ArrayList<>();
        final List<String> rawTexts = new ArrayList<>();
        final List<SpilledString> rawSpilled = new ArrayList<>();

        Mapping(boolean isError, Provenance provenance) {
            this.isError = isError;
            this.text = new BoundedText(limits.inlineTextChars(), artifacts, provenance, cuts);
        }

        void add(McpContent item) {
            switch (item) {
                case McpContent.Text t -> {
                    types.add("text");
                    rawTexts.add(t.text());
                    untrustedText(t.text());
                }
                case McpContent.SpilledText t -> {
                    types.add("text");
                    rawSpilled.add(t.text());
                    untrustedText(t.text());
                }
                case McpContent.Image i -> {
                    types.add("image");
                    image(i);
                }
                case McpContent.Audio a -> {
                    types.add("audio");
                    String mime = mime(a.mimeType(), "audio/*");
                    Binary data = Binary.measure(a.base64(), limits.maxImageBytes());
                    piece(provenance("audio", mime, data));
                    if (data.canonical() != null) {
                        editor.add(new ToolDisplay.Audio(data.canonical(), mime));
                    }
                }
                case McpContent.ResourceLink link -> {
                    types.add("resource_link");
                    link(link);
                }
                case McpContent.TextResource r -> {
                    types.add("resource");
                    rawTexts.add(r.text());
                    piece("[resource " + line(r.uri()) + (r.mimeType() == null ? "" : " (" + line(r.mimeType()) + ")") + "]");
                    untrustedText(r.text());
                }
                case McpContent.BlobResource b -> {
                    types.add("resource");
                    piece(provenance("resource " + line(b.uri()), mime(b.mimeType(), "application/octet-stream"),
                            Binary.measure(b.base64(), 0)));
                }
                case McpContent.Unknown u -> {
                    types.add(line(u.type()));
                    piece("[unsupported content type: " + line(u.type()) + "]");
                }
            }
        }

        void untrustedText(String raw) {
            separate();
            if (isError) {
                // Error texts often echo requests and environment: redact them like any error.
                String head = cuts.head(raw, 2 * limits.errorTextBytes());
                text.append(cuts.redactLines(head, limits.errorTextBytes()));
            } else {
                // Masked before sanitising too: a key followed by a combining accent is no longer itself once sanitised.
                UnicodeSanitizer.clean(cuts.mask(raw), text::append);
            }
        }

        /** As {@link #untrustedText(String)}, streamed from the file the text was spilled to. */
        void untrustedText(SpilledString spilled) {
            try (Reader in = cuts.reader(spilled.reader())) {
                if (isError) {
                    char[] head = new char[2 * limits.errorTextBytes()];
                    int n = in.read(head, 0, head.length);
                    for (int more; n >= 0 && n < head.length && (more = in.read(head, n, head.length - n)) > 0; ) {
                        n += more;
                    }
                    untrustedText(new String(head, 0, Math.max(n, 0)));
                } else {
                    separate();
                    UnicodeSanitizer.clean(in, text::append);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("a spilled tool result could not be read back", e);
            }
        }

        private void image(McpContent.Image image) {
            String mime = mime(image.mimeType(), "image/png");
            Binary data = Binary.measure(image.base64(), limits.maxImageBytes());
            if (data.valid() && data.canonical() != null && IMAGE_TYPES.contains(mime)) {
                images.add(new Part.Image(mime, data.canonical()));
                editor.add(new ToolDisplay.Image(data.canonical(), mime, null));
            } else {
                piece(provenance("image", mime, data));
            }
        }

        private void link(McpContent.ResourceLink link) {
            String label = link.title() != null ? link.title() : link.name();
            String uri = line(link.uri());
            piece("[resource link: " + (label == null ? "" : line(label) + " ") + "<" + uri + ">"
                    + (link.mimeType() == null ? "" : " " + line(link.mimeType()))
                    + (link.size() == null ? "" : ", " + link.size() + " bytes") + "]");
            if (!webLink(uri)) {
                // A link the editor would open (file:, javascript:, a server's own scheme) stays the text line
                // above, which the editor shows too: URLs from a server are opened by the user alone, and only http(s) ones.
                return;
            }
            editor.add(new ToolDisplay.ResourceLink(uri,
                    label == null ? uri : line(label), link.title() == null ? null : line(link.title()),
                    link.description() == null ? null : line(link.description()),
                    link.mimeType() == null ? null : line(link.mimeType()), link.size()));
        }

        private static boolean webLink(String uri) {
            String lower = uri.toLowerCase(java.util.Locale.ROOT);
            return lower.startsWith("https://") || lower.startsWith("http://");
        }

        void piece(String s) {
            separate();
            text.append(s);
        }

        private void separate() {
            if (!text.isEmpty()) {
                text.append("\n");
            }
        }

        /** Whether a text item already says what {@code structured} says (see {@link StructuredEcho}). */
        boolean textHolds(JsonNode structured) {
            long size = Json.write(structured).length();
            for (String raw : rawTexts) {
                if (StructuredEcho.repeats(raw, structured, size)) {
                    return true;
                }
            }
            for (SpilledString spilled : rawSpilled) {
                // A UTF-16 char takes at most 3 UTF-8 bytes: past this, no need to read the file to know.
                try {
                    if (spilled.bytes() / 3 <= 4 * size + 4096 && StructuredEcho.repeats(spilled.read(), structured, size)) {
                        return true;
                    }
                } catch (IOException e) {
                    // Unreadable: not a duplicate.
                }
            }
            return false;
        }

        ToolOutcome outcome(JsonNode rawOutput, ObjectNode audit) {
            String modelText = text.finish();
            List<Part> forModel = new ArrayList<>();
            if (!modelText.isEmpty() || images.isEmpty()) {
                forModel.add(new Part.Text(modelText.isEmpty() ? "(the tool returned no content)" : modelText));
            }
            forModel.addAll(images);
            List<ToolDisplay> forEditor = new ArrayList<>();
            if (!modelText.isEmpty()) {
                forEditor.add(ToolDisplay.text(modelText));
            }
            forEditor.addAll(editor);
            return new ToolOutcome(forModel, forEditor, rawOutput, isError, audit);
        }
    }

    private String provenance(String what, String mime, Binary data) {
        if (!data.valid()) {
            return "[" + what + ": " + mime + ", invalid base64 data]";
        }
        return "[" + what + ": " + mime + ", " + data.bytes() + " bytes, sha256 " + data.sha256() + "]";
    }

    private String mime(String mime, String fallback) {
        return mime == null || mime.isBlank() ? fallback : line(mime).toLowerCase(java.util.Locale.ROOT);
    }

    /** A short, single-line piece of server text (a URI, a name, a mime type). */
    private String line(String s) {
        return s == null ? "" : cuts.cap(cuts.clean(s).replaceAll("[\\r\\n\\t]+", " ").strip(), MAX_LINE_PART_BYTES);
    }
}
