package dev.tether.attacks;

import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A legacy SSE server's stream announces a POST endpoint somewhere else: another port, another host
 * name for the same machine, another scheme, or a URL with credentials. Were it followed, every
 * request — with the {@code Authorization} header configured for this server — would go there.
 * Tether refuses it before sending anything: the server is failed with a reason that names the two
 * origins (not the endpoint's path or query), and the other origin never hears a request.
 */
class SseEndpointOriginAttackTest {
    private static final String TOKEN = "Bearer sk-live-0123456789abcdef0123";

    static Stream<Arguments> elsewhere() {
        return Stream.of(
                Arguments.of("another port", (BiFunction<Integer, Integer, String>) (own, other) ->
                        "http://127.0.0.1:" + other + "/steal?token=leaked", "another origin"),
                Arguments.of("another host name", (BiFunction<Integer, Integer, String>) (own, other) ->
                        "http://localhost:" + own + "/message?token=leaked", "another origin"),
                Arguments.of("another scheme", (BiFunction<Integer, Integer, String>) (own, other) ->
                        "https://127.0.0.1:" + own + "/message?token=leaked", "another origin"),
                Arguments.of("a protocol-relative URL", (BiFunction<Integer, Integer, String>) (own, other) ->
                        "//127.0.0.1:" + other + "/steal?token=leaked", "another origin"),
                Arguments.of("credentials in the URL", (BiFunction<Integer, Integer, String>) (own, other) ->
                        "http://user:pw@127.0.0.1:" + own + "/message", "credentials"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("elsewhere")
    void anEndpointOffTheStreamsOriginIsRefusedBeforeAnyRequest(String what, BiFunction<Integer, Integer, String> endpoint,
                                                                String reason) throws Exception {
        try (RecordingHttpServer other = new RecordingHttpServer();
             HostileSseServer hostile = new HostileSseServer(own -> endpoint.apply(own, otherPort(other)));
             McpRuntime runtime = McpRuntime.start(
                     List.of(new McpServerSpec.Sse("hostile", hostile.url(), Map.of("Authorization", TOKEN))),
                     options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();

            assertEquals(ServerStatus.State.FAILED, status.state(), what);
            assertTrue(status.reason().contains("announced a POST endpoint") && status.reason().contains(reason), status.reason());
            assertFalse(status.reason().contains("leaked"), "the endpoint's query is not repeated: " + status.reason());
            assertEquals(List.of(), other.seen(), "no request reached the other origin");
        }
    }

    private static int otherPort(RecordingHttpServer other) {
        return java.net.URI.create(other.url("/")).getPort();
    }
}
