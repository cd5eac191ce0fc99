package dev.tether.testing.mcp;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An MCP stdio server that stops reading its stdin for good as soon as a {@code tools/call}
 * starts to arrive, in the middle of that line. A large call then fills the pipe, and every
 * later write to this server (such as {@code notifications/cancelled}) would block its writer.
 * It offers one tool, {@code listen} {text}, which it never answers.
 */
public final class DeafServer {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        InputStream in = System.in;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b != '\n') {
                line.write(b);
                // Once the method is known to be tools/call, the rest of the line is never read.
                if (line.size() < 200 && line.toString(StandardCharsets.UTF_8).contains("\"tools/call\"")) {
                    System.err.println("no longer reading");
                    Thread.sleep(Long.MAX_VALUE);
                }
                continue;
            }
            JsonNode message = JSON.readTree(line.toString(StandardCharsets.UTF_8));
            line.reset();
            JsonNode id = message.get("id");
            switch (message.path("method").asString("")) {
                case "initialize" -> answer(id, """
                        {"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"deaf","version":"1"}}""");
                case "tools/list" -> answer(id, """
                        {"tools":[{"name":"listen","description":"Never answers",
                          "inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}]}""".replace("\n", ""));
                case "ping" -> answer(id, "{}");
                default -> {
                    if (id != null) {
                        OUT.println("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
                    }
                }
            }
        }
    }

    private static void answer(JsonNode id, String result) {
        if (id != null) {
            OUT.println("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}");
        }
    }

    private DeafServer() {}
}
