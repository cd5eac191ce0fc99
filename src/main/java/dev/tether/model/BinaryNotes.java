package dev.tether.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * What a model reads in place of binary content it cannot take: a note with the type, the size
 * and a sha256, so it can still say what was there and tell two attachments apart. The one rule
 * for images lives here, for prompts, prompt commands and tool results alike.
 */
public final class BinaryNotes {
    private BinaryNotes() {}

    /** {@code parts} as a model reads them: unchanged if it takes images, else each image as its note. */
    public static List<Part> forModel(List<Part> parts, boolean acceptsImages) {
        if (acceptsImages || parts.stream().noneMatch(Part.Image.class::isInstance)) {
            return parts;
        }
        return parts.stream().map(p -> p instanceof Part.Image image ? image(image) : p).toList();
    }

    /** What a model that takes no images reads instead of one. */
    public static Part.Text image(Part.Image image) {
        return new Part.Text("[Image not shown: this model does not take images (" + image.mimeType() + ", "
                + size(image.base64()) + ", sha256 " + sha256(image.base64()) + ")]");
    }

    /** The decoded size of base64 data, as "N bytes", or "no data". */
    public static String size(String base64) {
        if (base64 == null) {
            return "no data";
        }
        long bytes = (long) base64.length() * 3 / 4;
        return bytes + " bytes";
    }

    /** The hex sha256 of base64 data (of its text when it is not valid base64), or "-" for none. */
    public static String sha256(String base64) {
        if (base64 == null) {
            return "-";
        }
        try {
            byte[] data;
            try {
                data = Base64.getDecoder().decode(base64);
            } catch (IllegalArgumentException e) {
                data = base64.getBytes(StandardCharsets.UTF_8);
            }
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
