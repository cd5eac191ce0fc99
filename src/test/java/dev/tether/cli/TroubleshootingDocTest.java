package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.FailureWords;
import dev.tether.config.schema.ConfigSchema;
import dev.tether.json.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every message of the error table, produced by the code itself, is in docs/troubleshooting.md: the
 * fixed parts of each message (what remains once the user's own values, written here as V, are
 * taken out) appear in the page.
 */
class TroubleshootingDocTest {
    private static final String V = "VALUE";
    private static final String URL = "http://" + V + ":1/";

    @Test
    void everyMessageOfTheTableIsExplained() throws Exception {
        String page = Files.readString(Path.of("docs/troubleshooting.md"));
        List<String> messages = List.of(
                FailureWords.network(new ConnectException(), URL, null),
                FailureWords.network(new UnknownHostException(V), URL, null),
                FailureWords.network(new HttpConnectTimeoutException(V), URL, Duration.ofSeconds(1)),
                FailureWords.network(new HttpTimeoutException(V), URL, Duration.ofSeconds(1)),
                FailureWords.network(new NoRouteToHostException(), URL, null),
                FailureWords.network(new IOException(new java.io.EOFException()), URL, null),
                FailureWords.network(new SocketException(), URL, null),
                FailureWords.network(new javax.net.ssl.SSLHandshakeException(V), URL, null),
                FailureWords.program(new IOException(V + " error=2, " + V), V, Path.of(V, V)),
                FailureWords.program(new IOException(V + " error=13, " + V), V, Path.of(V, V)),
                FailureWords.program(new IOException(V + " error=8, " + V), V, Path.of(V, V)),
                FailureWords.file(new AccessDeniedException(V), V, Path.of(V, V)),
                FailureWords.file(new NoSuchFileException(V), V, Path.of(V, V)),
                ConfigSchema.check(Json.parse("{\"provder\": 1}"), V).getFirst().text(),
                ConfigSchema.check(Json.parse("{\"oauth\": {\"rememberSignIns\": \"yes\"}}"), V).getFirst().text());
        List<String> missing = new ArrayList<>();
        for (String message : messages) {
            for (String part : message.replace("1 s", V).split(V + "(:1)?|\\(looked for [^)]*\\)|/")) {
                String fixed = part.strip();
                if (fixed.length() >= 12 && !page.contains(fixed)) {
                    missing.add(fixed + "   ← of: " + message);
                }
            }
        }
        assertEquals(List.of(), missing, "docs/troubleshooting.md lacks these parts of messages");
    }
}
