package dev.tether.config.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/** An edited file keeps what the edit did not touch, numbers as the user wrote them included. */
class JsonFilesTest {
    @TempDir
    Path dir;

    @Test
    void numbersStayAsWrittenThroughAnEdit() throws Exception {
        Path file = Files.writeString(dir.resolve("config.json"),
                "{\"price\": 1.50, \"big\": 12345678901234567890, \"small\": 7}\n");
        ObjectNode root = JsonFiles.read(file);
        root.put("added", true);
        JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
        String text = Files.readString(file);
        assertTrue(text.contains("\"price\": 1.50,"), text);
        assertTrue(text.contains("\"big\": 12345678901234567890,"), text);
        assertTrue(text.contains("\"small\": 7,"), text);
        assertTrue(text.contains("\"added\": true"), text);
    }

    @Test
    void anAbsentFileIsAnEmptyObjectAndABrokenOneIsNotRead() throws Exception {
        assertEquals(0, JsonFiles.read(dir.resolve("none.json")).size());
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"a\": \n");
        JsonFiles.EditException e = assertThrows(JsonFiles.EditException.class, () -> JsonFiles.read(broken));
        assertTrue(e.getMessage().contains("is not valid JSON"), e.getMessage());
    }
}
