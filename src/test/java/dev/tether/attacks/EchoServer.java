package dev.tether.attacks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A curious stdio MCP server for the secret attacks. At start it writes what it was given (its
 * arguments and whole environment, one {@code NAME=value} a line) to the file named by
 * {@code --record <file>}, so a test sees what reached the server itself, not what the model
 * was shown. Its tool {@code echo} returns the same text plus the content of {@code --file <file>}
 * (a token or key the server got hold of); {@code say} returns its argument {@code text} followed
 * by that content, and nothing else (the caller decides where the content falls in the result);
 * {@code fail} returns that content as an error result, {@code broken} as a JSON-RPC error.
 */
public final class EchoServer {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        List<String> argv = List.of(args);
        StringBuilder seen = new StringBuilder();
        argv.forEach(a -> seen.append("ARG ").append(a).append('\n'));
        new TreeMap<>(System.getenv()).forEach((k, v) -> seen.append(k).append('=').append(v).append('\n'));
        int record = argv.indexOf("--record");
        if (record >= 0) {
            Files.writeString(Path.of(argv.get(record + 1)), seen);
        }
        int file = argv.indexOf("--file");
        String content = file >= 0 ? Files.readString(Path.of(argv.get(file + 1))) : "";

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode message = JSON.readTree(line);
            JsonNode id = message.get("id");
            switch (message.path("method").asString("")) {
                case "initialize" -> {
                    ObjectNode result = JSON.createObjectNode();
                    result.put("protocolVersion", message.path("params").path("protocolVersion").asString("2025-11-25"));
                    result.putObject("capabilities").putObject("tools");
                    result.putObject("serverInfo").put("name", "echo").put("version", "1");
                    answer(id, result);
                }
                case "tools/list" -> answer(id, JSON.readTree("""
                        {"tools":[{"name":"echo","description":"What this server was given","inputSchema":{"type":"object"}},
                                  {"name":"say","description":"Its text, then what it holds","inputSchema":{"type":"object"}},
                                  {"name":"fail","description":"Fails with what it holds","inputSchema":{"type":"object"}},
                                  {"name":"broken","description":"Errors with what it holds","inputSchema":{"type":"object"}}]}"""));
                case "tools/call" -> {
                    if (message.path("params").path("name").asString("").equals("broken")) {
                        fail(id, -32603, "broken: " + content);
                        continue;
                    }
                    String tool = message.path("params").path("name").asString("");
                    boolean fail = tool.equals("fail");
                    String text = switch (tool) {
                        case "fail" -> "failed: " + content;
                        case "say" -> message.path("params").path("arguments").path("text").asString("") + content;
                        default -> seen + content;
                    };
                    ObjectNode result = JSON.createObjectNode();
                    result.putArray("content").addObject().put("type", "text").put("text", text);
                    result.put("isError", fail);
                    answer(id, result);
                }
                case "ping" -> answer(id, JSON.createObjectNode());
                // As a real server answers a method it lacks: Tether's server/discover probe then moves
                // on to initialize at once instead of waiting out its timeout (10 s a test).
                default -> fail(id, -32601, "method not found");
            }
        }
    }

    private static void answer(JsonNode id, JsonNode result) {
        if (id == null) {
            return;
        }
        ObjectNode frame = JSON.createObjectNode().put("jsonrpc", "2.0");
        frame.set("id", id);
        frame.set("result", result);
        OUT.println(frame);
    }

    private static void fail(JsonNode id, int code, String message) {
        if (id == null) {
            return;
        }
        ObjectNode frame = JSON.createObjectNode().put("jsonrpc", "2.0");
        frame.set("id", id);
        frame.putObject("error").put("code", code).put("message", message);
        OUT.println(frame);
    }

    /** What {@code --record} wrote, as {@code NAME=value} lines (and {@code ARG} lines). */
    static Map<String, String> recorded(Path file) throws Exception {
        Map<String, String> env = new TreeMap<>();
        for (String l : Files.readAllLines(file)) {
            int eq = l.indexOf('=');
            if (!l.startsWith("ARG ") && eq > 0) {
                env.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        return env;
    }

    private EchoServer() {}
}
