package dev.tether.testing.acp;

import dev.tether.acp.AcpAgent;
import dev.tether.acp.AcpClientChannel;
import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.editor.EditorFrontend;
import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.session.ModelCatalog;
import dev.tether.session.SessionManager;
import dev.tether.session.SessionServices;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.transcript.TranscriptStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.file.Path;
import java.util.List;

/**
 * Tether's ACP agent in this JVM, behind an in-memory pipe, with a model and MCP launcher of
 * the test's choosing. The client end validates every frame against the ACP schema.
 */
public final class InProcessAgent implements AutoCloseable {
    /** An MCP launcher with no servers. */
    public static final McpLauncher NO_MCP = serving(List.of());

    /** An MCP launcher whose servers offer exactly {@code tools}. */
    public static McpLauncher serving(List<dev.tether.tools.Tool> tools) {
        return (servers, cwd, artifacts, host, listener) -> new McpLauncher.Servers() {
            @Override
            public List<dev.tether.tools.Tool> awaitTools(Cancellation cancellation) {
                return tools;
            }

            @Override
            public void close() {}
        };
    }

    private final JsonRpcConnection connection;
    private final SessionManager sessions;
    private final AcpTestClient client;

    public InProcessAgent(Path stateDir, ModelCatalog models, McpLauncher mcp) {
        this(stateDir, models, mcp, dev.tether.tools.ToolFilter.ALLOW_ALL);
    }

    public InProcessAgent(Path stateDir, ModelCatalog models, McpLauncher mcp, dev.tether.tools.ToolFilter filter) {
        this(stateDir, models, mcp, filter, java.util.function.UnaryOperator.identity());
    }

    /** @param customize changes the process's services (secrets, servers from the user's config) before any session */
    public InProcessAgent(Path stateDir, ModelCatalog models, McpLauncher mcp, dev.tether.tools.ToolFilter filter,
                          java.util.function.UnaryOperator<SessionServices> customize) {
        try {
            Pipe toAgent = Pipe.open();
            Pipe fromAgent = Pipe.open();
            SessionServices services = new SessionServices(new TranscriptStore(stateDir.resolve("sessions")), models, mcp,
                    null, List.of(), false, filter, SessionServices.Limits.DEFAULT);
            services = customize.apply(services);
            sessions = new SessionManager(services);
            JsonRpcConnection[] holder = new JsonRpcConnection[1];
            AcpAgent agent = new AcpAgent(sessions, "test",
                    caps -> sessions.services(sessions.services().withFrontend(new EditorFrontend(new AcpClientChannel(holder[0]), caps))));
            connection = new JsonRpcConnection("acp", dev.tether.acp.AcpChannel.open(Channels.newInputStream(toAgent.source()),
                    Channels.newOutputStream(fromAgent.sink())), agent, CancelProtocol.ACP, true);
            holder[0] = connection;
            sessions.services(sessions.services().withFrontend(new EditorFrontend(new AcpClientChannel(connection), ClientCapabilities.NONE)));
            connection.start();
            client = new AcpTestClient(Channels.newInputStream(fromAgent.source()), Channels.newOutputStream(toAgent.sink()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public AcpTestClient client() {
        return client;
    }

    /** The agent's sessions, for tests that look at a session from inside. */
    public SessionManager sessions() {
        return sessions;
    }

    @Override
    public void close() {
        connection.close();
        client.close();
        sessions.close();
    }
}
