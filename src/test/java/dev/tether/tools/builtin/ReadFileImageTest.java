package dev.tether.tools.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import dev.tether.tools.ToolOutcome;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * read_file of an image: the model gets the image itself (known by its first bytes, whatever the
 * file is called) with a line saying what it is, the editor is shown it too, and what is too big to
 * send is refused with a note the model reads.
 */
class ReadFileImageTest {
    @TempDir
    Path temp;
    ToolHarness h;

    @BeforeEach
    void setUp() {
        h = new ToolHarness(temp);
    }

    static byte[] encode(String format, int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, 0xFF0000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(ImageIO.write(image, format, out), format);
        return out.toByteArray();
    }

    private ToolOutcome read(String path) throws ToolError.TellModel {
        return new ReadFileTool().run(Json.parse("{\"path\":\"" + path + "\"}"), h.context(ToolHarness.LOCAL));
    }

    @Test
    void aPngGoesToTheModelAsAnImageAndToTheEditorToo() throws Exception {
        byte[] png = encode("png", 640, 480);
        Path file = h.root.resolve("shot.png");
        Files.write(file, png);
        ToolOutcome out = read("shot.png");
        String base64 = Base64.getEncoder().encodeToString(png);
        String note = "shot.png: PNG image, 640×480 pixels, " + png.length + " bytes.";
        assertEquals(List.of(new Part.Text(note), new Part.Image("image/png", base64)), out.forModel());
        assertEquals(List.of(ToolDisplay.text(note), new ToolDisplay.Image(base64, "image/png", file.toUri().toString())), out.forEditor());
        assertTrue(h.editor.calls().isEmpty(), "an image is read from disk, never through the editor's text methods");
    }

    @Test
    void jpegGifAndWebpAreKnownByTheirBytesWhateverTheirNames() throws Exception {
        Files.write(h.root.resolve("photo.dat"), encode("jpg", 1200, 800));
        Files.write(h.root.resolve("anim"), encode("gif", 31, 17));
        Files.write(h.root.resolve("pic.webp"), webp(300, 200));
        assertEquals("photo.dat: JPEG image, 1200×800 pixels", note(read("photo.dat")).replaceAll(", [\\d.]+ (bytes|KB)\\.$", ""));
        assertEquals("image/jpeg", ((Part.Image) read("photo.dat").forModel().get(1)).mimeType());
        assertEquals("anim: GIF image, 31×17 pixels", note(read("anim")).replaceAll(", [\\d.]+ (bytes|KB)\\.$", ""));
        assertEquals("pic.webp: WEBP image, 300×200 pixels", note(read("pic.webp")).replaceAll(", [\\d.]+ (bytes|KB)\\.$", ""));
        assertEquals("image/webp", ((Part.Image) read("pic.webp").forModel().get(1)).mimeType());
    }

    @Test
    void aTextFileNamedLikeAnImageIsReadAsText() throws Exception {
        Files.writeString(h.root.resolve("notes.png"), "not really a picture\n");
        assertEquals(List.of(new Part.Text("     1\tnot really a picture\n")), read("notes.png").forModel());
    }

    @Test
    void aTwentyMegabyteImageIsRefusedWithANote() throws Exception {
        Path file = h.root.resolve("huge.png");
        Files.write(file, encode("png", 100, 100));
        try (RandomAccessFile grow = new RandomAccessFile(file.toFile(), "rw")) {
            grow.setLength(20L * 1024 * 1024);
        }
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class, () -> read("huge.png"));
        assertEquals("read_file: huge.png is a PNG image of 20.0 MB, larger than the 3.6 MB an image sent to the model may be; "
                + "it was not read. Ask the user for a smaller or cropped copy, or describe it from its name and context.", refused.getMessage());
    }

    @Test
    void anImageWiderThanTheModelTakesIsRefused() throws Exception {
        Files.write(h.root.resolve("panorama.png"), encode("png", 9000, 10));
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class, () -> read("panorama.png"));
        assertEquals("read_file: panorama.png is a PNG image of 9000×10 pixels, more than the 8000 pixels a side the model may be sent; "
                + "it was not read", refused.getMessage());
    }

    @Test
    void otherBinaryKeepsItsNote() throws Exception {
        Files.write(h.root.resolve("blob.bin"), new byte[] {1, 0, 2, 0, 3});
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class, () -> read("blob.bin"));
        assertEquals("read_file: blob.bin looks like a binary file; read_file reads text, and PNG, JPEG, GIF and WebP images",
                refused.getMessage());
    }

    @Test
    void aTruncatedPngWhoseSizeCannotBeReadIsRefused() throws Exception {
        Files.write(h.root.resolve("cut.png"), java.util.Arrays.copyOf(encode("png", 10, 10), 12));
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class, () -> read("cut.png"));
        assertEquals("read_file: cut.png starts like a PNG image but its size cannot be read; it was not read", refused.getMessage());
    }

    private static String note(ToolOutcome outcome) {
        return ((Part.Text) outcome.forModel().getFirst()).text();
    }

    /** A WebP header of the extended (VP8X) kind, which states the canvas size; enough for read_file. */
    private static byte[] webp(int width, int height) {
        byte[] b = new byte[40];
        System.arraycopy("RIFF".getBytes(), 0, b, 0, 4);
        b[4] = 32;
        System.arraycopy("WEBPVP8X".getBytes(), 0, b, 8, 8);
        b[16] = 10;
        int w = width - 1;
        int hgt = height - 1;
        b[24] = (byte) w;
        b[25] = (byte) (w >> 8);
        b[26] = (byte) (w >> 16);
        b[27] = (byte) hgt;
        b[28] = (byte) (hgt >> 8);
        b[29] = (byte) (hgt >> 16);
        return b;
    }
}
