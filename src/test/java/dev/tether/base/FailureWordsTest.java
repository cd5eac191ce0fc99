package dev.tether.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one table from failures to the user's words, row by row. Real failures where a test can make
 * them on this machine (a refused port on 127.0.0.1, a missing or non-executable program); the
 * JDK's exception where it cannot (an unknown host needs DNS, a timeout needs a silent host, a
 * refused read needs a user who is not root). The TLS row with a real certificate is in
 * {@code CaBundleTest}.
 */
class FailureWordsTest {
    @TempDir
    Path dir;

    @Test
    void refusedConnectionNamesHostAndPort() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/mcp";
        IOException e = assertThrows(IOException.class, () -> HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()));
        assertEquals("connection refused by 127.0.0.1:" + port + ": nothing is listening there (is the server running, and is the port right?)",
                FailureWords.network(e, url, Duration.ofSeconds(30)));
    }

    @Test
    void unknownHostNamesTheHost() {
        assertEquals("unknown host \"docs.exmaple.com\": check the spelling of the URL, or your network and DNS",
                FailureWords.network(new IOException(new UnknownHostException("docs.exmaple.com")), "https://docs.exmaple.com/mcp", null));
    }

    @Test
    void timeoutsSayAfterHowLong() {
        assertEquals("no answer from 10.1.2.3:443 after 30 s while connecting: is the host reachable from here (proxy, firewall)?",
                FailureWords.network(new HttpConnectTimeoutException("HTTP connect timed out"), "https://10.1.2.3/mcp", Duration.ofSeconds(30)));
        assertEquals("10.1.2.3:8080 did not answer after 1500 ms".replace("1500 ms", "1 s"),
                FailureWords.network(new HttpTimeoutException("request timed out"), "http://10.1.2.3:8080/", Duration.ofMillis(1500)));
    }

    @Test
    void noSuchProgramSaysThePathAsWrittenAndAsResolved() {
        Path resolved = dir.resolve("server.js");
        IOException e = assertThrows(IOException.class, () -> new ProcessBuilder(resolved.toString()).start());
        assertEquals("no such file: \"./server.js\" (looked for " + resolved + ")", FailureWords.program(e, "./server.js", resolved));
    }

    @Test
    void aProgramWithoutTheExecuteBitIsNamedNotExecutable() throws Exception {
        Path script = Files.writeString(dir.resolve("server.sh"), "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
        IOException e = assertThrows(IOException.class, () -> new ProcessBuilder(script.toString()).start());
        assertEquals("\"server.sh\" (looked for " + script + ") is not executable: run chmod +x " + script,
                FailureWords.program(e, "server.sh", script));
    }

    @Test
    void aFileThatCannotBeReadIsPermissionDenied() {
        Path file = dir.resolve("script.jsonl");
        assertEquals("permission denied reading \"script.jsonl\" (looked for " + file + ")",
                FailureWords.file(new AccessDeniedException(file.toString()), "script.jsonl", file));
        assertEquals("no such file: \"/x/nope.jsonl\"", FailureWords.file(new java.nio.file.NoSuchFileException("/x/nope.jsonl"),
                "/x/nope.jsonl", Path.of("/x/nope.jsonl")));
    }
}
