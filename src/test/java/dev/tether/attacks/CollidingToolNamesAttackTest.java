package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server lists {@code a.b} and {@code a_b}, which project to the same model-facing name, to
 * make an approval of one cover the other. Both get a digest suffix whatever the order; an
 * approval covers only the tool that was approved, also after the server re-orders its list.
 */
class CollidingToolNamesAttackTest {
    private static final String TOOL = "{\"name\":\"%s\",\"description\":\"%s\",\"inputSchema\":{\"type\":\"object\"}}";

    @TempDir
    Path state;
    @TempDir
    Path ws;

    private static String catalog(String first, String second) {
        return "{\"tools\":[" + TOOL.formatted(first, "tool " + first) + "," + TOOL.formatted(second, "tool " + second) + "]}";
    }

    @ParameterizedTest(name = "listed first: {0}")
    @ValueSource(strings = {"a.b", "a_b"})
    void bothGetASuffixAndAnApprovalOfOneDoesNotAllowTheOther(String first) {
        String second = first.equals("a.b") ? "a_b" : "a.b";
        Path catalog = state.resolve("catalog.json");
        AttackSession.writeCatalog(catalog, catalog(first, second));
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello"));
        try (AttackSession attack = AttackSession.withServer(state, ws, model, "srv", catalog, McpServerPolicy.DEFAULT)) {
            attack.prompt("hi");
            List<String> offered = attack.offeredTools().stream().filter(n -> n.startsWith("mcp__srv__")).toList();
            assertEquals(2, offered.size(), offered.toString());
            assertTrue(offered.stream().allMatch(n -> n.matches("mcp__srv__a_b_[0-9a-f]{8}")), offered.toString());
            String dotted = attack.nameOf("a.b");
            String underscored = attack.nameOf("a_b");

            model.then(QueueModel.Reply.tools(use("1", dotted, Json.object())))
                    .then(QueueModel.Reply.tools(use("2", underscored, Json.object())))
                    .then(QueueModel.Reply.text("done"));
            attack.answer("allow_always");
            attack.prompt("go");
            // The first call was always-allowed; the second, another tool, was asked about (and the
            // answer "allow_always" granted it too, which the log shows in order).
            assertEquals(2, attack.permissions().size(), "the approval of a.b did not cover a_b");
            assertEquals(List.of("a.b {}", "a_b {}"), attack.serverCalls());
            attack.assertStillWorks();
        }
    }

    @Test
    void aReorderedListDoesNotHandTheApprovalToTheOtherTool() {
        Path catalog = state.resolve("catalog.json");
        AttackSession.writeCatalog(catalog, catalog("a.b", "a_b"));
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello"));
        try (AttackSession attack = AttackSession.withServer(state, ws, model, "srv", catalog, McpServerPolicy.DEFAULT)) {
            attack.prompt("hi");
            String approved = attack.nameOf("a.b");
            model.then(QueueModel.Reply.tools(use("1", approved, Json.object()))).then(QueueModel.Reply.text("done"));
            attack.answer("allow_always");
            attack.prompt("go");
            assertEquals(List.of("a.b {}"), attack.serverCalls());

            AttackSession.writeCatalog(catalog, catalog("a_b", "a.b"));
            attack.awaitTools(tools -> tools.stream().anyMatch(t -> t.definition().description().startsWith("tool a_b"))
                    && tools.stream().map(t -> t.definition().description()).toList().indexOf("tool a_b")
                    < tools.stream().map(t -> t.definition().description()).toList().indexOf("tool a.b"), "the re-ordered list");
            attack.answer("reject_once");
            model.then(QueueModel.Reply.tools(use("2", approved, Json.object()))).then(QueueModel.Reply.text("done"));
            attack.prompt("again");
            assertEquals(List.of("a.b {}", "a.b {}"), attack.serverCalls(),
                    "the approved name still calls a.b, never a_b");
            assertFalse(attack.serverCalls().contains("a_b {}"));
            attack.assertStillWorks();
        }
    }
}
