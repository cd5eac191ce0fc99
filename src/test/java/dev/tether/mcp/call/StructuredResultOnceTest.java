package dev.tether.mcp.call;

import static dev.tether.testing.mcp.calls.Calls.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The model gets each tool result once: a structured result that only repeats a text item is not
 * appended. The shapes are the ones the real servers send (captured from
 * {@code @modelcontextprotocol/server-filesystem}, {@code server-memory}, {@code server-everything},
 * {@code server-sequential-thinking}, {@code @bytebase/dbhub} and {@code @cyanheads/git-mcp-server}),
 * and beside them results whose structured content really says more.
 */
class StructuredResultOnceTest {
    private static final String ENTITIES_TEXT = """
            [
              {
                "name": "Ada",
                "entityType": "person",
                "observations": [
                  "wrote programs"
                ]
              }
            ]""";
    private static final String ENTITIES_JSON = "[{\"name\":\"Ada\",\"entityType\":\"person\",\"observations\":[\"wrote programs\"]}]";

    static Stream<Arguments> shapes() {
        return Stream.of(
                // server-filesystem: read_text_file, list_directory — {"content": <the text>}
                once("filesystem read_text_file", "hello\n", "{\"content\":\"hello\\n\"}"),
                once("filesystem list_directory", "[FILE] a.txt\n[DIR] docs", "{\"content\":\"[FILE] a.txt\\n[DIR] docs\"}"),
                // server-memory: create_entities and add_observations wrap the text's array in one field
                once("memory create_entities", ENTITIES_TEXT, "{\"entities\":" + ENTITIES_JSON + "}"),
                once("memory add_observations", "[\n  {\n    \"entityName\": \"Ada\",\n    \"addedObservations\": [\n      \"likes math\"\n    ]\n  }\n]",
                        "{\"results\":[{\"entityName\":\"Ada\",\"addedObservations\":[\"likes math\"]}]}"),
                // server-memory read_graph, sequential thinking, git status: the text is the structured result, pretty-printed
                once("memory read_graph", "{\n  \"entities\": " + ENTITIES_TEXT.replace("\n", "\n  ") + ",\n  \"relations\": []\n}",
                        "{\"entities\":" + ENTITIES_JSON + ",\"relations\":[]}"),
                once("sequential thinking", "{\n  \"thoughtNumber\": 1,\n  \"totalThoughts\": 2,\n  \"nextThoughtNeeded\": true,\n  \"branches\": [],\n  \"thoughtHistoryLength\": 1\n}",
                        "{\"thoughtNumber\":1,\"totalThoughts\":2,\"nextThoughtNeeded\":true,\"branches\":[],\"thoughtHistoryLength\":1}"),
                once("git status", "{\n  \"success\": true,\n  \"currentBranch\": \"main\",\n  \"isClean\": true\n}",
                        "{\"isClean\":true,\"currentBranch\":\"main\",\"success\":true}"),
                // server-everything get-structured-content: compact JSON, same keys
                once("everything get-structured-content", "{\"temperature\":33,\"conditions\":\"Cloudy\",\"humidity\":82}",
                        "{\"temperature\":33,\"conditions\":\"Cloudy\",\"humidity\":82}"),
                // dbhub execute_sql: text only
                once("dbhub execute_sql", "{\n  \"success\": true,\n  \"data\": {\"rows\": [{\"id\": 1}], \"count\": 1}\n}", null),
                // Structured content that says more than the text: sent after it.
                twice("a sentence and the data", "It is sunny.", "{\"temperature\":21.5,\"conditions\":\"sunny\"}"),
                twice("memory delete_entities: a second field", "Entities deleted successfully",
                        "{\"success\":true,\"message\":\"Entities deleted successfully\"}"),
                twice("one field, another value", "hello", "{\"content\":\"hello world\"}"),
                twice("the array and a count", ENTITIES_TEXT, "{\"entities\":" + ENTITIES_JSON + ",\"count\":1}"),
                twice("one field holding a different array", ENTITIES_TEXT, "{\"entities\":[]}"),
                twice("a number that only looks alike", "{\"n\":1}", "{\"n\":\"1\"}"));
    }

    private static Arguments once(String shape, String text, String structured) {
        return Arguments.of(shape, text, structured, text.strip());
    }

    private static Arguments twice(String shape, String text, String structured) {
        return Arguments.of(shape, text, structured, text + "\n" + Json.write(Json.parse(structured)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void theModelGetsWhatTheStructuredResultAdds(String shape, String text, String structured, String expected) {
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none());
        ToolOutcome out = mapper.map(new McpCallResult(List.of(new McpContent.Text(text)),
                structured == null ? null : Json.parse(structured), false), null);
        assertEquals(expected, modelText(out).strip(), shape);
        assertEquals(structured == null ? null : Json.parse(structured), out.rawOutput(), "the editor still gets the structured result");
    }

    @Test
    void aFileThatFitsInlineStaysInlineWithItsStructuredEcho(@TempDir Path dir) {
        // The filesystem server's read_text_file of an 18,000-character file: text and {"content": text}.
        String file = "line of a file that is read whole\n".repeat(530).substring(0, 18_000);
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT, new ArtifactStore(dir));
        var structured = Json.object().put("content", file);
        ToolOutcome out = mapper.map(new McpCallResult(List.of(new McpContent.Text(file)), structured, false), null);
        assertEquals(file, modelText(out), "the text once, whole and inline");
        assertFalse(modelText(out).contains("artifact:"), "no artifact for a result that fits");
    }
}
