package dev.tether.base.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;

/**
 * Paths as a program that opens them will meet them: symbolic links followed (dangling ones too,
 * by hand, since creating the file creates the link's target), and names compared the way the
 * most lenient file system in use would (macOS and casefolded ext4 ignore case and Unicode
 * normalisation; some ignore invisible format characters).
 */
public final class RealPaths {
    private static final int MAX_LINKS = 40;

    private RealPaths() {}

    /**
     * The real path of {@code path}: its nearest existing ancestor resolved, with the rest
     * appended; a dangling link on the way is followed by hand. Empty when links loop or cannot
     * be read.
     */
    public static Optional<Path> of(Path path) {
        return real(path.toAbsolutePath().normalize(), MAX_LINKS);
    }

    private static Optional<Path> real(Path path, int linksLeft) {
        if (linksLeft <= 0) {
            return Optional.empty();
        }
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.of(path);
        }
        Path rest = existing.relativize(path);
        try {
            if (Files.isSymbolicLink(existing) && !Files.exists(existing)) {
                Path target = existing.resolveSibling(Files.readSymbolicLink(existing)).normalize();
                return real(target.resolve(rest).normalize(), linksLeft - 1);
            }
            return Optional.of(existing.toRealPath().resolve(rest).normalize());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code path} is {@code dir} or lies below it, names compared as {@link #sameName} does. */
    static boolean within(Path path, Path dir) {
        if (path.getNameCount() < dir.getNameCount() || !sameRoot(path, dir)) {
            return false;
        }
        for (int i = 0; i < dir.getNameCount(); i++) {
            if (!sameName(path.getName(i).toString(), dir.getName(i).toString())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameRoot(Path a, Path b) {
        return a.getRoot() == null ? b.getRoot() == null : a.getRoot().equals(b.getRoot());
    }

    /** Two file names that a case- and normalisation-insensitive file system takes for one. */
    static boolean sameName(String a, String b) {
        return fold(a).equals(fold(b));
    }

    /** {@link #comparable}, lower-cased. */
    static String fold(String name) {
        return comparable(name).toLowerCase(Locale.ROOT);
    }

    /** NFC, without format characters (zero-width, bidi controls) that some file systems ignore. */
    public static String comparable(String text) {
        String nfc = Normalizer.normalize(text, Normalizer.Form.NFC);
        StringBuilder out = new StringBuilder(nfc.length());
        nfc.codePoints().filter(cp -> Character.getType(cp) != Character.FORMAT).forEach(out::appendCodePoint);
        return out.toString();
    }
}
