package dev.tether.jsonrpc;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.POJONode;

/**
 * The text of one huge string value, decoded from its JSON escapes into a {@link SpillFiles}
 * file while the line was read (or, from where that file could no longer be written, into
 * memory, as it would have been without spilling). It sits in the message tree as a POJO node where the string
 * was, and only at {@code result.content[i].text} (the text items of a tool result); whoever
 * takes the tree owns it and must {@link #close()} it. A request that did not ask for spilled
 * text gets plain strings instead ({@link JsonRpcConnection#request(String, Object, boolean)}).
 * The bytes are UTF-8 as the server sent them; they are read back with malformed sequences
 * replaced, as {@code new String(bytes, UTF_8)} does.
 */
public final class SpilledString implements AutoCloseable {
    private final FileChannel file;
    /** Instead of the file, when it could not be written: the text in memory. */
    private volatile LineBuffer memory;
    private final long bytes;

    SpilledString(FileChannel file, long bytes) {
        this.file = file;
        this.bytes = bytes;
    }

    SpilledString(LineBuffer memory) {
        this.file = null;
        this.memory = memory;
        this.bytes = memory.size();
    }

    /** Positional reads, so that the file's own position does not matter. */
    private int readAt(ByteBuffer into, long at) throws IOException {
        if (file != null) {
            return file.read(into, at);
        }
        LineBuffer kept = memory;
        if (kept == null) {
            throw new IOException("the spilled string was released");
        }
        return kept.read(at, into);
    }

    /** Length of the text in UTF-8 bytes. */
    public long bytes() {
        return bytes;
    }

    /**
     * A reader of the whole text from its start; several may be open one after another. It decodes
     * blocks cut between UTF-8 sequences, so it reads exactly what {@link #read()} returns.
     */
    public Reader reader() {
        return new Chars();
    }

    /** The whole text as one String (as large as the text: for paths that cannot stream). */
    public String read() throws IOException {
        ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(bytes));
        while (all.hasRemaining()) {
            if (readAt(all, all.position()) < 0) {
                throw new IOException("a spilled string is shorter than written");
            }
        }
        return new String(all.array(), 0, all.position(), StandardCharsets.UTF_8);
    }

    public boolean isOpen() {
        return file != null ? file.isOpen() : memory != null;
    }

    /** Releases the file (it is gone from the disk once closed). Idempotent. */
    @Override
    public void close() {
        memory = null;
        if (file == null) {
            return;
        }
        try {
            file.close();
        } catch (IOException ignored) {
            // Nothing more to do: the file is unlinked already or goes with the descriptor.
        }
    }

    @Override
    public String toString() {
        return "SpilledString[" + bytes + " bytes]"; // never the path
    }

    /** The spilled string a tree node stands for, or null for any other node. */
    public static SpilledString of(JsonNode node) {
        return node instanceof POJONode pojo && pojo.getPojo() instanceof SpilledString s ? s : null;
    }

    static JsonNode node(SpilledString s) {
        return JsonNodeFactory.instance.pojoNode(s);
    }

    /** Closes every spilled string in the text items of {@code result} (a tool result, or anything else). */
    public static void release(JsonNode result) {
        forEachText(result, (item, s) -> s.close());
    }

    /**
     * Puts each spilled string of {@code result} back into the tree as a plain string and closes
     * its file: for answers whose reader expects only strings.
     */
    static void materialise(JsonNode result) {
        try {
            forEachText(result, (item, s) -> {
                try {
                    item.put("text", s.read());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    s.close();
                }
            });
        } catch (UncheckedIOException e) {
            release(result);
            throw e;
        }
    }

    private interface TextVisitor {
        void visit(ObjectNode item, SpilledString text);
    }

    private static void forEachText(JsonNode result, TextVisitor visitor) {
        JsonNode content = result == null ? null : result.get("content");
        if (content == null || !content.isArray()) {
            return;
        }
        for (JsonNode item : content) {
            SpilledString s = item instanceof ObjectNode object ? of(object.get("text")) : null;
            if (s != null) {
                visitor.visit((ObjectNode) item, s);
            }
        }
    }

    /** Positional reads (the file's own position does not matter), decoded a block at a time. */
    private final class Chars extends Reader {
        private static final int BLOCK = 64 * 1024;
        private final byte[] bytes = new byte[BLOCK];
        private int carried;
        private long at;
        private String block = "";
        private int next;

        @Override
        public int read(char[] into, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            while (next == block.length()) {
                if (!fill()) {
                    return -1;
                }
            }
            int n = Math.min(length, block.length() - next);
            block.getChars(next, next + n, into, offset);
            next += n;
            return n;
        }

        private boolean fill() throws IOException {
            int n = carried;
            while (n < BLOCK && at < bytes()) {
                int got = readAt(ByteBuffer.wrap(bytes, n, (int) Math.min(BLOCK - n, bytes() - at)), at);
                if (got <= 0) {
                    throw new IOException("a spilled string is shorter than written");
                }
                at += got;
                n += got;
            }
            if (n == 0) {
                return false;
            }
            int cut = at >= bytes() ? n : boundary(bytes, n);
            block = new String(bytes, 0, cut, StandardCharsets.UTF_8);
            next = 0;
            carried = n - cut;
            System.arraycopy(bytes, cut, bytes, 0, carried);
            return true;
        }

        @Override
        public void close() {
            // The file stays open: it belongs to the spilled string.
        }
    }

    /**
     * Where to cut {@code bytes[0, n)} so that no UTF-8 sequence is split: before the last lead byte
     * when its sequence is not complete. A decoder starts afresh at every lead byte, so decoding the
     * two sides apart gives what decoding them together gives, malformed input included.
     */
    static int boundary(byte[] bytes, int n) {
        for (int j = n - 1; j >= Math.max(0, n - 3); j--) {
            int b = bytes[j] & 0xff;
            if ((b & 0xC0) != 0x80) {
                int length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
                return j + length > n ? j : n;
            }
        }
        return n;
    }
}
