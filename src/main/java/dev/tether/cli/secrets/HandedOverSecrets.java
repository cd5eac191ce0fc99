package dev.tether.cli.secrets;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The environment Tether works with: its process environment plus the keys {@code bin/tether}
 * took out of it. The launcher removes the provider keys from the environment it starts the JVM
 * with (any process of the same user can read {@code /proc/<pid>/environ}) and writes them,
 * one {@code NAME=value} line each, into a pipe on the descriptor named by {@value #FD_VARIABLE}
 * (a here-document of the POSIX {@code sh} launcher; a key with a line break in it stays in the
 * environment). It is read once here, at start; without the launcher the process environment is
 * used as it is.
 */
public final class HandedOverSecrets {
    /** Names the descriptor; set by the launcher only. */
    static final String FD_VARIABLE = "TETHER_SECRETS_FD";
    /** More than any set of keys; bounds the memory a wrong descriptor could make start-up read. */
    private static final int MAX_BYTES = 64 * 1024;

    private HandedOverSecrets() {}

    /** {@code env} with the handed-over variables added (they win) and the descriptor's name removed. */
    public static Map<String, String> merge(Map<String, String> env, PrintSink warnings) {
        String fd = env.get(FD_VARIABLE);
        if (fd == null) {
            return env;
        }
        Map<String, String> merged = new HashMap<>(env);
        merged.remove(FD_VARIABLE);
        if (!descriptor(fd)) {
            warnings.warn("tether: ignoring " + FD_VARIABLE + "=" + fd + " (not a file descriptor number)");
            return merged;
        }
        // /dev/fd/N opens the launcher's pipe on Linux and macOS alike; reading it to the end drains it.
        try (InputStream in = new FileInputStream("/dev/fd/" + fd)) {
            merged.putAll(parse(in.readNBytes(MAX_BYTES)));
        } catch (IOException e) {
            warnings.warn("tether: cannot read the keys handed over on descriptor " + fd + " (" + e.getMessage()
                    + "); starting without them");
        }
        return merged;
    }

    /** One to four digits. Not a regular expression: compiling the first one of a process costs about a millisecond at start. */
    private static boolean descriptor(String fd) {
        if (fd.isEmpty() || fd.length() > 4) {
            return false;
        }
        for (int i = 0; i < fd.length(); i++) {
            if (fd.charAt(i) < '0' || fd.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    static Map<String, String> parse(byte[] bytes) {
        Map<String, String> out = new HashMap<>();
        String text = new String(bytes, StandardCharsets.UTF_8);
        for (String entry : text.split("\n")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                out.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return out;
    }

    /** Where a problem with the hand-over is told (stderr; logging is not set up yet this early). */
    public interface PrintSink {
        void warn(String message);
    }
}
