package dev.tether.model.scripted;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.testing.model.RecordingEvents;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The script keys that drive compactions: {@code expect.compaction} and {@code expect.requestIncludes}. */
class ScriptedCompactionExpectTest {
    private static final List<ModelMessage> MESSAGES = List.of(ModelMessage.user(List.of(new Part.Text("SUMMARY: all done"))));

    @Test
    void aCompactionLineAnswersOnlyASummaryRequest() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                {"text": "the summary", "expect": {"compaction": true, "requestIncludes": "SUMMARY:"}}
                {"text": "never", "expect": {"compaction": true}}
                """, "test");
        assertEquals(List.of(new Part.Text("the summary")), provider.stream(request(ModelRequest.Purpose.COMPACTION),
                new RecordingEvents(), Cancellation.root()).message().parts());
        ModelException wrong = assertThrows(ModelException.class,
                () -> provider.stream(request(ModelRequest.Purpose.CONVERSATION), new RecordingEvents(), Cancellation.root()));
        assertTrue(wrong.getMessage().contains("line 2 expectation failed: the request should be a compaction's summary request"),
                wrong.getMessage());
    }

    @Test
    void requestIncludesNamesWhatIsMissing() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                {"text": "x", "expect": {"compaction": false, "requestIncludes": "nowhere to be found"}}
                """, "test");
        ModelException missing = assertThrows(ModelException.class,
                () -> provider.stream(request(ModelRequest.Purpose.CONVERSATION), new RecordingEvents(), Cancellation.root()));
        assertTrue(missing.getMessage().contains("should contain \"nowhere to be found\""), missing.getMessage());
    }

    @Test
    void aNonBooleanCompactionIsABadLine() {
        ModelException bad = assertThrows(ModelException.class,
                () -> ScriptedProvider.of("{\"text\": \"x\", \"expect\": {\"compaction\": \"yes\"}}", "test"));
        assertTrue(bad.getMessage().contains("\"compaction\" must be true or false"), bad.getMessage());
    }

    private static ModelRequest request(ModelRequest.Purpose purpose) {
        return new ModelRequest("scripted", "system", MESSAGES, List.of(), 100, ThinkingLevel.OFF, purpose);
    }
}
