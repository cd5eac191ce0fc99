package dev.tether.session.commands;

import dev.tether.model.BinaryNotes;
import dev.tether.model.Part;
import dev.tether.security.SecretCuts;
import dev.tether.session.api.PromptBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Prompt content → model parts. Binary content the model cannot take becomes provenance text; an
 * embedded text past its bound is masked before it is cut, so a key the cut would split in an
 * attached file shows as the marker.
 */
public final class PromptContent {
    /** Embedded text resources past this size are cut, with a note. */
    static final int MAX_EMBEDDED_CHARS = 200_000;

    private PromptContent() {}

    static List<Part> toParts(List<PromptBlock> blocks, boolean acceptsImages, SecretCuts cuts) {
        List<Part> parts = new ArrayList<>();
        for (PromptBlock block : blocks) {
            parts.add(switch (block) {
                case PromptBlock.Text t -> new Part.Text(t.text());
                case PromptBlock.Image i -> acceptsImages && i.data() != null
                        ? new Part.Image(i.mimeType(), i.data())
                        : BinaryNotes.image(new Part.Image(i.mimeType(), i.data()));
                case PromptBlock.Audio a -> new Part.Text("[Audio not shown: " + a.mimeType() + ", " + BinaryNotes.size(a.data()) + "]");
                case PromptBlock.ResourceLink l -> new Part.Text("[Resource: " + (l.name() == null ? l.uri() : l.name() + " <" + l.uri() + ">") + "]");
                case PromptBlock.Resource r -> embedded(r.resource(), cuts);
            });
        }
        return parts;
    }

    private static Part embedded(PromptBlock.Embedded resource, SecretCuts cuts) {
        if (resource == null) {
            return new Part.Text("[Empty resource]");
        }
        if (resource.text() != null) {
            String text = resource.text();
            String note = "";
            if (text.length() > MAX_EMBEDDED_CHARS) {
                text = cuts.head(text, MAX_EMBEDDED_CHARS);
                note = "\n[cut: " + resource.text().length() + " characters in all]";
            }
            return new Part.Text("<resource uri=\"" + resource.uri() + "\">\n" + text + note + "\n</resource>");
        }
        return new Part.Text("[Binary resource " + resource.uri() + ": " + (resource.mimeType() == null ? "unknown type" : resource.mimeType())
                + ", " + BinaryNotes.size(resource.blob()) + ", sha256 " + BinaryNotes.sha256(resource.blob()) + "]");
    }

    /** A short title for the session from its first prompt. */
    public static String title(List<PromptBlock> blocks) {
        for (PromptBlock block : blocks) {
            if (block instanceof PromptBlock.Text t && !t.text().isBlank()) {
                String line = t.text().strip().lines().findFirst().orElse("").strip();
                return line.length() > 80 ? line.substring(0, 79) + "…" : line;
            }
        }
        return null;
    }
}
