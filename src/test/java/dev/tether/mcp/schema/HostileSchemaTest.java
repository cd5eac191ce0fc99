package dev.tether.mcp.schema;

import static dev.tether.mcp.schema.SchemaCheckTest.check;
import static dev.tether.mcp.schema.SchemaCheckTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's schema is untrusted: a reference out of the document is never fetched (a loopback
 * canary counts requests), and a cyclic, runaway or unusable schema ends in "unchecked" instead
 * of a hang, a stack overflow or a crash. The timeout only guards the build against a hang.
 */
@Timeout(60)
class HostileSchemaTest {
    private HttpServer canary;
    private final AtomicInteger fetches = new AtomicInteger();

    @BeforeEach
    void startCanary() throws IOException {
        canary = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        canary.createContext("/", exchange -> {
            fetches.incrementAndGet();
            byte[] body = "{\"type\":\"string\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        canary.start();
    }

    @AfterEach
    void stopCanary() {
        canary.stop(0);
    }

    private String canaryUrl(String path) {
        return "http://127.0.0.1:" + canary.getAddress().getPort() + path;
    }

    @Test
    void aNetworkRefIsNeverFetchedWhateverTheValue() {
        SchemaCheck lookup = check("""
                {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
                 "$defs":{"userId":{"type":"string","pattern":"^[a-z0-9-]+$"}},
                 "properties":{"id":{"$ref":"#/$defs/userId"},"profile":{"$ref":"%s"}},"required":["id"]}"""
                .formatted(canaryUrl("/canary/profile-schema.json")));
        assertEquals(new Verdict.Valid(), lookup.check(json("{\"id\":\"ada\"}")));
        assertInstanceOf(Verdict.Invalid.class, lookup.check(json("{\"id\":\"Not An Id\"}")));
        Verdict reaching = lookup.check(json("{\"id\":\"ada\",\"profile\":{\"displayName\":\"Ada\"}}"));
        assertTrue(assertInstanceOf(Verdict.Unchecked.class, reaching).reason().contains("never loaded"), reaching.toString());
        assertEquals(0, fetches.get());
    }

    @Test
    void aRemoteMetaSchemaOrBaseIdIsNotFetchedEither() {
        SchemaCheck meta = check("{\"$schema\":\"%s\",\"type\":\"integer\"}".formatted(canaryUrl("/meta")));
        assertEquals(new Verdict.Valid(), meta.check(json("3")));
        assertInstanceOf(Verdict.Invalid.class, meta.check(json("\"3\"")));
        SchemaCheck relative = check("{\"$id\":\"%s\",\"properties\":{\"p\":{\"$ref\":\"other.json\"}}}".formatted(canaryUrl("/base/root.json")));
        assertInstanceOf(Verdict.Unchecked.class, relative.check(json("{\"p\":1}")));
        assertEquals(0, fetches.get());
    }

    @Test
    void aLocalFileRefIsNotRead(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("s.json"), "{\"type\":\"string\"}");
        SchemaCheck local = check("{\"properties\":{\"p\":{\"$ref\":\"%s\"}}}".formatted(file.toUri()));
        assertInstanceOf(Verdict.Unchecked.class, local.check(json("{\"p\":1}")));
        SchemaCheck classpath = check("{\"properties\":{\"p\":{\"$ref\":\"classpath:logback.xml\"}}}");
        assertInstanceOf(Verdict.Unchecked.class, classpath.check(json("{\"p\":1}")));
    }

    @Test
    void cyclicRefsEndUncheckedInsteadOfOverflowingTheStack() {
        Verdict self = check("{\"$ref\":\"#\"}").check(json("{\"a\":1}"));
        assertTrue(assertInstanceOf(Verdict.Unchecked.class, self).reason().contains("evaluation depth"), self.toString());
        Verdict pair = check("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},\"$ref\":\"#/$defs/a\"}")
                .check(json("1"));
        assertInstanceOf(Verdict.Unchecked.class, pair);
    }

    @Test
    void aLegitimateRecursiveSchemaStillValidatesDeepValues() {
        SchemaCheck tree = check("{\"$defs\":{\"n\":{\"type\":\"object\",\"properties\":{\"c\":{\"$ref\":\"#/$defs/n\"}}}},\"$ref\":\"#/$defs/n\"}");
        String deep = "{\"c\":".repeat(20) + "{}" + "}".repeat(20);
        assertEquals(new Verdict.Valid(), tree.check(json(deep)));
        assertInstanceOf(Verdict.Invalid.class, tree.check(json("{\"c\":".repeat(20) + "5" + "}".repeat(20))));
    }

    @Test
    void aCatastrophicPatternStopsAtItsBudget() {
        Verdict verdict = check("{\"type\":\"string\",\"pattern\":\"(a+)+\\\\1b\"}").check(json("\"" + "a".repeat(40) + "\""));
        assertTrue(assertInstanceOf(Verdict.Unchecked.class, verdict).reason().contains("pattern"), verdict.toString());
        SchemaCheck keys = check("{\"type\":\"object\",\"patternProperties\":{\"(a+)+\\\\1b\":{\"type\":\"string\"}}}");
        assertInstanceOf(Verdict.Unchecked.class, keys.check(json("{\"" + "a".repeat(40) + "\":1}")));
    }

    @Test
    void aCombinatorBombEndsAtTheStepLimit() {
        // Each level doubles the work: 2^30 evaluations if nothing stopped it.
        String bomb = bombViaRefs(30);
        Verdict verdict = check(bomb).check(json("\"not a number\""));
        assertTrue(assertInstanceOf(Verdict.Unchecked.class, verdict).reason().contains("evaluation steps"), verdict.toString());
    }

    /** l0 is a string check; each l(i+1) is anyOf of l(i) twice, so l(n) costs 2^n evaluations and fails. */
    private static String bombViaRefs(int levels) {
        StringBuilder defs = new StringBuilder("\"l0\":{\"type\":\"integer\"}");
        for (int i = 1; i <= levels; i++) {
            defs.append(",\"l").append(i).append("\":{\"anyOf\":[{\"$ref\":\"#/$defs/l").append(i - 1)
                    .append("\"},{\"$ref\":\"#/$defs/l").append(i - 1).append("\"}]}");
        }
        return "{\"$defs\":{" + defs + "},\"$ref\":\"#/$defs/l" + levels + "\"}";
    }

    @Test
    void aSchemaThatDoesNotCompileIsUncheckedNotAnError() {
        Verdict verdict = check("{\"type\":\"object\",\"properties\":{\"p\":{\"pattern\":\"(unclosed\"}}}").check(json("{\"p\":\"x\"}"));
        assertInstanceOf(Verdict.Unchecked.class, verdict);
    }
}
