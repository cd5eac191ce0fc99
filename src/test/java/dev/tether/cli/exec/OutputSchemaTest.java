package dev.tether.cli.exec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputSchemaTest {
    @TempDir
    Path dir;

    private OutputSchema read(String schema) throws Exception {
        Path file = dir.resolve("schema.json");
        Files.writeString(file, schema);
        return OutputSchema.read(file);
    }

    private String refused(String schema) {
        return assertThrows(ExecArgs.Usage.class, () -> read(schema)).getMessage();
    }

    @Test
    void aSchemaThatBreaksItsMetaSchemaIsRefusedWhenRead() {
        String message = refused("{\"type\": 12}");
        assertTrue(message.contains("not a valid JSON Schema") && message.contains("type"), message);
        String draft7 = refused("{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"required\": \"name\"}");
        assertTrue(draft7.contains("not a valid JSON Schema"), draft7);
    }

    @Test
    void aLocalReferenceToNothingIsRefusedWhenRead() {
        String message = refused("{\"type\": \"object\", \"properties\": {\"a\": {\"$ref\": \"#/definitions/nope\"}}}");
        assertTrue(message.contains("#/definitions/nope") && message.contains("nothing"), message);
    }

    @Test
    void aValidSchemaWithLocalReferencesIsRead() throws Exception {
        OutputSchema schema = read("{\"$defs\": {\"risk\": {\"enum\": [\"low\", \"high\"]}, \"a/b\": {\"type\": \"string\"}},"
                + " \"type\": \"object\", \"properties\": {\"risk\": {\"$ref\": \"#/$defs/risk\"}, \"why\": {\"$ref\": \"#/$defs/a~1b\"},"
                + " \"self\": {\"$ref\": \"#\"}}, \"examples\": [{\"$ref\": \"#/not/a/keyword\"}]}");
        assertTrue(schema.check("{\"risk\": \"low\", \"why\": \"small\"}").met());
        assertTrue(!schema.check("{\"risk\": \"mid\"}").met());
    }
}
