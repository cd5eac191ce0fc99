package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spilled string reads back, block by block, exactly as {@code new String(bytes, UTF_8)} decodes its bytes — broken UTF-8 included. */
class SpilledStringTest {
    @TempDir
    Path dir;

    @Test
    void readingInBlocksDecodesAsTheWholeDoes() throws IOException {
        Random random = new Random(5);
        byte[][] pieces = {"a".getBytes(StandardCharsets.UTF_8), "é".getBytes(StandardCharsets.UTF_8),
                "€".getBytes(StandardCharsets.UTF_8), "😀".getBytes(StandardCharsets.UTF_8),
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}, {(byte) 0xF0, (byte) 0x9F}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xFF}};
        for (int round = 0; round < 20; round++) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            while (out.size() < 200_000 + round * 7) {
                out.writeBytes(pieces[random.nextInt(pieces.length)]);
            }
            byte[] bytes = out.toByteArray();
            try (SpilledString spilled = Spilled.of(bytes, dir)) {
                String whole = new String(bytes, StandardCharsets.UTF_8);
                assertEquals(whole, spilled.read());
                StringBuilder read = new StringBuilder();
                try (Reader in = spilled.reader()) {
                    char[] buffer = new char[4093];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        read.append(buffer, 0, n);
                    }
                }
                assertEquals(whole, read.toString(), "round " + round);
            }
        }
    }
}
