package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A line whose tool-result text passes the spill size: that text, and only that text, arrives
 * as a spilled string holding exactly what Jackson would have read, whatever pieces the line
 * came in; a line that cannot be read deletes what it had spilled.
 */
class SpillingLineTest {
    private static final int SPILL = 1000;

    @TempDir
    Path dir;

    private static String text(Random random, int length) {
        int[] alphabet = "abc xyz\n\t\"\\/é€😀\u2028".codePoints().toArray();
        StringBuilder out = new StringBuilder(length);
        while (out.length() < length) {
            out.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
        }
        return out.toString();
    }

    private static ObjectNode answer(String... texts) {
        ObjectNode message = Json.object().put("jsonrpc", "2.0").put("id", 7);
        var content = message.putObject("result").putArray("content");
        for (String text : texts) {
            content.addObject().put("type", "text").put("text", text);
        }
        return message;
    }

    @Test
    void aLongTextItemIsSpilledWhatEverThePiecesAndReadsBackAsSent() throws IOException {
        Random random = new Random(11);
        String first = text(random, 5_000);
        String second = text(random, 3 * SPILL);
        ObjectNode sent = answer(first, "short", second);
        ((ObjectNode) sent.get("result")).putObject("structuredContent").put("text", text(random, 5_000));
        String plain = Json.write(sent);
        StringBuilder escaped = new StringBuilder();
        for (char c : plain.toCharArray()) {
            escaped.append(c < 0x80 ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        for (String line : new String[] {plain, escaped.toString()}) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            for (int piece : new int[] {1, 7, 999, 1001, 65_536, bytes.length}) {
                SpillRecorder files = new SpillRecorder(dir);
                JsonNode tree = read(files, bytes, piece);
                JsonNode items = tree.path("result").path("content");
                assertEquals(first, contents(SpilledString.of(items.get(0).get("text"))), "piece " + piece);
                assertEquals("short", items.get(1).get("text").asString(), "a short text stays a string");
                assertEquals(second, contents(SpilledString.of(items.get(2).get("text"))));
                assertEquals(sent.path("result").path("structuredContent"), tree.path("result").path("structuredContent"),
                        "a long string elsewhere is read as before");
                assertEquals(7, tree.path("id").asInt());
                assertEquals(2, files.created.size());
                SpilledString.release(tree.get("result"));
                assertEquals(0, files.open(), "released, the files are closed");
            }
        }
    }

    @Test
    void onlyTheTextOfAToolResultItemIsSpilled() {
        String big = "y".repeat(3 * SPILL);
        ObjectNode error = Json.object().put("jsonrpc", "2.0").put("id", 1);
        error.putObject("error").put("code", -1).put("message", big);
        ObjectNode params = Json.object().put("jsonrpc", "2.0").put("method", "x");
        params.putObject("params").putObject("result").putArray("content").addObject().put("text", big);
        ObjectNode nested = answer();
        ((tools.jackson.databind.node.ArrayNode) nested.get("result").get("content")).addObject().putObject("resource").put("text", big);
        String escapedKey = "{\"result\":{\"content\":[{\"te\\u0078t\":\"" + big + "\"}]}}";
        for (String line : new String[] {Json.write(error), Json.write(params), Json.write(nested), escapedKey}) {
            SpillRecorder files = new SpillRecorder(dir);
            JsonNode tree = read(files, line.getBytes(StandardCharsets.UTF_8), 4096);
            assertEquals(Json.parse(line), tree, line.substring(0, 60));
            assertEquals(0, files.created.size(), line.substring(0, 60));
        }
    }

    @Test
    void aRepeatedTextKeyKeepsTheLastValueAndDeletesTheOther() {
        String line = "{\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + "a".repeat(3 * SPILL)
                + "\",\"text\":\"" + "b".repeat(2 * SPILL) + "\"}]}}";
        SpillRecorder files = new SpillRecorder(dir);
        JsonNode tree = read(files, line.getBytes(StandardCharsets.UTF_8), 512);
        SpilledString kept = SpilledString.of(tree.path("result").path("content").get(0).get("text"));
        assertEquals(2 * SPILL, kept.bytes());
        assertEquals(1, files.open(), "the first value's file is gone");
        kept.close();
    }

    @Test
    void anInvalidEscapeOrARawControlCharacterMakesTheLineUnreadableAndDeletesTheSpill() {
        for (String bad : new String[] {"\\x", "\\u12G4", "\u0001", "\n"}) {
            String line = "{\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + "a".repeat(2 * SPILL) + bad
                    + "a".repeat(SPILL) + "\"}]}}";
            SpillRecorder files = new SpillRecorder(dir);
            SpillingLine spilling = new SpillingLine(files, SPILL);
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            spilling.write(bytes, 0, bytes.length);
            assertNull(spilling.parse(false), bad);
            assertEquals("not valid JSON", spilling.problem());
            assertEquals(1, files.created.size());
            assertEquals(0, files.open(), "nothing left open for " + bad);
        }
    }

    @Test
    void aLineCutOffMidStringDeletesItsSpill() {
        String line = "{\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + "a".repeat(5 * SPILL);
        SpillRecorder files = new SpillRecorder(dir);
        SpillingLine spilling = new SpillingLine(files, SPILL);
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        spilling.write(bytes, 0, bytes.length);
        assertEquals(1, files.open(), "spilling while the string goes on");
        assertNull(spilling.parse(false), "an unfinished string is not JSON");
        assertEquals(0, files.open());
    }

    @Test
    void withoutSpillFilesNothingChanges() {
        String line = Json.write(answer("z".repeat(5 * SPILL)));
        SpillingLine plain = new SpillingLine(null, SPILL);
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        plain.write(bytes, 0, bytes.length);
        assertEquals(Json.parse(line), plain.parse(false));
    }

    @Test
    void aSpillFileThatCannotBeCreatedLeavesTheTextInMemory() {
        String line = Json.write(answer("z".repeat(5 * SPILL)));
        SpillingLine failing = new SpillingLine(() -> {
            throw new IOException("disk full");
        }, SPILL);
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        failing.write(bytes, 0, bytes.length);
        assertEquals(Json.parse(line), failing.parse(false));
    }

    @Test
    void aSpillFileThatFillsUpHandsTheTextToMemoryAndItStillReadsWhole() throws IOException {
        String text = text(new Random(3), 20 * SPILL);
        byte[] bytes = Json.write(answer(text)).getBytes(StandardCharsets.UTF_8);
        SpillRecorder disk = new SpillRecorder(dir);
        SpillFiles full = () -> new FullDiskChannel(disk.create(), 3 * SPILL);
        JsonNode tree = read(full, bytes, 100);
        SpilledString spilled = SpilledString.of(tree.path("result").path("content").get(0).get("text"));
        assertEquals(text, contents(spilled));
        assertEquals(0, disk.open(), "the file is given up at once");
        spilled.close();
        assertTrue(!spilled.isOpen());
    }

    private static JsonNode read(SpillFiles files, byte[] line, int piece) {
        SpillingLine spilling = new SpillingLine(files, SPILL);
        for (int at = 0; at < line.length; at += piece) {
            spilling.write(line, at, Math.min(piece, line.length - at));
        }
        assertEquals(line.length, spilling.size());
        JsonNode tree = spilling.parse(false);
        assertNotNull(tree);
        spilling.reset();
        return tree;
    }

    private static String contents(SpilledString spilled) throws IOException {
        assertTrue(spilled != null && spilled.isOpen(), "a spilled string");
        try (Reader in = spilled.reader()) {
            StringBuilder out = new StringBuilder();
            char[] buffer = new char[333];
            for (int n; (n = in.read(buffer)) > 0; ) {
                out.append(buffer, 0, n);
            }
            assertEquals(out.toString(), spilled.read(), "reader and read agree");
            return out.toString();
        }
    }
}
