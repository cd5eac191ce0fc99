package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/** A file that takes {@code room} bytes and then fails every write, as a full disk does. */
final class FullDiskChannel extends FileChannel {
    private final FileChannel file;
    private long room;

    FullDiskChannel(FileChannel file, long room) {
        this.file = file;
        this.room = room;
    }

    @Override
    public int write(ByteBuffer source) throws IOException {
        if (room == 0) {
            throw new IOException("No space left on device");
        }
        int n = (int) Math.min(room, source.remaining());
        ByteBuffer part = source.slice().limit(n);
        int written = file.write(part);
        source.position(source.position() + written);
        room -= written;
        return written;
    }

    @Override
    public int read(ByteBuffer into, long position) throws IOException {
        return file.read(into, position);
    }

    @Override
    public int read(ByteBuffer into) throws IOException {
        return file.read(into);
    }

    @Override
    public long read(ByteBuffer[] into, int offset, int length) throws IOException {
        return file.read(into, offset, length);
    }

    @Override
    public long write(ByteBuffer[] sources, int offset, int length) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int write(ByteBuffer source, long position) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long position() throws IOException {
        return file.position();
    }

    @Override
    public FileChannel position(long position) throws IOException {
        file.position(position);
        return this;
    }

    @Override
    public long size() throws IOException {
        return file.size();
    }

    @Override
    public FileChannel truncate(long size) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void force(boolean metaData) {
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long transferFrom(ReadableByteChannel source, long position, long count) {
        throw new UnsupportedOperationException();
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) {
        throw new UnsupportedOperationException();
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) {
        throw new UnsupportedOperationException();
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) {
        throw new UnsupportedOperationException();
    }

    @Override
    protected void implCloseChannel() throws IOException {
        file.close();
    }
}
