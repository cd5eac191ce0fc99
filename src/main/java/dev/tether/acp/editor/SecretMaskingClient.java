package dev.tether.acp.editor;

import dev.tether.acp.ClientChannel;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.security.SecretRegistry;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The editor as every session sees it: what is shown to the user ({@code session/update}
 * notifications, permission prompts, elicitation forms) has the known secret values masked.
 * Requests that act rather than show ({@code fs/*}, {@code terminal/*}) pass unchanged: masking
 * a file's content or a command would change what they do.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/overview">ACP overview</a>
 */
final class SecretMaskingClient implements ClientChannel {
    private static final Set<String> SHOWN = Set.of("session/request_permission", "elicitation/create");

    private final ClientChannel editor;
    private final SecretRegistry secrets;

    private SecretMaskingClient(ClientChannel editor, SecretRegistry secrets) {
        this.editor = editor;
        this.secrets = secrets;
    }

    /** {@code client} behind the mask of {@code registry}; null stays null, a masked client is not masked twice. */
    static ClientChannel wrap(ClientChannel client, SecretRegistry registry) {
        ClientChannel raw = client instanceof SecretMaskingClient masked ? masked.editor : client;
        return raw == null ? null : new SecretMaskingClient(raw, registry);
    }

    @Override
    public JsonNode request(String method, Object params, Cancellation cancellation) {
        return editor.request(method, SHOWN.contains(method) ? masked(params) : params, cancellation);
    }

    @Override
    public void notify(String method, Object params) {
        editor.notify(method, masked(params));
    }

    private Object masked(Object params) {
        return secrets.isEmpty() || params == null ? params : secrets.redact(Json.tree(params));
    }
}
