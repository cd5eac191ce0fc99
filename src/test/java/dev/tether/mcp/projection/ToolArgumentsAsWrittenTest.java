package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.Workspace;
import dev.tether.tools.local.LocalFileSystem;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The server is the judge of its own input: the model's arguments reach it as written, also
 * those its schema would refuse (a null for an optional boolean, a missing required field), and
 * a schema that refers to a URL is never resolved on the way.
 */
class ToolArgumentsAsWrittenTest {
    private static final JsonNode LOOKUP = Json.parse("""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "$defs":{"userId":{"type":"string","pattern":"^[a-z0-9-]+$"}},
             "properties":{"id":{"$ref":"#/$defs/userId"},"verbose":{"type":"boolean"},
                           "profile":{"$ref":"http://127.0.0.1:9/canary/profile-schema.json"}},
             "required":["id"],"unevaluatedProperties":false}""");

    private final List<JsonNode> sent = new CopyOnWriteArrayList<>();
    private final McpTool tool = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none()))
            .project("users", List.of(new McpToolInfo("lookup_user", null, "Look up a user", LOOKUP, null, McpToolInfo.Hints.NONE)),
                    McpServerPolicy.DEFAULT, (name, arguments, retryable, cancellation, progress) -> {
                        sent.add(arguments);
                        return new McpCallResult(List.of(new McpContent.Text("server saw " + arguments)), null, false);
                    }, new HashSet<>()).getFirst();

    @TempDir
    Path dir;

    @Test
    void argumentsTheSchemaWouldRefuseStillReachTheServerUnchanged() throws Exception {
        JsonNode arguments = Json.parse("{\"verbose\":null,\"profile\":{\"displayName\":\"Ada\"},\"extra\":1}");
        String answer = text(tool.run(arguments, context()).forModel());
        assertEquals("server saw {\"verbose\":null,\"profile\":{\"displayName\":\"Ada\"},\"extra\":1}", answer);
        assertEquals(List.of(arguments), sent);
    }

    private ToolContext context() {
        return new ToolContext("call-1", new Workspace(dir, List.of()), new ToolPorts(LocalFileSystem.INSTANCE, null, entries -> { }),
                content -> { }, Cancellation.root());
    }

    private static String text(List<Part> parts) {
        return parts.stream().map(p -> p instanceof Part.Text t ? t.text() : "").reduce("", String::concat);
    }
}
