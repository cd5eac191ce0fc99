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
}
