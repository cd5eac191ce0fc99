package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.testing.acp.InitializeFrames;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The real {@code tether acp} answers {@code initialize} frames — ordinary, odd (extra fields,
 * string, huge and negative ids, missing or wrong params, a notification first) and broken
 * (malformed JSON, a batch, repeated keys, trailing data, nesting past the limit) — with exactly
 * the bytes it wrote before its frames were read and written without an {@code ObjectMapper}:
 * {@code golden/initialize-frames.jsonl} was recorded from the build before that change. Each
 * frame is followed by a request for an unknown method, whose error marks the end of its answers.
 */
class InitializeAnswerUnchangedTest {
    private static final long ANSWER_SECONDS = 30;

    @TempDir
    Path dir;

    @Test
    void everyFrameGetsTheAnswersItGotBefore() throws Exception {
        exchange(InitializeFrames.golden());
    }

    /**
     * The same frames, each as the first of a fresh agent: a first {@code initialize} is answered
     * before Jackson is ready ({@code acp.FirstInitialize}), and every one of them must still get
     * the bytes it got before, whether it was answered that way or left to the connection.
     */
    @Test
    void everyFrameGetsTheSameAnswersAsTheFirstOfAnAgent() throws Exception {
        for (JsonNode entry : InitializeFrames.golden()) {
            exchange(List.of(entry));
        }
    }

    /** Sends each entry's frame to one new agent, in order, and compares the answers with the entry's. */
    private void exchange(List<JsonNode> golden) throws Exception {
        PipedOutputStream toAgent = new PipedOutputStream();
        PipedInputStream agentIn = new PipedInputStream(toAgent, 1 << 16);
        PipedInputStream fromAgent = new PipedInputStream(1 << 16);
        OutputStream agentOut = new PipedOutputStream(fromAgent);
        Map<String, String> env = Map.of("HOME", dir.toString(), "XDG_CONFIG_HOME", dir.resolve("config").toString(),
                "XDG_STATE_HOME", dir.resolve("state").toString(), "TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString(),
                "TETHER_PROVIDER", "scripted");
        CompletableFuture<Integer> agent = CompletableFuture.supplyAsync(() -> Main.run(new String[] {"acp"}, agentIn, agentOut,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), env));
        BufferedReader frames = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8));
        try {
            for (int i = 0; i < golden.size(); i++) {
                String in = golden.get(i).path("in").asString();
                List<String> expected = new ArrayList<>();
                golden.get(i).path("out").values().forEach(o -> expected.add(o.asString().replace("@VERSION@", Main.version())));
                String sync = "\"sync-" + i + "\"";
                toAgent.write((in + "\n{\"jsonrpc\":\"2.0\",\"id\":" + sync + ",\"method\":\"_sync\"}\n").getBytes(StandardCharsets.UTF_8));
                toAgent.flush();
                List<String> answers = new ArrayList<>();
                boolean synced = false;
                // The request thread may answer after the sync's error: wait for as many answers as before.
                while (!synced || answers.size() < expected.size()) {
                    String line = CompletableFuture.supplyAsync(() -> readLine(frames)).get(ANSWER_SECONDS, TimeUnit.SECONDS);
                    if (line.contains("\"id\":" + sync)) {
                        synced = true;
                    } else {
                        answers.add(line);
                    }
                }
                assertEquals(sorted(expected), sorted(answers), in);
            }
        } finally {
            toAgent.close();
        }
        assertEquals(0, agent.get(ANSWER_SECONDS, TimeUnit.SECONDS));
    }

    private static String readLine(BufferedReader frames) {
        try {
            String line = frames.readLine();
            if (line == null) {
                throw new IllegalStateException("the agent closed its output");
            }
            return line;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        return copy;
    }
}
