package dev.tether.jsonrpc;

import dev.tether.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The bytes of one line as it arrives, kept in fixed-size chunks: a 50 MB line is never copied
 * into one growing array nor decoded into a String before parsing, and its memory is released
 * when the next line starts.
 */
final class LineBuffer {
    static final int CHUNK = 64 * 1024;

    private final List<byte[]> full = new ArrayList<>();
    private byte[] current = new byte[CHUNK];
    private int used;
    private long size;

    void write(byte[] data, int offset, int length) {
        size += length;
        while (length > 0) {
            int n = Math.min(length, CHUNK - used);
            System.arraycopy(data, offset, current, used, n);
            used += n;
            offset += n;
            length -= n;
            if (used == CHUNK) {
                full.add(current);
                current = new byte[CHUNK];
                used = 0;
            }
        }
    }

    long size() {
        return size;
    }

    /** Whether the line holds nothing but whitespace. */
    boolean isBlank() {
        for (byte[] chunk : full) {
            if (!blank(chunk, CHUNK)) {
                return false;
            }
        }
        return blank(current, used);
    }

    private static boolean blank(byte[] chunk, int length) {
        for (int i = 0; i < length; i++) {
            byte b = chunk[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses the line as one JSON value, straight from the bytes. A line of several chunks is
     * gathered into one array (each chunk released as it is copied) and parsed by
     * {@link LargeStrings}, which keeps huge string values cheap.
     */
    JsonNode parse() {
        return parse(false);
    }

    /** As {@link #parse()}; with {@code strictKeys} a repeated key is a {@link DuplicateKeyException}. */
    JsonNode parse(boolean strictKeys) {
        if (full.isEmpty()) {
            return LargeStrings.read(current, used, strictKeys);
        }
        byte[] line = new byte[Math.toIntExact(size)];
        int at = 0;
        for (int i = 0; i < full.size(); i++) {
            System.arraycopy(full.get(i), 0, line, at, CHUNK);
            full.set(i, null);
            at += CHUNK;
        }
        System.arraycopy(current, 0, line, at, used);
        int length = at + used;
        reset();
        return LargeStrings.parse(line, length, strictKeys);
    }

    /** Hands every byte, in order, to {@code sink}. */
    void drainTo(ChunkSink sink) {
        for (byte[] chunk : full) {
            sink.add(chunk, 0, CHUNK);
        }
        sink.add(current, 0, used);
    }

    /** Copies bytes from position {@code at} into {@code into}, as many as one chunk holds; -1 past the end. */
    int read(long at, java.nio.ByteBuffer into) {
        if (at >= size) {
            return -1;
        }
        int chunk = (int) (at / CHUNK);
        int offset = (int) (at % CHUNK);
        byte[] data = chunk < full.size() ? full.get(chunk) : current;
        int n = Math.min((chunk < full.size() ? CHUNK : used) - offset, into.remaining());
        into.put(data, offset, n);
        return n;
    }

    /** Hands the bytes from {@code from} to the end, in order, to {@code sink}. */
    void moveTail(long from, ChunkSink sink) {
        int first = (int) (from / CHUNK);
        for (int i = first; i <= full.size(); i++) {
            byte[] chunk = i < full.size() ? full.get(i) : current;
            int length = i < full.size() ? CHUNK : used;
            int start = i == first ? (int) (from % CHUNK) : 0;
            if (length > start) {
                sink.add(chunk, start, length - start);
            }
        }
    }

    /** Keeps the first {@code length} bytes only. */
    void truncate(long length) {
        int chunk = (int) (length / CHUNK);
        if (chunk < full.size()) {
            current = full.get(chunk);
            full.subList(chunk, full.size()).clear();
        }
        used = (int) (length % CHUNK);
        size = length;
    }

    /** Forgets the line; a large line's chunks become garbage at once. */
    void reset() {
        full.clear();
        used = 0;
        size = 0;
    }

    @FunctionalInterface
    interface ChunkSink {
        void add(byte[] data, int offset, int length);
    }
}
