package dev.tether.base;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * A small UTF-8 text file read whole, within a bound, for files Tether reads as instructions
 * (command files, skills): a regular file, never a FIFO or device that would block or never end;
 * with {@code followLinks} false a symbolic link is refused, so a file a project ships cannot
 * stand for one elsewhere on the machine (a key, a credential).
 */
public final class TextFile {
    private TextFile() {}

    /** What a read gave: the text, or why there is none, in the user's words. */
    public sealed interface Read permits Text, Refused {}

    public record Text(String text) implements Read {}

    public record Refused(String why) implements Read {}

    /** When a file was last changed and its size: a file whose stamp is unchanged need not be read again. */
    public record Stamp(FileTime modified, long size) {}

    /** The file's stamp now, or null when it cannot be read; with {@code followLinks} false, a link's own. */
    public static Stamp stamp(Path file, boolean followLinks) {
        try {
            BasicFileAttributes a = followLinks ? Files.readAttributes(file, BasicFileAttributes.class)
                    : Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return new Stamp(a.lastModifiedTime(), a.size());
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** Reads {@code file} if it is a regular file of at most {@code maxBytes} bytes of UTF-8 text. */
    public static Read read(Path file, int maxBytes, boolean followLinks) {
        LinkOption[] options = followLinks ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, options);
        } catch (IOException | SecurityException e) {
            return new Refused("it cannot be read");
        }
        if (attributes.isSymbolicLink()) {
            return new Refused("it is a symbolic link, which is not followed here");
        }
        if (!attributes.isRegularFile()) {
            return new Refused("it is not a regular file");
        }
        if (attributes.size() > maxBytes) {
            return new Refused("it is larger than " + maxBytes / 1024 + " KiB");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, options)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException | SecurityException e) {
            return new Refused("it cannot be read");
        }
        if (bytes.length > maxBytes) {
            return new Refused("it is larger than " + maxBytes / 1024 + " KiB");
        }
        try {
            return new Text(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return new Refused("it is not UTF-8 text");
        }
    }
}
