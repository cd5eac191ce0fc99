package dev.tether.security;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The environment a stdio MCP server process gets: an allow-list of harmless variables from
 * Tether's own environment plus what the server's configuration declares. Everything else —
 * above all Tether's model API keys — stays out, because a server is third-party code.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices">MCP security best practices</a>
 */
public final class StdioEnvironment {
    /** Variables inherited from Tether's environment, when set. */
    public static final Set<String> INHERITED = Set.of(
            "PATH", "HOME", "USER", "LOGNAME", "LANG", "TERM", "TMPDIR", "SHELL", "TZ", "XDG_RUNTIME_DIR",
            // The network the user lives behind: a server that calls out needs the same proxy.
            "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy",
            // Windows equivalents, harmless elsewhere.
            "SYSTEMROOT", "COMSPEC", "PATHEXT", "TEMP", "TMP", "USERPROFILE", "APPDATA", "LOCALAPPDATA");

    private StdioEnvironment() {}

    /**
     * The environment for a server process.
     *
     * @param host     Tether's own environment, as the settings read it
     * @param declared the server's declared variables; they win over inherited ones
     */
    public static Map<String, String> build(Map<String, String> host, Map<String, String> declared) {
        Map<String, String> env = new LinkedHashMap<>();
        host.forEach((key, value) -> {
            if (inherits(key)) {
                env.put(key, value);
            }
        });
        env.putAll(declared);
        return env;
    }

    /** Whether a variable of Tether's environment is passed on. */
    public static boolean inherits(String key) {
        return INHERITED.contains(key) || key.startsWith("LC_");
    }
}
