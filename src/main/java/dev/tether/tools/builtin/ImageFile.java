package dev.tether.tools.builtin;

import dev.tether.model.Part;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A PNG, JPEG, GIF or WebP file in the workspace, read by {@code read_file} for a model that looks
 * at it: known by its first bytes (never by its name), bounded in bytes and in pixels before a byte
 * of it is encoded, and sent as an image block (the session turns it into a note for a model that
 * takes no images). The editor is shown the same image. Anything else binary is not an image here.
 *
 * @see <a href="https://docs.anthropic.com/en/docs/build-with-claude/vision">Anthropic vision: sizes the API takes</a>
 */
public final class ImageFile {
    /** Named default: the largest image file sent; base64 makes it about 5 MB, the Anthropic API's per-image limit. */
    public static final long MAX_BYTES = 3_750_000;
    /** Named default: the longest side, in pixels, the Anthropic API takes. */
    static final int MAX_SIDE = 8000;
    private static final int HEAD = 64 * 1024;

    /** The image types read_file sends, with their MIME types. */
    public enum Kind {
        PNG("image/png"), JPEG("image/jpeg"), GIF("image/gif"), WEBP("image/webp");

        public final String mimeType;

        Kind(String mimeType) {
            this.mimeType = mimeType;
        }
    }

    /** Width and height in pixels. */
    record Size(int width, int height) {}

    private ImageFile() {}

    /** The kind of image whose file starts with {@code head}, or null for anything else. */
    public static Kind sniff(byte[] head) {
        if (starts(head, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return Kind.PNG;
        }
        if (starts(head, 0xFF, 0xD8, 0xFF)) {
            return Kind.JPEG;
        }
        if (starts(head, 'G', 'I', 'F', '8') && head.length > 5 && (head[4] == '7' || head[4] == '9') && head[5] == 'a') {
            return Kind.GIF;
        }
        if (starts(head, 'R', 'I', 'F', 'F') && head.length >= 12 && head[8] == 'W' && head[9] == 'E' && head[10] == 'B' && head[11] == 'P') {
            return Kind.WEBP;
        }
        return null;
    }

    /** The first bytes of a regular file (already checked by the caller), enough to know its kind and size. */
    static byte[] head(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return in.readNBytes(HEAD);
        }
    }

    /**
     * The file as the model's image block and the editor's image. Refuses, with a note the model
     * reads, a file over {@link #MAX_BYTES} or a side over {@link #MAX_SIDE} pixels, and one whose
     * size cannot be read from its header (not a well-formed image).
     */
    static ToolOutcome read(ToolContext context, Path path, Kind kind, byte[] head, String shown) throws ToolError.TellModel {
        long bytes;
        try {
            bytes = Files.size(path);
        } catch (IOException e) {
            throw new ToolError.TellModel("could not read " + shown + ": " + FileAccess.reason(e));
        }
        String type = kind.name();
        if (bytes > MAX_BYTES) {
            throw new ToolError.TellModel(shown + " is a " + type + " image of " + Display.bytes(bytes) + ", larger than the "
                    + Display.bytes(MAX_BYTES) + " an image sent to the model may be; it was not read. Ask the user for a smaller "
                    + "or cropped copy, or describe it from its name and context.");
        }
        Size size = dimensions(kind, head);
        if (size == null) {
            throw new ToolError.TellModel(shown + " starts like a " + type + " image but its size cannot be read; it was not read");
        }
        if (size.width() > MAX_SIDE || size.height() > MAX_SIDE) {
            throw new ToolError.TellModel(shown + " is a " + type + " image of " + size.width() + "×" + size.height()
                    + " pixels, more than the " + MAX_SIDE + " pixels a side the model may be sent; it was not read");
        }
        byte[] data;
        try (InputStream in = Files.newInputStream(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            context.cancellation().throwIfCancelled();
            // Read at most one byte past the bound: a file that grew meanwhile is refused, never sent whole.
            data = in.readNBytes((int) MAX_BYTES + 1);
        } catch (IOException e) {
            throw new ToolError.TellModel("could not read " + shown + ": " + FileAccess.reason(e));
        }
        if (data.length > MAX_BYTES) {
            throw new ToolError.TellModel(shown + " grew past " + Display.bytes(MAX_BYTES) + " while being read");
        }
        String base64 = Base64.getEncoder().encodeToString(data);
        String note = shown + ": " + type + " image, " + size.width() + "×" + size.height() + " pixels, " + Display.bytes(data.length) + ".";
        JsonNode raw = dev.tether.json.Json.object().put("path", path.toString()).put("mimeType", kind.mimeType)
                .put("width", size.width()).put("height", size.height()).put("bytes", data.length);
        return new ToolOutcome(List.of(new Part.Text(note), new Part.Image(kind.mimeType, base64)),
                List.of(ToolDisplay.text(note), new ToolDisplay.Image(base64, kind.mimeType, path.toUri().toString())), raw, false);
    }

    /** The image's size from its header, or null when the header does not say. */
    static Size dimensions(Kind kind, byte[] h) {
        return switch (kind) {
            case PNG -> h.length >= 24 && h[12] == 'I' && h[13] == 'H' && h[14] == 'D' && h[15] == 'R'
                    ? size(be32(h, 16), be32(h, 20)) : null;
            case GIF -> h.length >= 10 ? size(le16(h, 6), le16(h, 8)) : null;
            case JPEG -> jpeg(h);
            case WEBP -> webp(h);
        };
    }

    /** A JPEG's size is in its first start-of-frame segment, after the segments that precede it. */
    private static Size jpeg(byte[] h) {
        int i = 2;
        while (i + 9 < h.length) {
            if ((h[i] & 0xFF) != 0xFF) {
                return null;
            }
            int marker = h[i + 1] & 0xFF;
            if (marker == 0xFF) {
                i++;
                continue;
            }
            int length = be16(h, i + 2);
            boolean frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
            if (frame) {
                return size(be16(h, i + 7), be16(h, i + 5));
            }
            if (length < 2) {
                return null;
            }
            i += 2 + length;
        }
        return null;
    }

    private static Size webp(byte[] h) {
        if (h.length < 30) {
            return null;
        }
        String chunk = new String(h, 12, 4, java.nio.charset.StandardCharsets.US_ASCII);
        return switch (chunk) {
            case "VP8 " -> size(le16(h, 26) & 0x3FFF, le16(h, 28) & 0x3FFF);
            case "VP8L" -> {
                int bits = (h[21] & 0xFF) | (h[22] & 0xFF) << 8 | (h[23] & 0xFF) << 16 | (h[24] & 0xFF) << 24;
                yield size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1);
            }
            case "VP8X" -> size(le24(h, 24) + 1, le24(h, 27) + 1);
            default -> null;
        };
    }

    private static Size size(long width, long height) {
        return width > 0 && height > 0 && width <= Integer.MAX_VALUE && height <= Integer.MAX_VALUE
                ? new Size((int) width, (int) height) : null;
    }

    private static boolean starts(byte[] data, int... prefix) {
        if (data.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((data[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static long be32(byte[] h, int at) {
        return (long) (h[at] & 0xFF) << 24 | (h[at + 1] & 0xFF) << 16 | (h[at + 2] & 0xFF) << 8 | (h[at + 3] & 0xFF);
    }

    private static int be16(byte[] h, int at) {
        return (h[at] & 0xFF) << 8 | (h[at + 1] & 0xFF);
    }

    private static int le16(byte[] h, int at) {
        return (h[at] & 0xFF) | (h[at + 1] & 0xFF) << 8;
    }

    private static int le24(byte[] h, int at) {
        return (h[at] & 0xFF) | (h[at + 1] & 0xFF) << 8 | (h[at + 2] & 0xFF) << 16;
    }
}
