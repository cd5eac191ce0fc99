package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Spilled strings for tests of the packages that read them. */
public final class Spilled {
    private Spilled() {}

    /** {@code text} as a spilled string in a file under {@code dir}. */
    public static SpilledString of(String text, Path dir) throws IOException {
        return of(text.getBytes(StandardCharsets.UTF_8), dir);
    }

    /** These bytes (UTF-8 or not) as a spilled string. */
    public static SpilledString of(byte[] bytes, Path dir) throws IOException {
        FileChannel file = FileChannel.open(Files.createTempFile(dir, "spill-", ""), StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
        file.write(java.nio.ByteBuffer.wrap(bytes));
        return new SpilledString(file, bytes.length);
    }
}
