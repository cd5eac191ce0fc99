package dev.tether.acp.schema.client;

import dev.tether.acp.schema.EnvVariable;
import java.util.List;

/**
 * {@code terminal/create}: run {@code command} in a terminal the editor shows; it keeps at most
 * {@code outputByteLimit} bytes of output (the oldest are dropped).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record CreateTerminalRequest(String sessionId, String command, List<String> args, List<EnvVariable> env, String cwd,
                                    Integer outputByteLimit) implements ClientRequest<CreateTerminalResponse> {
    public CreateTerminalRequest {
        args = List.copyOf(args);
        env = List.copyOf(env);
    }

    @Override
    public String method() {
        return "terminal/create";
    }

    @Override
    public Class<CreateTerminalResponse> answer() {
        return CreateTerminalResponse.class;
    }
}
