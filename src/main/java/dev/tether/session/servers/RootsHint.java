package dev.tether.session.servers;

/**
 * What to tell the user about a server that needs roots it is not given. Many users start the
 * filesystem server with no directories, expecting the client's roots; Tether offers roots only
 * to servers whose policy says {@code exposeRoots} — a grant, so only the user's own config can
 * give it, and an entry that sets only the policy applies to the editor's server of that name.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/roots">MCP roots</a>
 */
public final class RootsHint {
    private RootsHint() {}

    /** How to expose roots to {@code server}, one sentence after what it said ({@code said}, already cleaned). */
    public static String text(String server, String said) {
        return "`" + server + "` says it needs roots (\"" + said.replace("`", "'") + "\"), and Tether gives the session's"
                + " directories only to servers with `exposeRoots`. To give them to it, add `\"" + server
                + "\": {\"exposeRoots\": true}` under `mcpServers` in your config file (`~/.config/tether/config.json`, or"
                + " `$XDG_CONFIG_HOME/tether/config.json`; it applies to the editor's server of that name) and start a new session.";
    }
}
