package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.acp.schema.agent.InitializeResponse;
import dev.tether.json.Json;
import dev.tether.json.PlainJson;
import dev.tether.json.Trees;
import dev.tether.testing.acp.InitializeFrames;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The first {@code initialize}, answered from its bytes: for every recorded frame the answer is
 * either left to the connection or exactly the one the connection gave ({@code
 * golden/initialize-frames.jsonl}); the ordinary frames an editor sends are the ones answered; and
 * the editor's capabilities reach the agent once, whether it asks for them before or after.
 */
class FirstInitializeTest {
    private static final String VERSION = "9.9.9";

    @Test
    void answersOnlyWhatTheConnectionAnsweredAndExactlyAsItDid() throws Exception {
        Set<String> answered = new TreeSet<>();
        for (JsonNode entry : InitializeFrames.golden()) {
            String in = entry.path("in").asString();
            byte[] line = in.getBytes(StandardCharsets.UTF_8);
            String answer = new FirstInitialize(VERSION).answer(line, line.length);
            if (answer != null) {
                assertEquals(1, entry.path("out").size(), in);
                assertEquals(entry.path("out").get(0).asString().replace("@VERSION@", VERSION), answer, in);
                answered.add(Json.parse(answer).path("id").toString());
            }
        }
        // Zed's frame, a string id, ids past 32 bits and below zero, a carriage return, odd capability values.
        assertEquals(new TreeSet<>(List.of("0", "\"abc-1\"", "1099511627776", "-1", "19", "\"20\"", "21")), answered);
    }

    @Test
    void theCapabilitiesAreTheOnesTheConnectionWouldHaveRead() throws Exception {
        for (JsonNode entry : InitializeFrames.golden()) {
            String in = entry.path("in").asString();
            byte[] line = in.getBytes(StandardCharsets.UTF_8);
            FirstInitialize first = new FirstInitialize(VERSION);
            List<ClientCapabilities> heard = new ArrayList<>();
            first.onInitialized(heard::add);
            if (first.answer(line, line.length) != null) {
                JsonNode params = Trees.read(line, 0, line.length, true).path("params");
                assertEquals(List.of(ClientCapabilities.from(params.get("clientCapabilities"))), heard, in);
            } else {
                assertEquals(List.of(), heard, in);
            }
        }
    }

    /** The connection writes the answer with the mapper, {@link FirstInitialize} as plain values: the same bytes. */
    @Test
    void thePlainAnswerIsTheMappersAnswer() {
        for (ClientCapabilities client : List.of(ClientCapabilities.NONE,
                new ClientCapabilities(true, true, true, true, true, true, true, true))) {
            InitializeResponse answer = InitializeResult.of("1.2.3 \"é\"", client);
            assertEquals(Json.write(answer), PlainJson.write(answer.plain()));
        }
    }

    @Test
    void theCapabilitiesArriveOnceWhicheverComesFirst() {
        byte[] line = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
                + "\"clientCapabilities\":{\"fs\":{\"readTextFile\":true},\"terminal\":true,\"auth\":{\"terminal\":true}}}}")
                .getBytes(StandardCharsets.UTF_8);
        ClientCapabilities expected = new ClientCapabilities(true, false, true, false, false, false, false, true);

        FirstInitialize askedBefore = new FirstInitialize(VERSION);
        List<ClientCapabilities> before = new ArrayList<>();
        askedBefore.onInitialized(before::add);
        askedBefore.answer(line, line.length);
        assertEquals(List.of(expected), before);

        FirstInitialize askedAfter = new FirstInitialize(VERSION);
        askedAfter.answer(line, line.length);
        List<ClientCapabilities> after = new ArrayList<>();
        askedAfter.onInitialized(after::add);
        assertEquals(List.of(expected), after);
    }

    @Test
    void aFrameThatIsNotAPlainInitializeRequestIsLeftToTheConnection() {
        for (String frame : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{},\"extra\":1}",
                "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"initialize\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"x\":1.5}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")) {
            byte[] line = frame.getBytes(StandardCharsets.UTF_8);
            FirstInitialize first = new FirstInitialize(VERSION);
            List<ClientCapabilities> heard = new ArrayList<>();
            first.onInitialized(heard::add);
            assertNull(first.answer(line, line.length), frame);
            assertEquals(List.of(), heard, frame);
        }
    }
}
