package dev.tether.mcp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.ToolOutcome;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Turns an MCP tool result into what the model and the editor get. The model's text is bounded
 * (head kept, size and sha256 of the whole appended); binary data never enters model text:
 * small images become image parts, everything else becomes provenance (type, size, sha256).
 */
final class ToolResults {
    private ToolResults() {}

    static ToolOutcome map(McpCallResult result, int maxTextBytes, int maxImageBase64Bytes) {
        List<String> text = new ArrayList<>();
        List<Part> images = new ArrayList<>();
        List<ToolCallContent> editor = new ArrayList<>();
        boolean hasText = false;
        for (McpContent item : result.content()) {
            switch (item) {
                case McpContent.Text t -> {
                    text.add(UnicodeSanitizer.clean(t.text()));
                    hasText = true;
                }
                case McpContent.Image i -> {
                    String mime = mime(i.mimeType(), "image/png");
                    if (i.base64().length() <= maxImageBase64Bytes) {
                        images.add(new Part.Image(mime, i.base64()));
                        editor.add(new ToolCallContent.Content(new ContentBlock.Image(i.base64(), mime, null)));
                    } else {
                        text.add(provenance("image", mime, i.base64()));
                    }
                }
                case McpContent.Audio a -> {
                    String mime = mime(a.mimeType(), "audio/*");
                    text.add(provenance("audio", mime, a.base64()));
                    editor.add(new ToolCallContent.Content(new ContentBlock.Audio(a.base64(), mime)));
                }
                case McpContent.ResourceLink link -> {
                    String label = clean(link.title() != null ? link.title() : link.name());
                    text.add("[resource link: " + (label == null ? "" : label + " ") + "<" + clean(link.uri()) + ">"
                            + (link.mimeType() == null ? "" : " " + clean(link.mimeType())) + "]");
                    editor.add(new ToolCallContent.Content(new ContentBlock.ResourceLink(clean(link.uri()),
                            label == null ? clean(link.uri()) : label, clean(link.title()), clean(link.description()),
                            clean(link.mimeType()), link.size())));
                }
                case McpContent.TextResource r -> {
                    text.add(UnicodeSanitizer.clean(r.text()));
                    hasText = true;
                    editor.add(new ToolCallContent.Content(new ContentBlock.Resource(
                            new ContentBlock.EmbeddedResource(clean(r.uri()), clean(r.mimeType()), UnicodeSanitizer.clean(r.text()), null))));
                }
                case McpContent.BlobResource b ->
                        text.add(provenance("resource " + clean(b.uri()), mime(b.mimeType(), "application/octet-stream"), b.base64()));
                case McpContent.Unknown u -> text.add("[unsupported content type: " + clean(u.type()) + "]");
            }
        }
        if (!hasText && result.structuredContent() != null) {
            text.add(UnicodeSanitizer.clean(Json.write(result.structuredContent())));
        }
        String joined = bound(String.join("\n", text), maxTextBytes);
        List<Part> forModel = new ArrayList<>();
        if (!joined.isEmpty() || images.isEmpty()) {
            forModel.add(new Part.Text(joined.isEmpty() ? "(the tool returned no content)" : joined));
        }
        forModel.addAll(images);
        if (!joined.isEmpty()) {
            editor.addFirst(ToolCallContent.Content.text(joined));
        }
        return new ToolOutcome(forModel, editor, result.structuredContent(), result.isError());
    }

    /** Keeps the head of {@code text} within {@code maxBytes} and says what was cut. */
    static String bound(String text, int maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        int end = maxBytes;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--; // do not split a UTF-8 sequence
        }
        String head = new String(bytes, 0, end, StandardCharsets.UTF_8);
        return head + "\n[output cut: " + bytes.length + " bytes in total, sha256 " + sha256(bytes)
                + "; only the first " + end + " bytes are shown]";
    }

    private static String provenance(String what, String mime, String base64) {
        byte[] data;
        try {
            data = Base64.getMimeDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return "[" + what + ": " + mime + ", invalid base64 data]";
        }
        return "[" + what + ": " + mime + ", " + data.length + " bytes, sha256 " + sha256(data) + "]";
    }

    private static String mime(String mime, String fallback) {
        return mime == null || mime.isBlank() ? fallback : UnicodeSanitizer.clean(mime);
    }

    private static String clean(String s) {
        return UnicodeSanitizer.clean(s);
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
