package dev.tether.cli;

import dev.tether.acp.AcpAgent;
import dev.tether.acp.AcpChannel;
import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.FirstInitialize;
import dev.tether.acp.editor.EditorFrontend;
import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.security.SecretRegistry;
import dev.tether.session.SessionManager;
import dev.tether.session.SessionServices;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.transcript.TranscriptStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** {@code tether acp}: serves ACP on stdin/stdout until stdin ends, then ends every session. */
final class AcpCommand {
    /** How long requests still being handled when stdin ends may take, and then their cancellation. */
    static final Duration IN_FLIGHT_GRACE = Duration.ofSeconds(1);

    private AcpCommand() {}

    static int run(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env) {
        return run(args, in, out, err, env, java.util.function.UnaryOperator.identity());
    }

    /**
     * @param adjust changes the session services before the first session ({@code tether exec}'s
     *               limits and command-line permission rules); the identity for an editor
     */
    static int run(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env,
                   java.util.function.UnaryOperator<SessionServices> adjust) {
        FirstWrite protocolOut = new FirstWrite(out);
        StartupWarmup.start();
        SettingsLoader.CommandLine flags = SettingsLoader.commandLine(args, Path.of("").toAbsolutePath());
        // The editor's first frame, its initialize request, is answered while the rest is put
        // together: its answer needs neither the settings nor Jackson (FirstInitialize).
        FirstInitialize first = new FirstInitialize(Main.version());
        LineChannel channel = AcpChannel.open(in, protocolOut).answerFirstLine(first::answer).platformWriter().startEarly();
        TetherSettings settings = SettingsLoader.load(flags, env);
        TetherPaths paths = settings.paths();
        SecretRegistry secrets = ProcessSecrets.of(settings);
        TranscriptStore transcripts = new TranscriptStore(paths.sessionsDir(), List.of(paths.stateDir(), paths.configDir()), secrets);
        // The MCP launcher and its token store are built after the initialize answer (SessionWarmup), not on its path.
        Supplier<Boolean> hardened = Wiring.once(Wiring::harden);
        Supplier<McpLauncher> launcher = Wiring.once(() -> {
            hardened.get();
            return Wiring.mcp(settings, Wiring.acpTokens(settings), secrets);
        });
        // A key stored by `tether login` while the agent runs is picked up without a restart.
        SignInCatalog models = new SignInCatalog(settings.model(), () -> SettingsLoader.model(paths, env),
                model -> Wiring.models(model, settings.network()), secrets);
        SessionServices services = new SessionServices(transcripts, models, Wiring.lazily(launcher, hardened::get), null,
                settings.mcp().declared().servers(), settings.mcp().strict(), settings.tools(),
                Wiring.limits(settings)).withSecrets(secrets)
                .withMcpSources(Wiring.sources(settings, secrets))
                .withRules(Wiring.rules(settings))
                .withInstructions(Wiring.instructions(settings))
                .withSandbox(settings.sandbox());

        AtomicReference<SessionManager> live = new AtomicReference<>();
        // The status page (/status) starts on first use, never before: Helidon is not loaded until then.
        StatusPages statusPage = new StatusPages(live::get, secrets, "Tether " + Main.version());
        services = adjust.apply(services.withStatusPage(statusPage));

        AtomicReference<JsonRpcConnection> connection = new AtomicReference<>();
        SessionManager sessions = new SessionManager(services);
        live.set(sessions);
        Consumer<ClientCapabilities> initialized = caps -> {
            sessions.services(sessions.services().withFrontend(new EditorFrontend(Wiring.client(connection.get()), caps)));
            SessionWarmup.start(hardened, launcher, protocolOut.written(), protocolOut.secondFrame());
        };
        AcpAgent agent = new AcpAgent(sessions, Main.version(), initialized);
        JsonRpcConnection rpc = new JsonRpcConnection("acp", channel, agent, CancelProtocol.ACP, true)
                .finishInFlightAtEndOfInput();
        connection.set(rpc);
        sessions.services(sessions.services().withFrontend(new EditorFrontend(Wiring.client(rpc), ClientCapabilities.NONE)));
        // After the line above: an initialize answered early brings its capabilities now, or before the next frame.
        first.onInitialized(initialized);
        // A SIGTERM from the editor must still end every MCP server process.
        Thread hook = new Thread(() -> {
            statusPage.close();
            sessions.close();
        }, "tether-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        rpc.start();
        rpc.closed().join();
        // A script that writes its requests and closes stdin still gets their answers: what is
        // being handled may finish for a moment, then is cancelled (a turn answers "cancelled").
        rpc.finishInFlight(IN_FLIGHT_GRACE);
        statusPage.close();
        sessions.close();
        // The channel's writer is a daemon thread: what is still queued reaches the editor before exit.
        rpc.close();
        Runtime.getRuntime().removeShutdownHook(hook);
        return ExitCode.OK.code();
    }
}
