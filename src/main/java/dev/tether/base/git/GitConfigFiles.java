package dev.tether.base.git;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One configuration as git reads it: some files, and recursively every file their
 * {@code include.path} and {@code includeIf.<condition>.path} entries pull in. Conditions are not
 * evaluated (any of them could hold on the day git runs), and an included file counts whether it
 * exists yet or not. Only the settings asked for are kept.
 *
 * <p>Bounded, whatever the files hold: only regular files are opened (a FIFO would block), read
 * as a stream; at most {@value #MAX_FILES} files are named in all, includes nest at most
 * {@value #MAX_INCLUDE_DEPTH} deep (git's own limit), at most {@link #MAX_BYTES} bytes are read in
 * all, at most {@value #MAX_SETTINGS} settings kept. Past any bound the configuration cannot be
 * judged, which the result says ({@link Read#unjudged}), and reading stops.
 */
final class GitConfigFiles {
    static final long MAX_BYTES = 16L * 1024 * 1024;
    static final int MAX_FILES = 64;
    static final int MAX_INCLUDE_DEPTH = 10;
    /** Many aliases are common; the byte budget, not this, is what bounds the memory they take. */
    static final int MAX_SETTINGS = 4096;

    /** A value asked for, and the file that set it. */
    record Setting(String name, String value, Path file) {}

    /** A file pulled in by an include, and the file that names it. */
    record Include(Path file, Path by) {}

    /** Why a configuration cannot be judged, and the file where reading stopped. */
    record Unjudged(Path file, String why) {}

    /**
     * What was read.
     *
     * @param includes every included file, in the order named
     * @param settings the values asked for, in the order read
     * @param unjudged set when a bound was passed; the lists then hold what was read before
     */
    record Read(List<Include> includes, List<Setting> settings, Optional<Unjudged> unjudged) {}

    private final Predicate<String> wanted;
    private final Path home;
    private final List<Include> includes = new ArrayList<>();
    private final List<Setting> settings = new ArrayList<>();
    private final Set<Path> visited = new HashSet<>();
    private long bytesLeft = MAX_BYTES;
    private int files;
    private Unjudged unjudged;

    private GitConfigFiles(Predicate<String> wanted, Path home) {
        this.wanted = wanted;
        this.home = home;
    }

    /**
     * Reads {@code roots} in order with everything they include.
     *
     * @param wanted which settings to keep, by full name (lower-case section and key)
     * @param home   what {@code ~/} means in an include's path
     */
    static Read read(List<Path> roots, Predicate<String> wanted, Path home) {
        GitConfigFiles reading = new GitConfigFiles(wanted, home);
        reading.files = roots.size();
        for (Path root : roots) {
            reading.file(root, 0);
        }
        return new Read(List.copyOf(reading.includes), List.copyOf(reading.settings), Optional.ofNullable(reading.unjudged));
    }

    /** Whether {@code name} names a file to include: {@code include.path}, {@code includeIf.<anything>.path}. */
    static boolean isInclude(String name) {
        return name.equals("include.path") || (name.startsWith("includeif.") && name.endsWith(".path"));
    }

    /**
     * A path as git interpolates it in a configuration value: {@code ~} and {@code ~/...} are in
     * {@code home}, {@code ~user/...} beside it; a relative path lies in {@code base}. Empty for a
     * name no file can have (a NUL byte): git cannot open it either.
     */
    static Optional<Path> path(String value, Path base, Path home) {
        try {
            if (value.equals("~") || value.startsWith("~/")) {
                return Optional.of(home.resolve(value.substring(Math.min(2, value.length()))).normalize());
            }
            if (value.startsWith("~")) {
                int slash = value.indexOf('/');
                String user = slash < 0 ? value.substring(1) : value.substring(1, slash);
                Path userHome = home.getParent() == null ? home.resolve(user) : home.resolveSibling(user);
                return Optional.of((slash < 0 ? userHome : userHome.resolve(value.substring(slash + 1))).normalize());
            }
            return Optional.of(base.resolve(value).normalize());
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private void file(Path file, int depth) {
        if (unjudged != null || !visited.add(RealPaths.of(file).orElse(file))) {
            return;
        }
        List<Include> named = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            try (Reader in = new InputStreamReader(new Capped(Files.newInputStream(file)), StandardCharsets.UTF_8)) {
                GitConfigParser.parse(in, entry -> take(file, entry, named));
            } catch (NoSuchFileException e) {
                // Gone since the check: git would find nothing there either.
            } catch (Capped.Exceeded e) {
                stop(file, "more than " + MAX_BYTES / (1024 * 1024) + " MiB of configuration");
            } catch (Stop e) {
                // take() said why.
            } catch (IOException | SecurityException e) {
                stop(file, "it could not be read");
            }
        }
        for (Include include : named) {
            if (unjudged != null) {
                return;
            }
            includes.add(include);
            if (depth + 1 > MAX_INCLUDE_DEPTH) {
                stop(file, "includes nest deeper than git's limit of " + MAX_INCLUDE_DEPTH);
                return;
            }
            file(include.file(), depth + 1);
        }
    }

    private void take(Path file, GitConfigParser.Entry entry, List<Include> named) {
        boolean include = isInclude(entry.name());
        if ((!include && !wanted.test(entry.name())) || entry.value() == null) {
            return;
        }
        if (entry.cut()) {
            throw stop(file, "a value of " + entry.name() + " is longer than " + GitConfigParser.MAX_FIELD_CHARS / 1024 + " KiB");
        }
        if (include) {
            if (++files > MAX_FILES) {
                throw stop(file, "more than " + MAX_FILES + " configuration files are included");
            }
            path(entry.value(), file.toAbsolutePath().getParent(), home).ifPresent(p -> named.add(new Include(p, file)));
        } else {
            if (settings.size() >= MAX_SETTINGS) {
                throw stop(file, "more than " + MAX_SETTINGS + " settings that name paths or commands");
            }
            settings.add(new Setting(entry.name(), entry.value(), file));
        }
    }

    private Stop stop(Path file, String why) {
        if (unjudged == null) {
            unjudged = new Unjudged(file, why);
        }
        return new Stop();
    }

    /** Ends a file's reading from inside the parser's callback once a bound is passed. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /** The input stream of one file, failing once the configuration's byte budget is spent. */
    private final class Capped extends FilterInputStream {
        static final class Exceeded extends IOException {
            Exceeded() {
                super(null, null);
            }
        }

        Capped(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                spend(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, (int) Math.min(length, bytesLeft + 1));
            if (n > 0) {
                spend(n);
            }
            return n;
        }

        private void spend(int n) throws Exceeded {
            bytesLeft -= n;
            if (bytesLeft < 0) {
                throw new Exceeded();
            }
        }
    }
}
