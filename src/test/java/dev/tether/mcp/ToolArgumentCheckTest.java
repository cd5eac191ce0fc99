package dev.tether.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.model.Part;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
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
 * The model's arguments are checked against the input schema it was given before anything is
 * sent: a call that breaks it never reaches the server and the model reads why; one that fits,
 * or one the schema cannot decide (a reference outside the document), goes through.
 */
class ToolArgumentCheckTest {
    private static final JsonNode LOOKUP = Json.parse("""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "$defs":{"userId":{"type":"string","pattern":"^[a-z0-9-]+$"}},
             "properties":{"id":{"$ref":"#/$defs/userId"},"profile":{"$ref":"http://127.0.0.1:9/canary/profile-schema.json"},
                           "tags":{"type":"array","prefixItems":[{"const":"primary"}]}},
             "required":["id"],"unevaluatedProperties":false}""");

    private final List<JsonNode> sent = new CopyOnWriteArrayList<>();
    private final McpTool tool = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none()))
            .project("users", List.of(new McpToolInfo("lookup_user", null, "Look up a user", LOOKUP, null, McpToolInfo.Hints.NONE)),
                    McpServerPolicy.DEFAULT, (name, arguments, retryable, cancellation, progress) -> {
                        sent.add(arguments);
                        return new McpCallResult(List.of(new McpContent.Text("found " + arguments.path("id").asString())), null, false);
                    }, new HashSet<>()).getFirst();

    @TempDir
    Path dir;

    @Test
    void argumentsThatBreakAReferencedDefinitionAreNeverSent() {
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class,
                () -> tool.run(Json.parse("{\"id\":\"Ada Lovelace\"}"), context()));
        assertTrue(refused.getMessage().startsWith("users: the arguments do not match the input schema of lookup_user, so the call was not sent: "),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("/id") && refused.getMessage().contains("^[a-z0-9-]+$"), refused.getMessage());
        assertEquals(List.of(), sent);
    }

    @Test
    void missingRequiredFieldsAndUnevaluatedOnesAreNamed() {
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class,
                () -> tool.run(Json.parse("{\"name\":\"ada\",\"tags\":[\"secondary\"]}"), context()));
        assertTrue(refused.getMessage().contains("id"), refused.getMessage());
        assertTrue(refused.getMessage().contains("name"), refused.getMessage());
        assertTrue(refused.getMessage().contains("/tags/0"), refused.getMessage());
        assertEquals(List.of(), sent);
    }

    @Test
    void argumentsThatFitAreSentAsTheModelWroteThem() throws Exception {
        JsonNode arguments = Json.parse("{\"id\":\"ada-1\",\"tags\":[\"primary\",\"x\"]}");
        assertEquals("found ada-1", text(tool.run(arguments, context()).forModel()));
        assertEquals(List.of(arguments), sent);
    }

    @Test
    void aValueTheSchemaCannotDecideStillGoesToTheServerWhichValidatesItsOwnInput() throws Exception {
        JsonNode arguments = Json.parse("{\"id\":\"ada\",\"profile\":{\"displayName\":\"Ada\"}}");
        assertEquals("found ada", text(tool.run(arguments, context()).forModel()));
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
