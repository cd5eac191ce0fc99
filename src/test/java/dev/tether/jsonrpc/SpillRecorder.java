package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Spill files in a test directory, remembered so that a test can check every one was closed. */
final class SpillRecorder implements SpillFiles {
    private final Path dir;
    final List<FileChannel> created = new CopyOnWriteArrayList<>();

    SpillRecorder(Path dir) {
        this.dir = dir;
    }

    @Override
    public FileChannel create() throws IOException {
        FileChannel file = FileChannel.open(Files.createTempFile(dir, "spill-", ""), StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
        created.add(file);
        return file;
    }

    /** How many spill files are still open. */
    long open() {
        return created.stream().filter(FileChannel::isOpen).count();
    }
}
