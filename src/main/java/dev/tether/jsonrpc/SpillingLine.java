package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One inbound line as it arrives, kept in a {@link LineBuffer} — except the text items of a tool
 * result ({@code result.content[i].text}): once such a string passes {@link #SPILL_BYTES}, its
 * body is decoded straight into a {@link SpillFiles} file and the line keeps a short placeholder
 * in its place, so a 50 MB result never sits in memory. A small scanner follows the line's
 * structure (objects, arrays, keys, strings) byte by byte to know where it is; everything else
 * of the line is parsed as before. Without spill files the line is kept as it comes.
 */
final class SpillingLine {
    /** Text items longer than this (in bytes as sent) go to a file. */
    static final int SPILL_BYTES = 1024 * 1024;

    private static final byte[][] PATH = {"result".getBytes(StandardCharsets.US_ASCII),
            "content".getBytes(StandardCharsets.US_ASCII), null, "text".getBytes(StandardCharsets.US_ASCII)};
    private static final boolean[] PATH_OBJECT = {true, true, false, true};
    private static final int MAX_DEPTH = 10_000;

    private final LineBuffer buffer = new LineBuffer();
    private final SpillFiles files;
    private final int spillBytes;
    private final List<SpilledString> spilled = new ArrayList<>();
    private String nonce;
    private long size;

    // The scanner: where in the line's structure the next byte is.
    private final BitSet objects = new BitSet();
    private final boolean[] onPath = new boolean[4];
    private final boolean[] kindOnPath = new boolean[4];
    private int depth;
    private boolean expectKey;
    private boolean inString;
    private boolean escapedByte;
    private boolean stringIsKey;
    private boolean stringIsTarget;
    private long stringStart;
    private final byte[] key = new byte[8];
    private int keyLength;
    private boolean gaveUp;

    private StringSpill spill;
    private boolean invalid;
    private String problem;

    /** @param files where long text items go; null to keep every line in memory */
    SpillingLine(SpillFiles files) {
        this(files, SPILL_BYTES);
    }

    SpillingLine(SpillFiles files, int spillBytes) {
        this.files = files;
        this.spillBytes = spillBytes;
        this.gaveUp = files == null;
    }

    long size() {
        return size;
    }

    boolean isBlank() {
        return spilled.isEmpty() && spill == null && !invalid && buffer.isBlank();
    }

    void write(byte[] data, int offset, int length) {
        size += length;
        if (invalid) {
            return;
        }
        if (gaveUp) {
            buffer.write(data, offset, length);
            return;
        }
        try {
            scanAndWrite(data, offset, length);
        } catch (IOException e) {
            // The text is no longer in memory: the line cannot be read; the channel goes on.
            fail("a long text could not be written to its spill file (" + e.getMessage() + ")");
        }
    }

    /** Why the line cannot be read (after {@link #parse} returned null). */
    String problem() {
        return problem == null ? "not valid JSON" : problem;
    }

    private void scanAndWrite(byte[] data, int offset, int length) throws IOException {
        int end = offset + length;
        int run = offset;
        int i = offset;
        while (i < end && !gaveUp && !invalid) {
            if (spill != null) {
                int next = spill.feed(data, i, end - i);
                if (next == StringSpill.INVALID) {
                    fail(null);
                    return;
                }
                if (next == StringSpill.MORE) {
                    return;
                }
                finishSpill();
                i = next;
                run = next;
                continue;
            }
            if (inString && stringIsTarget && buffer.size() + (i - run) - stringStart > spillBytes) {
                buffer.write(data, run, i - run);
                run = i;
                if (startSpill()) {
                    continue;
                }
            }
            if (scan(data[i])) {
                stringStart = buffer.size() + (i - run);
            }
            i++;
        }
        if (!invalid) {
            buffer.write(data, run, end - run);
        }
    }

    /**
     * The line as one JSON tree (spilled strings in their places), or null when it cannot be
     * valid JSON. The tree owns the spilled strings from now on.
     */
    JsonNode parse(boolean strictKeys) {
        if (invalid || spill != null) {
            String why = problem;
            reset();
            problem = why;
            return null;
        }
        JsonNode tree;
        try {
            tree = buffer.parse(strictKeys);
        } catch (RuntimeException e) {
            reset();
            throw e;
        }
        if (!spilled.isEmpty()) {
            place(tree);
        }
        spilled.clear();
        return tree;
    }

    /** A copy of the whole line while it is valid so far, held in memory and at most {@code max} bytes; else null. */
    byte[] inMemory(int max) {
        if (invalid || spill != null || !spilled.isEmpty() || size > max || buffer.size() != size) {
            return null;
        }
        byte[] copy = new byte[(int) size];
        int[] at = {0};
        buffer.drainTo((chunk, offset, length) -> {
            System.arraycopy(chunk, offset, copy, at[0], length);
            at[0] += length;
        });
        return copy;
    }

    /** Hands every byte kept in memory, in order, to {@code sink} (spilled text is not among them). */
    void drainTo(LineBuffer.ChunkSink sink) {
        buffer.drainTo(sink);
    }

    /** Forgets the line; spilled strings not yet handed over are deleted. */
    void reset() {
        if (spill != null) {
            spill.abandon();
            spill = null;
        }
        spilled.forEach(SpilledString::close);
        spilled.clear();
        buffer.reset();
        size = 0;
        nonce = null;
        invalid = false;
        problem = null;
        depth = 0;
        objects.clear();
        java.util.Arrays.fill(onPath, false);
        java.util.Arrays.fill(kindOnPath, false);
        expectKey = false;
        inString = false;
        escapedByte = false;
        gaveUp = files == null;
    }

    private void fail(String why) {
        problem = why;
        if (spill != null) {
            spill.abandon();
            spill = null;
        }
        invalid = true;
        buffer.reset();
    }

    private boolean startSpill() throws IOException {
        try {
            spill = new StringSpill(files.create());
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(SpillingLine.class).warn("a long text is kept in memory: no spill file ({})", e.getMessage());
            gaveUp = true;
            return false;
        }
        StringSpill started = spill;
        int[] result = {StringSpill.MORE};
        try {
            buffer.moveTail(stringStart + 1, (data, offset, length) -> {
                if (result[0] == StringSpill.MORE) {
                    try {
                        result[0] = started.feed(data, offset, length);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        buffer.truncate(stringStart);
        if (result[0] != StringSpill.MORE) {
            fail(null); // an escape the scanner read as closed: not valid JSON
        }
        return true;
    }

    private void finishSpill() throws IOException {
        spilled.add(spill.finish());
        spill = null;
        inString = false;
        escapedByte = false;
        if (nonce == null) {
            nonce = "tether-spilled-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + "-";
        }
        byte[] placeholder = ("\"" + nonce + (spilled.size() - 1) + "\"").getBytes(StandardCharsets.US_ASCII);
        buffer.write(placeholder, 0, placeholder.length);
    }

    /** Swaps each placeholder at a text item for its spilled string; the ones Jackson did not keep (a repeated key) are deleted. */
    private void place(JsonNode tree) {
        boolean[] used = new boolean[spilled.size()];
        JsonNode content = tree.path("result").path("content");
        if (content.isArray()) {
            for (JsonNode item : content) {
                JsonNode text = item.get("text");
                String value = text != null && text.isString() ? text.asString() : null;
                if (value != null && value.startsWith(nonce)) {
                    int index = Integer.parseInt(value.substring(nonce.length()));
                    if (!used[index]) {
                        used[index] = true;
                        ((ObjectNode) item).set("text", SpilledString.node(spilled.get(index)));
                    }
                }
            }
        }
        for (int i = 0; i < used.length; i++) {
            if (!used[i]) {
                spilled.get(i).close();
            }
        }
    }

    /** Follows one byte outside spilled strings; true when it opens a string. */
    private boolean scan(byte b) {
        if (inString) {
            if (escapedByte) {
                escapedByte = false;
                keyLength = -1; // an escaped key never matches: a hostile server gains nothing by spelling "text" oddly
            } else if (b == '\\') {
                escapedByte = true;
            } else if (b == '"') {
                inString = false;
                if (stringIsKey) {
                    keyRead();
                }
            } else if (stringIsKey && keyLength >= 0) {
                if (keyLength < key.length) {
                    key[keyLength++] = b;
                } else {
                    keyLength = -1;
                }
            }
            return false;
        }
        switch (b) {
            case '"' -> {
                inString = true;
                stringIsKey = expectKey;
                stringIsTarget = !stringIsKey && depth == 4 && onPath[3];
                keyLength = 0;
                return true;
            }
            case '{', '[' -> open(b == '{');
            case '}', ']' -> {
                if (depth > 0) {
                    depth--;
                }
                expectKey = false;
            }
            case ':' -> expectKey = false;
            case ',' -> expectKey = depth > 0 && objects.get(depth - 1);
            default -> { }
        }
        return false;
    }

    private void open(boolean object) {
        if (depth >= MAX_DEPTH) {
            gaveUp = true; // Jackson refuses such nesting anyway
            return;
        }
        objects.set(depth, object);
        if (depth < 4) {
            kindOnPath[depth] = (depth == 0 || onPath[depth - 1]) && PATH_OBJECT[depth] == object;
            onPath[depth] = kindOnPath[depth] && !object;
        }
        depth++;
        expectKey = object;
    }

    private void keyRead() {
        int level = depth - 1;
        if (level < 4 && PATH_OBJECT[level]) {
            byte[] wanted = PATH[level];
            onPath[level] = kindOnPath[level] && keyLength == wanted.length
                    && java.util.Arrays.equals(key, 0, keyLength, wanted, 0, wanted.length);
        }
    }
}
