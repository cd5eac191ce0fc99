package dev.tether.testing.mcp;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The tools {@link ChaosMcpServer} lists with {@code --faults}, for the fault suite. Each breaks
 * the stdio wire in one way a real server might:
 * <ul>
 * <li>{@code close_stdout} closes the server's stdout without answering and keeps running (it still
 *     reads stdin), as a server whose writer thread died would.</li>
 * <li>{@code stop_reading} (handled in the read loop) answers, then never reads stdin again.</li>
 * <li>{@code bad_ids} sends an answer to an id never asked, one whose id is an object, then the right
 *     answer ("right answer") twice.</li>
 * <li>{@code request_flood {count}} sends {@code count} {@code ping} requests to the client without
 *     waiting for their answers, then answers "sent N pings".</li>
 * <li>{@code stderr_flood {mb}} writes that many MiB of lines to stderr, then answers "flooded stderr".</li>
 * </ul>
 */
final class ChaosFaultTools {
    static final List<String> NAMES = List.of("close_stdout", "stop_reading", "bad_ids", "request_flood", "stderr_flood");

    private ChaosFaultTools() {}

    static void call(String name, JsonNode id, JsonNode args) {
        switch (name) {
            case "close_stdout" -> closeStdout();
            case "bad_ids" -> {
                ChaosMcpServer.send("{\"jsonrpc\":\"2.0\",\"id\":987654,\"result\":{\"content\":[]}}");
                ChaosMcpServer.send("{\"jsonrpc\":\"2.0\",\"id\":{\"not\":\"an id\"},\"result\":{}}");
                ChaosMcpServer.answer(id, ChaosMcpServer.text("right answer"));
                ChaosMcpServer.answer(id, ChaosMcpServer.text("duplicate answer"));
            }
            case "request_flood" -> {
                int count = args.path("count").asInt(1000);
                for (int i = 0; i < count; i++) {
                    ChaosMcpServer.send("{\"jsonrpc\":\"2.0\",\"id\":\"flood-" + i + "\",\"method\":\"ping\"}");
                }
                ChaosMcpServer.answer(id, ChaosMcpServer.text("sent " + count + " pings"));
            }
            case "stderr_flood" -> {
                String line = "stderr flood " + "e".repeat(1000);
                long lines = args.path("mb").asLong(8) * 1024;
                for (long i = 0; i < lines; i++) {
                    System.err.println(line);
                }
                System.err.flush();
                ChaosMcpServer.answer(id, ChaosMcpServer.text("flooded stderr"));
            }
            default -> throw new IllegalArgumentException(name);
        }
    }

    private static void closeStdout() {
        System.err.println("closing stdout on purpose, still running");
        try {
            new FileOutputStream(FileDescriptor.out).close();
        } catch (IOException e) {
            System.err.println("could not close stdout: " + e);
        }
        System.setOut(new PrintStream(PrintStream.nullOutputStream(), false, StandardCharsets.UTF_8));
    }
}
