package dev.tether.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The streaming tree reader and writer that frames go through ({@link Trees}) read every input
 * into the tree the configured mapper reads — same values, same node classes — fail where it
 * fails, refuse repeated keys where the strict mapper does, and write byte for byte what it writes.
 */
class TreesMatchMapperTest {
    private static final List<String> INPUTS = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}",
            "{\"id\":\"abc\",\"extra\":{\"a\":[1,2.5,-0.0,1e400,1E-400,null,true,false,\"x\",[],{}]},\"more\":{}}",
            "{\"n\":[0,-1,2147483647,2147483648,-2147483649,9223372036854775807,9223372036854775808,123456789012345678901234567890]}",
            "{\"f\":[0.1,1e2,1.0,-3.25e-7,12345678901234567890.5]}",
            "{\"s\":\"\\u00e9\\u2028\\\"x\\\\ \\ud83d\\ude00 \\u0001 \\t\\n/\\/\",\"u\":\"é☃😀\"}",
            "[1,[2,[3,{\"a\":[]}]]]",
            "42", "-7.5", "\"text\"", "null", "true", "  {\"a\" : 1 }  ", "{}", "[]", "",
            "{\"a\":1,\"a\":2}", "{\"x\":{\"b\":[{\"c\":1,\"c\":{}}]}}",
            "{\"a\":1", "{} {}", "{\"a\":1} x", "nul", "[1,]", "{'a':1}", "{\"a\":01}", "{\"a\":NaN}", "\"\\x\"",
            "{\"deep\":" + "[".repeat(600) + "]".repeat(600) + "}",
            "{\"deep\":" + "[".repeat(400) + "]".repeat(400) + "}");

    @Test
    void readsEveryInputAsTheMapperDoes() {
        for (String input : INPUTS) {
            byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
            Object lenient = outcome(() -> Json.mapper().readTree(bytes, 0, bytes.length));
            assertEquals(lenient, outcome(() -> Trees.read(bytes, 0, bytes.length, false)), input);
            assertEquals(lenient, outcome(() -> Json.parse(input)), input);
            Object strict = outcome(() -> Json.strictKeys().readTree(bytes, 0, bytes.length));
            Object fast = outcome(() -> Trees.read(bytes, 0, bytes.length, true));
            if (strict.equals("refused") && !lenient.equals("invalid")) {
                assertEquals("duplicate " + lenient, fast, input);
            } else {
                assertEquals(strict, fast, input);
            }
        }
    }

    @Test
    void writesEveryTreeAsTheMapperDoes() {
        List<JsonNode> trees = new ArrayList<>();
        for (String input : INPUTS) {
            byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
            try {
                trees.add(Json.mapper().readTree(bytes, 0, bytes.length));
            } catch (JacksonException e) {
                // Not JSON: nothing to write.
            }
        }
        ObjectNode built = Json.object().put("nan", Double.NaN).put("inf", Double.NEGATIVE_INFINITY).put("float", 1.25f)
                .put("decimal", new BigDecimal("1E+3")).put("big", new BigInteger("123456789012345678901234567890"))
                .put("short", (short) 3).put("long", 1L << 40).putNull("nothing").put("text", "a\u0000b\u007f\u2029");
        built.putObject("nested").putArray("list").add(1).addNull().add("x");
        trees.add(built);
        trees.add(Json.tree(Map.of("record", new Sample("v", null, 2))));
        for (JsonNode tree : trees) {
            assertEquals(Json.mapper().writeValueAsString(tree), Trees.write(tree), tree.toString());
            assertEquals(Json.mapper().writeValueAsString(tree), Json.write(tree), tree.toString());
        }
    }

    @Test
    void aTreeWithAValueOnlyTheMapperWritesIsWrittenByIt() {
        ObjectNode tree = Json.object();
        tree.putPOJO("value", new Sample("a", "b", 1));
        tree.put("bytes", new byte[] {1, 2, 3});
        assertEquals(Json.mapper().writeValueAsString(tree), Trees.write(tree));
        assertEquals("{\"value\":{\"a\":\"a\",\"b\":\"b\",\"n\":1},\"bytes\":\"AQID\"}", Trees.write(tree));
    }

    @Test
    void aRepeatedKeyIsRefusedWithTheTreeAsReadLeniently() {
        byte[] bytes = "{\"id\":3,\"id\":4}".getBytes(StandardCharsets.UTF_8);
        Trees.DuplicateKeys refused = assertThrows(Trees.DuplicateKeys.class, () -> Trees.read(bytes, 0, bytes.length, true));
        assertEquals(Json.object().put("id", 4), refused.lenient());
    }

    record Sample(String a, String b, int n) {}

    /** The tree with the class of every node, or what kind of failure reading it was. */
    private static Object outcome(java.util.function.Supplier<JsonNode> read) {
        try {
            JsonNode tree = read.get();
            return tree == null ? "null" : describe(tree);
        } catch (Trees.DuplicateKeys e) {
            return "duplicate " + describe(e.lenient());
        } catch (DatabindException e) {
            return e.getMessage().contains("Duplicate") ? "refused" : "invalid";
        } catch (JacksonException e) {
            return "invalid";
        }
    }

    private static String describe(JsonNode node) {
        StringBuilder out = new StringBuilder(node.getClass().getSimpleName()).append('(');
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                out.append(e.getKey()).append('=').append(describe(e.getValue())).append(',');
            }
        } else if (node.isArray()) {
            for (Iterator<JsonNode> it = node.values().iterator(); it.hasNext(); ) {
                out.append(describe(it.next())).append(',');
            }
        } else {
            out.append(node);
        }
        return out.append(')').toString();
    }
}
