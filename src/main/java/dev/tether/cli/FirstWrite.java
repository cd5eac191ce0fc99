package dev.tether.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * Tether's protocol output, which tells {@link #written()} once the first frame has gone out (the
 * {@code initialize} answer) and {@link #secondFrame()} once the second has ended (usually the
 * first {@code session/new} answer).
 */
final class FirstWrite extends FilterOutputStream {
    private final CountDownLatch written = new CountDownLatch(1);
    private final CountDownLatch twoFrames = new CountDownLatch(2);

    FirstWrite(OutputStream out) {
        super(out);
    }

    CountDownLatch written() {
        return written;
    }

    CountDownLatch secondFrame() {
        return twoFrames;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
        written.countDown();
        if (twoFrames.getCount() > 0) {
            for (int i = offset; i < offset + length; i++) {
                if (bytes[i] == '\n') {
                    twoFrames.countDown();
                }
            }
        }
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        written.countDown();
        if (b == '\n') {
            twoFrames.countDown();
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }
}
