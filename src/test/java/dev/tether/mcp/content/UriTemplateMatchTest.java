package dev.tether.mcp.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UriTemplateMatchTest {

    @ParameterizedTest(name = "{0} ~ {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            orders://order/{id}                      | orders://order/A-1001                  | true
            orders://order/{id}                      | orders://order/A%2F1                   | true
            orders://order/{id}                      | orders://order/../secret               | false
            orders://order/{id}                      | orders://order/A/1                     | false
            orders://order/{id}                      | orders://other/A-1                     | false
            orders://order/{id}                      | orders://order/A-1?x=1                 | false
            demo://resource/dynamic/text/{resourceId}| demo://resource/dynamic/text/7         | true
            file:///{+path}                          | file:///src/main/App.java              | true
            file:///{path}                           | file:///src/main/App.java              | false
            http://x/{#frag}                         | http://x/#sec/1                        | true
            http://x{/seg,more}                      | http://x/a/b                           | true
            http://x{/seg}                           | http://x/a/b                           | true
            http://x/y{.ext}                         | http://x/y.json                        | true
            http://x/s{?q,lang}                      | http://x/s?q=cat&lang=en               | true
            http://x/s{?q,lang}                      | http://x/s?q=cat                       | true
            http://x/s{?q,lang}                      | http://x/s?evil=1                      | false
            http://x/s{?q}{&page}                    | http://x/s?q=a&page=2                  | true
            http://x/m{;v}                           | http://x/m;v=1                         | true
            db://{schema}/{table}                    | db://public/users                      | true
            db://{schema}/{table}                    | db://public/users/1                    | false
            literal://exact                          | literal://exact                        | true
            literal://exact                          | literal://exactly                      | false
            a.b://{x}                                | aXb://1                                | false
            """)
    void matches(String template, String uri, boolean expected) {
        assertEquals(expected, UriTemplate.parse(template.strip()).matches(uri.strip()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"x://{", "x://}", "x://{}", "x://{a b}", "x://{a}}"})
    void malformedTemplatesAreRejected(String template) {
        assertThrows(IllegalArgumentException.class, () -> UriTemplate.parse(template));
    }

    @org.junit.jupiter.api.Test
    void variablesAreNamedWithoutModifiers() {
        assertEquals(Set.of("a", "b", "list", "q"), UriTemplate.parse("x://{a}/{+b}{/list*}{?q:3}").variables());
    }
}
