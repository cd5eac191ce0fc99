package dev.tether.mcp.interaction.elicitation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.json.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Requested schemas outside the spec's flat primitive subset are refused with a reason the server reads. */
class FormSchemaRefusalTest {

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("{'type':'object','properties':{'a':{'type':'object','properties':{}}}}",
                        "field \"a\" must be of type string, number, integer, boolean or array"),
                Arguments.of("{'type':'array','properties':{}}", "requestedSchema must have type \"object\""),
                Arguments.of("{'type':'object'}", "requestedSchema must have an object of properties"),
                Arguments.of("{'type':'object','properties':{'__proto__':{'type':'string'}}}",
                        "a field may not be named \"__proto__\""),
                Arguments.of("{'type':'object','properties':{'constructor':{'type':'string'}}}",
                        "a field may not be named \"constructor\""),
                Arguments.of("{'type':'object','properties':{'na\u200Bme':{'type':'string'}}}",
                        "a field name is empty, longer than 64 characters or has hidden characters"),
                Arguments.of("{'type':'object','properties':{'a':{'$ref':'#/x','type':'string'}}}",
                        "field \"a\" may not use \"$ref\""),
                Arguments.of("{'type':'object','properties':{'a':{'type':'string','pattern':'x+'}}}",
                        "field \"a\" may not use \"pattern\""),
                Arguments.of("{'type':'object','properties':{'a':{'type':'string','format':'ipv4'}}}",
                        "field \"a\" has a format other than email, uri, date or date-time"),
                Arguments.of("{'type':'object','properties':{'a':{'type':'number','minimum':'1'}}}",
                        "the minimum of field \"a\" must be a finite number"),
                Arguments.of("{'type':'object','properties':{'a':{'type':'array','items':{'type':'object'}}}}",
                        "multi-select field \"a\" must list its options as items.enum or items.anyOf"),
                Arguments.of("{'type':'object','properties':{'a':{'type':'string','enum':['x',1]}}}",
                        "field \"a\" has a enum value that is not a plain string"),
                Arguments.of("{'type':'object','properties':{'a':{'type':'string','enum':['x'],'default':'y'}}}",
                        "the default of field \"a\" does not fit the field"),
                Arguments.of("{'type':'object','properties':{'a':{'type':'string'}},'required':['b']}",
                        "required names a field the form does not have"),
                Arguments.of("{'type':'object','properties':{},'additionalProperties':true}",
                        "requestedSchema may only say additionalProperties: false"),
                Arguments.of("{'type':'object','properties':{},'allOf':[]}",
                        "requestedSchema may not use \"allOf\" (only a flat object of primitive fields is allowed)"));
    }

    @ParameterizedTest
    @MethodSource
    void refused(String schema, String reason) {
        FormSchema.Refused e = assertThrows(FormSchema.Refused.class,
                () -> FormSchema.parse(Json.parse(schema.replace('\'', '"'))));
        assertEquals(reason, e.getMessage());
    }
}
