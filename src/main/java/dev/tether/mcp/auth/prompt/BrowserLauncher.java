package dev.tether.mcp.auth.prompt;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Opens a URL in the user's browser when there is one; never fails. */
@FunctionalInterface
public interface BrowserLauncher {
    /** Whether a browser was asked to open {@code url} (not whether it did). */
    boolean open(URI url);

    /** Does nothing: for headless use and tests. */
    BrowserLauncher NONE = url -> false;

    /** {@code open} on macOS; {@code xdg-open} elsewhere, only when a display is set in {@code env}. */
    static BrowserLauncher system(Map<String, String> env) {
        return url -> {
            boolean mac = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac");
            boolean display = env.containsKey("DISPLAY") || env.containsKey("WAYLAND_DISPLAY");
            if (!mac && !display) {
                return false;
            }
            try {
                new ProcessBuilder(List.of(mac ? "open" : "xdg-open", url.toString()))
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        };
    }
}
