package dev.tether.testing.mcp;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The server side of RFC 6455 framing, enough for tests: reads the client's masked frames
 * (assembling fragmented text, answering pings) and writes unmasked text and close frames,
 * optionally split into several fragments.
 */
final class WebSocketFrames {
    static final int TEXT = 1;
    static final int CLOSE = 8;
    private static final int CONTINUATION = 0;
    private static final int PING = 9;
    private static final int PONG = 10;

    private final DataInputStream in;
    private final OutputStream out;

    WebSocketFrames(InputStream in, OutputStream out) {
        this.in = new DataInputStream(in);
        this.out = out;
    }

    /** The next whole text message, or null when the client closed (a close frame or the end of the stream). */
    String readText() throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        while (true) {
            int first;
            try {
                first = in.readUnsignedByte();
            } catch (EOFException e) {
                return null;
            }
            boolean fin = (first & 0x80) != 0;
            int opcode = first & 0x0F;
            int second = in.readUnsignedByte();
            if ((second & 0x80) == 0) {
                throw new IOException("a client frame without a mask (RFC 6455 5.1)");
            }
            long length = second & 0x7F;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            byte[] mask = in.readNBytes(4);
            byte[] payload = in.readNBytes((int) length);
            for (int i = 0; i < payload.length; i++) {
                payload[i] ^= mask[i % 4];
            }
            switch (opcode) {
                case CLOSE -> {
                    write(CLOSE, payload, true);
                    return null;
                }
                case PING -> write(PONG, payload, true);
                case PONG -> { }
                case TEXT, CONTINUATION -> {
                    message.write(payload);
                    if (fin) {
                        return message.toString(StandardCharsets.UTF_8);
                    }
                }
                default -> throw new IOException("unexpected opcode " + opcode);
            }
        }
    }

    /** Sends {@code text} as one message in {@code fragments} frames. */
    synchronized void writeText(String text, int fragments) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int size = Math.max(1, (bytes.length + fragments - 1) / fragments);
        int offset = 0;
        boolean firstFrame = true;
        do {
            int end = Math.min(bytes.length, offset + size);
            byte[] part = java.util.Arrays.copyOfRange(bytes, offset, end);
            write(firstFrame ? TEXT : CONTINUATION, part, end == bytes.length);
            firstFrame = false;
            offset = end;
        } while (offset < bytes.length);
    }

    synchronized void write(int opcode, byte[] payload, boolean fin) throws IOException {
        out.write((fin ? 0x80 : 0) | opcode);
        if (payload.length < 126) {
            out.write(payload.length);
        } else if (payload.length < 65536) {
            out.write(126);
            out.write(payload.length >>> 8);
            out.write(payload.length & 0xFF);
        } else {
            out.write(127);
            long n = payload.length;
            for (int shift = 56; shift >= 0; shift -= 8) {
                out.write((int) (n >>> shift) & 0xFF);
            }
        }
        out.write(payload);
        out.flush();
    }
}
