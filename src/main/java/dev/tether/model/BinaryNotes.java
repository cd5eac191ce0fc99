package dev.tether.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * What a model reads in place of binary content it cannot take: a note with the type, the size
 * and a sha256, so it can still say what was there and tell two attachments apart. The one rule
 * for images lives here, for prompts, prompt commands and tool results alike.
 */
public final class BinaryNotes {
    /** Named default: images one model request carries at most; older ones are sent as their notes. */
    public static final int MAX_IMAGES_PER_REQUEST = 20;
    /** Named default: base64 characters of images one request carries at most (the Anthropic API takes 32 MB a request). */
    public static final long MAX_IMAGE_CHARS_PER_REQUEST = 20_000_000;

    private BinaryNotes() {}

    /**
     * {@code messages} with at most {@link #MAX_IMAGES_PER_REQUEST} images of at most
     * {@link #MAX_IMAGE_CHARS_PER_REQUEST} base64 characters in all: the newest are kept, each older
     * image (in a message or a tool result) is sent as a note saying what it was. The conversation
     * itself keeps them all.
     */
    public static List<ModelMessage> withinImageBudget(List<ModelMessage> messages) {
        ImageBudget budget = new ImageBudget();
        List<ModelMessage> out = new ArrayList<>(messages);
        for (int m = out.size() - 1; m >= 0; m--) {
            List<Part> parts = budget.newestFirst(out.get(m).parts());
            if (parts != null) {
                out.set(m, new ModelMessage(out.get(m).role(), parts));
            }
        }
        return out;
    }

    /** Counts images from the newest back, and turns those past the budget into notes. */
    private static final class ImageBudget {
        private int images;
        private long chars;

        /** {@code parts} with the images past the budget as notes, or null when none was. */
        List<Part> newestFirst(List<Part> parts) {
            List<Part> out = new ArrayList<>(parts);
            boolean changed = false;
            for (int p = out.size() - 1; p >= 0; p--) {
                switch (out.get(p)) {
                    case Part.Image image when !fits(image) -> {
                        out.set(p, dropped(image));
                        changed = true;
                    }
                    case Part.ToolResult result -> {
                        List<Part> content = newestFirst(result.content());
                        if (content != null) {
                            out.set(p, new Part.ToolResult(result.toolUseId(), content, result.isError()));
                            changed = true;
                        }
                    }
                    default -> { }
                }
            }
            return changed ? out : null;
        }

        /** Whether the image still fits; counts it when it does. */
        private boolean fits(Part.Image image) {
            long size = image.base64() == null ? 0 : image.base64().length();
            if (images >= MAX_IMAGES_PER_REQUEST || chars + size > MAX_IMAGE_CHARS_PER_REQUEST) {
                return false;
            }
            images++;
            chars += size;
            return true;
        }
    }

    /** What the model reads for an image a request leaves out to stay within its budget. */
    static Part.Text dropped(Part.Image image) {
        return new Part.Text("[Earlier image not sent again, to keep the request small (" + image.mimeType() + ", "
                + size(image.base64()) + ", sha256 " + sha256(image.base64()) + "); read it again to look at it]");
    }

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
