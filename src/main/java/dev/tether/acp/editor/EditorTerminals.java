package dev.tether.acp.editor;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.acp.schema.EnvVariable;
import dev.tether.acp.schema.client.ClientRequest;
import dev.tether.acp.schema.client.CreateTerminalRequest;
import dev.tether.acp.schema.client.CreateTerminalResponse;
import dev.tether.acp.schema.client.KillTerminalRequest;
import dev.tether.acp.schema.client.ReleaseTerminalRequest;
import dev.tether.acp.schema.client.TerminalOutputRequest;
import dev.tether.acp.schema.client.TerminalOutputResponse;
import dev.tether.acp.schema.client.WaitForTerminalExitRequest;
import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Terminals;

/**
 * The editor's terminals ({@code terminal/*}). An error answer becomes a {@link HostFailure}
 * carrying the editor's message.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public final class EditorTerminals implements Terminals {
    private static final TerminalOutputResponse.ExitStatus RUNNING = new TerminalOutputResponse.ExitStatus(null, null);

    private final ClientChannel client;
    private final String sessionId;

    public EditorTerminals(ClientChannel client, String sessionId) {
        this.client = client;
        this.sessionId = sessionId;
    }

    /** The editor's terminals when it offers them, or null (commands then run as local processes). */
    public static Terminals choose(ClientChannel client, ClientCapabilities capabilities, String sessionId) {
        return capabilities.terminal() ? new EditorTerminals(client, sessionId) : null;
    }

    @Override
    public String create(Launch launch, Cancellation cancellation) throws HostFailure {
        CreateTerminalResponse answer = call(new CreateTerminalRequest(sessionId, launch.command(), launch.args(),
                launch.env().stream().map(v -> new EnvVariable(v.name(), v.value())).toList(), launch.cwd(),
                launch.outputByteLimit()), cancellation);
        if (answer == null || answer.terminalId() == null) {
            throw new HostFailure("no terminalId in its answer");
        }
        return answer.terminalId();
    }

    @Override
    public void waitForExit(String terminalId, Cancellation cancellation) throws HostFailure {
        call(new WaitForTerminalExitRequest(sessionId, terminalId), cancellation);
    }

    /** An answer without output reads as no output yet, one without an exit status as still running. */
    @Override
    public Output output(String terminalId, Cancellation cancellation) throws HostFailure {
        TerminalOutputResponse answer = call(new TerminalOutputRequest(sessionId, terminalId), cancellation);
        if (answer == null) {
            return new Output("", false, null, null);
        }
        TerminalOutputResponse.ExitStatus status = answer.exitStatus() == null ? RUNNING : answer.exitStatus();
        return new Output(answer.output() == null ? "" : answer.output(), answer.truncated(), status.exitCode(), status.signal());
    }

    @Override
    public void kill(String terminalId, Cancellation cancellation) throws HostFailure {
        call(new KillTerminalRequest(sessionId, terminalId), cancellation);
    }

    @Override
    public void release(String terminalId, Cancellation cancellation) throws HostFailure {
        call(new ReleaseTerminalRequest(sessionId, terminalId), cancellation);
    }

    private <A> A call(ClientRequest<A> request, Cancellation cancellation) throws HostFailure {
        try {
            return client.request(request, cancellation);
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
    }
}
