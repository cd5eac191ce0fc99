package dev.tether.mcp.interaction.elicitation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Every rule an accepted form answer must meet; an answer that breaks one is sent as cancel. */
class FormReplyValidationTest {
    private static final FormSchema FORM = FormSchema.parse(json("""
            {'type':'object','required':['name'],'properties':{
              'name':{'type':'string','minLength':2,'maxLength':5},
              'email':{'type':'string','format':'email'},
              'home':{'type':'string','format':'uri'},
              'born':{'type':'string','format':'date'},
              'when':{'type':'string','format':'date-time'},
              'age':{'type':'integer','minimum':0,'maximum':150},
              'ratio':{'type':'number','minimum':0,'maximum':1},
              'ok':{'type':'boolean'},
              'pet':{'type':'string','enum':['cat','dog']},
              'hero':{'type':'string','oneOf':[{'const':'h1','title':'Superman'}]},
              'tags':{'type':'array','minItems':1,'maxItems':2,'items':{'type':'string','enum':['a','b','c']}}}}"""));

    static Stream<Arguments> violations() {
        return Stream.of(
                Arguments.of("{'name':'Ada'}", ""),
                Arguments.of("{'name':'Ada','email':'ada@example.com','home':'https://ada.dev','born':'1815-12-10',"
                        + "'when':'2025-01-01T10:00:00Z','age':36,'ratio':0.5,'ok':true,'pet':'cat','hero':'h1','tags':['a','c']}", ""),
                Arguments.of("{}", "required field \"name\" is missing"),
                Arguments.of("{'name':'A'}", "name: shorter than 2"),
                Arguments.of("{'name':'Adalovelace'}", "name: longer than 5"),
                Arguments.of("{'name':7}", "name: not a string"),
                Arguments.of("{'name':'Ada','extra':1}", "the answer has a field the form does not ask for"),
                Arguments.of("{'name':'Ada','__proto__':{'admin':true}}", "the answer has the forbidden key \"__proto__\""),
                Arguments.of("{'name':'Ada','constructor':1}", "the answer has the forbidden key \"constructor\""),
                Arguments.of("{'name':'Ada','prototype':1}", "the answer has the forbidden key \"prototype\""),
                Arguments.of("{'name':'Ada','email':'not-an-email'}", "email: not a valid email"),
                Arguments.of("{'name':'Ada','home':'no scheme'}", "home: not a valid uri"),
                Arguments.of("{'name':'Ada','born':'10/12/1815'}", "born: not a valid date"),
                Arguments.of("{'name':'Ada','when':'2025-01-01'}", "when: not a valid date-time"),
                Arguments.of("{'name':'Ada','age':36.5}", "age: not an integer"),
                Arguments.of("{'name':'Ada','age':151}", "age: above the maximum"),
                Arguments.of("{'name':'Ada','ratio':-0.1}", "ratio: below the minimum"),
                Arguments.of("{'name':'Ada','ratio':'0.5'}", "ratio: not a finite number"),
                Arguments.of("{'name':'Ada','ok':'yes'}", "ok: not a boolean"),
                Arguments.of("{'name':'Ada','pet':'cow'}", "pet: not one of the options"),
                Arguments.of("{'name':'Ada','hero':'Superman'}", "hero: not one of the options"),
                Arguments.of("{'name':'Ada','tags':[]}", "tags: fewer than 1 choices"),
                Arguments.of("{'name':'Ada','tags':['a','b','c']}", "tags: more than 2 choices"),
                Arguments.of("{'name':'Ada','tags':['a','a']}", "tags: has a value twice"),
                Arguments.of("{'name':'Ada','tags':['z']}", "tags: has a value that is not one of the options"));
    }

    @ParameterizedTest
    @MethodSource
    void violations(String content, String expected) {
        assertEquals(expected, String.join("; ", FORM.violations(json(content))));
    }

    @Test
    void nonFiniteNumbersAreRejected() {
        JsonNode content = Json.object().put("name", "Ada").put("ratio", Double.NaN);
        assertEquals("ratio: not a finite number", String.join("; ", FORM.violations(content)));
        JsonNode infinite = Json.object().put("name", "Ada").put("age", Double.POSITIVE_INFINITY);
        assertEquals("age: not a finite number", String.join("; ", FORM.violations(infinite)));
    }

    @Test
    void anInvalidAcceptIsSentAsCancelAndDeclineDropsContent() {
        assertEquals(ElicitationReply.CANCEL, ElicitationFlow.checked(new ElicitationReply("accept", json("{'name':'A'}")), FORM));
        assertEquals(ElicitationReply.CANCEL, ElicitationFlow.checked(new ElicitationReply("accept", null), FORM));
        assertEquals(ElicitationReply.CANCEL, ElicitationFlow.checked(new ElicitationReply("maybe", null), FORM));
        assertEquals(ElicitationReply.DECLINE, ElicitationFlow.checked(new ElicitationReply("decline", json("{'name':'Ada'}")), FORM));
        assertEquals(new ElicitationReply("accept", json("{'name':'Ada'}")),
                ElicitationFlow.checked(new ElicitationReply("accept", json("{'name':'Ada'}")), FORM));
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
