package dev.tether.cli;

import dev.tether.acp.AcpAgent;
import dev.tether.acp.AcpChannel;
import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.EditorFrontend;
import dev.tether.config.ConfigFile;
import dev.tether.config.McpConfig;
import dev.tether.config.McpRuntimeConfig;
import dev.tether.config.TetherPaths;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.security.SecretRegistry;
import dev.tether.session.SessionManager;
import dev.tether.session.SessionServices;
import dev.tether.session.TranscriptStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/** {@code tether acp}: serves ACP on stdin/stdout until stdin ends, then ends every session. */
final class AcpCommand {
    private AcpCommand() {}

    static int run(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env) {
        McpConfig.Declared extra = McpConfig.Declared.NONE;
        boolean strict = false;
        Path workingDir = Path.of("").toAbsolutePath();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mcp-config" -> {
                    if (i + 1 >= args.length) {
                        err.println("tether: --mcp-config needs a file or a JSON object");
                        return 2;
                    }
                    try {
                        extra = extra.then(McpConfig.fromArgument(args[++i], workingDir));
                    } catch (McpConfig.InvalidConfig e) {
                        err.println("tether: " + e.getMessage());
                        return 2;
                    }
                }
                case "--strict-mcp-config" -> strict = true;
                default -> {
                    err.println("tether: unknown option \"" + args[i] + "\". Run tether --help.");
                    return 2;
                }
            }
        }
        TetherPaths paths = TetherPaths.from(env);
        JsonNode config = ConfigFile.load(paths.configFile());
        // --strict-mcp-config keeps only the command line's servers: not the editor's, not the config file's.
        McpConfig.Declared declared = (strict ? McpConfig.Declared.NONE : Wiring.configuredServers(config, paths)).then(extra);
        SecretRegistry secrets = Wiring.secrets(env, config);
        TranscriptStore transcripts = new TranscriptStore(paths.sessionsDir(), List.of(paths.stateDir(), paths.configDir()), secrets);
        SessionServices services = new SessionServices(transcripts, Wiring.models(env, config),
                Wiring.lazily(() -> Wiring.hardened(() -> Wiring.mcp(env, declared.policies(), McpRuntimeConfig.from(config), Wiring.acpTokens(config, paths), secrets))), null, declared.servers(), strict, Wiring.toolFilter(config),
                Wiring.limits(env, config)).withSecrets(secrets);

        AtomicReference<JsonRpcConnection> connection = new AtomicReference<>();
        SessionManager sessions = new SessionManager(services);
        AcpAgent agent = new AcpAgent(sessions, Main.version(),
                caps -> sessions.services(sessions.services().withFrontend(new EditorFrontend(Wiring.client(connection.get()), caps))));
        JsonRpcConnection rpc = new JsonRpcConnection("acp", AcpChannel.open(in, out), agent, CancelProtocol.ACP, true);
        connection.set(rpc);
        sessions.services(sessions.services().withFrontend(new EditorFrontend(Wiring.client(rpc), ClientCapabilities.NONE)));
        // A SIGTERM from the editor must still end every MCP server process.
        Thread hook = new Thread(sessions::close, "tether-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        rpc.start();
        rpc.closed().join();
        sessions.close();
        // The channel's writer is a daemon thread: what is still queued reaches the editor before exit.
        rpc.close();
        Runtime.getRuntime().removeShutdownHook(hook);
        return 0;
    }
}
