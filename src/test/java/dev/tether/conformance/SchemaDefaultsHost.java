package dev.tether.conformance;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A host without a person: it offers form elicitation and accepts every form with the defaults
 * its schema declares (what a user who only presses "submit" on a pre-filled form sends).
 * URL elicitation and sampling are not offered; there are no roots; notices go to stderr.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation">MCP elicitation</a>
 */
final class SchemaDefaultsHost implements McpHost {

    @Override
    public boolean canElicitForm() {
        return true;
    }

    @Override
    public boolean canElicitUrl() {
        return false;
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        if (!"form".equals(request.mode()) || request.requestedSchema() == null) {
            return ElicitationReply.DECLINE;
        }
        ElicitationReply reply = new ElicitationReply("accept", defaults(request.requestedSchema()));
        System.err.println("conformance: elicitation from " + request.server() + " accepted with " + Json.write(reply.content()));
        return reply;
    }

    /** Every property of {@code schema} that declares a default, with that default. */
    static ObjectNode defaults(JsonNode schema) {
        ObjectNode content = Json.object();
        schema.path("properties").properties().forEach(property -> {
            JsonNode value = property.getValue().get("default");
            if (value != null && !value.isNull()) {
                content.set(property.getKey(), value.deepCopy());
            }
        });
        return content;
    }

    @Override
    public SamplingReply sample(Sampling request, Cancellation cancellation) {
        return SamplingReply.refused("the conformance client does not sample");
    }

    @Override
    public List<Path> roots() {
        return List.of();
    }

    @Override
    public void notice(McpNotice notice) {
        System.err.println("conformance: " + notice);
    }
}
