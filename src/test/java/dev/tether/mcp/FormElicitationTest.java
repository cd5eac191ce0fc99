package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.testing.mcp.ScriptedHost;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A form goes to the host sanitised with its defaults, and the user's valid answer goes back. */
class FormElicitationTest {

    @Test
    void roundTripWithDefaultsPresent() {
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'name':'Ada','count':3}")));
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("forms"))) {
            assertEquals(json("{'result':{'action':'accept','content':{'name':'Ada','count':3}}}"),
                    ask(runtime, "forms", "elicitation/create", json("""
                            {'mode':'form','message':'Who\\u200B are you?\\u202E',
                             'requestedSchema':{'type':'object','required':['name'],'properties':{
                               'name':{'type':'string','title':'Na\\u200Bme','default':'Grace'},
                               'count':{'type':'integer','minimum':1,'default':2}}}}""")));
            Elicitation shown = host.elicitations.getFirst();
            assertEquals("forms", shown.server());
            assertEquals(Elicitation.FORM, shown.mode());
            assertEquals("Who are you?", shown.message());
            assertEquals(json("{'name':'Grace','count':2}"), shown.defaults());
            assertEquals("Name", shown.requestedSchema().path("properties").path("name").path("title").asString());
            assertEquals(null, shown.toolCallId(), "asked outside a projected tool call: scoped to the session");
        }
    }

    @Test
    void anAnswerThatBreaksTheFormIsSentAsCancel() {
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'name':'Ada','__proto__':{'admin':true}}")));
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("forms"))) {
            assertEquals(json("{'result':{'action':'cancel'}}"), ask(runtime, "forms", "elicitation/create", json(
                    "{'message':'x','requestedSchema':{'type':'object','properties':{'name':{'type':'string'}}}}")));
        }
    }

    @Test
    void aNonFlatSchemaIsRefusedBeforeTheUserSeesIt() {
        ScriptedHost host = new ScriptedHost(true, false);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("forms"))) {
            assertEquals(json("{'error':{'code':-32602,'message':'field \\\"address\\\" must be of type string, number, integer, boolean or array'}}"),
                    ask(runtime, "forms", "elicitation/create", json(
                            "{'message':'x','requestedSchema':{'type':'object','properties':{'address':{'type':'object','properties':{'street':{'type':'string'}}}}}}")));
            assertTrue(host.elicitations.isEmpty());
        }
    }
}
