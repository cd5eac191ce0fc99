package dev.tether.tools.sandbox;

import java.util.List;
import java.util.Locale;

/**
 * What a failed sandboxed command's output says the sandbox stopped, in the user's words, so the
 * permission request to run it outside says why. Only a hint: a command that failed for another
 * reason is simply not offered the way out.
 */
public final class SandboxDenial {
    private static final List<String> WRITES = List.of("read-only file system", "permission denied", "operation not permitted");
    private static final List<String> NETWORK = List.of("network is unreachable", "could not resolve host",
            "temporary failure in name resolution", "name or service not known", "connection refused",
            "getaddrinfo", "econnrefused", "enetunreach", "eai_again", "no address associated with hostname");

    private SandboxDenial() {}

    /** Why the command seems to have failed because of the sandbox, or null when it does not. */
    public static String why(String output, SandboxMode mode, boolean network) {
        String text = output.toLowerCase(Locale.ROOT);
        if (!network && NETWORK.stream().anyMatch(text::contains)) {
            return "a network attempt (the sandbox has no network)";
        }
        if (WRITES.stream().anyMatch(text::contains)) {
            return mode == SandboxMode.READ_ONLY
                    ? "a write (the sandbox is read-only)"
                    : "a write outside the workspace (or to a file git or the editor runs)";
        }
        return null;
    }
}
