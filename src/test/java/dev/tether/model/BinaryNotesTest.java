package dev.tether.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Images reach only models that take them; the others read a note saying what the image was. */
class BinaryNotesTest {
    private static final Part.Image PIXEL = new Part.Image("image/png", "AAAA");

    @Test
    void aModelThatTakesImagesGetsThePartsAsTheyAre() {
        List<Part> parts = List.of(new Part.Text("look"), PIXEL);
        assertSame(parts, BinaryNotes.forModel(parts, true));
    }

    @Test
    void aModelThatTakesNoImagesReadsTypeSizeAndHash() {
        assertEquals(List.of(new Part.Text("look"), new Part.Text("[Image not shown: this model does not take images (image/png, 3 bytes, "
                        + "sha256 709e80c88487a2411e1ee4dfb9f22a861492d20c4765150c0c794abd70f8147c)]")),
                BinaryNotes.forModel(List.of(new Part.Text("look"), PIXEL), false));
    }

    @Test
    void missingDataIsSaidSo() {
        assertEquals(new Part.Text("[Image not shown: this model does not take images (image/png, no data, sha256 -)]"),
                BinaryNotes.image(new Part.Image("image/png", null)));
    }

    @Test
    void aRequestCarriesTheNewestTwentyImagesAndNotesForTheOlderOnes() {
        java.util.ArrayList<ModelMessage> messages = new java.util.ArrayList<>();
        for (int i = 0; i < 25; i++) {
            Part.Image image = new Part.Image("image/png", "IMG" + i + "A");
            messages.add(i % 2 == 0 ? ModelMessage.user(List.of(new Part.Text("shot " + i), image))
                    : ModelMessage.user(List.of(new Part.ToolResult("t" + i, List.of(new Part.Text("shot " + i), image), false))));
        }
        List<ModelMessage> sent = BinaryNotes.withinImageBudget(messages);
        java.util.function.Function<ModelMessage, Part> image = m -> m.parts().getFirst() instanceof Part.ToolResult r
                ? r.content().get(1) : m.parts().get(1);
        for (int i = 0; i < 25; i++) {
            Part part = image.apply(sent.get(i));
            if (i < 5) {
                assertEquals(BinaryNotes.dropped((Part.Image) image.apply(messages.get(i))), part, "message " + i);
            } else {
                assertSame(image.apply(messages.get(i)), part, "message " + i);
            }
        }
        assertSame(messages.get(24), sent.get(24), "messages within the budget are the same instances");
    }

    @Test
    void aRequestCarriesNoMoreImageBytesThanTheBudget() {
        String big = "A".repeat((int) (BinaryNotes.MAX_IMAGE_CHARS_PER_REQUEST / 2));
        List<ModelMessage> messages = List.of(ModelMessage.user(List.of(new Part.Image("image/png", big))),
                ModelMessage.user(List.of(new Part.Image("image/png", big))), ModelMessage.user(List.of(new Part.Image("image/png", big))));
        List<ModelMessage> sent = BinaryNotes.withinImageBudget(messages);
        assertEquals(Part.Text.class, sent.get(0).parts().getFirst().getClass(), "the oldest no longer fits");
        assertSame(messages.get(1), sent.get(1));
        assertSame(messages.get(2), sent.get(2));
    }
}
