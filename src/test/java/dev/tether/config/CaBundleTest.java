package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.tether.base.net.ExtraTrust;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.model.http.ModelHttp;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code "network": {"caBundle": "ca.pem"}} (relative to the config file) lets Tether's HTTP
 * clients reach an HTTPS server whose certificate the JDK does not trust — here one generated for
 * the test with keytool and served on 127.0.0.1 — and it adds to the JDK's trust, never replacing
 * it. A bundle that cannot be read is skipped.
 */
class CaBundleTest {
    private static final String PASSWORD = "changeit";

    @TempDir
    Path dir;
    private HttpsServer server;
    private Path pem;

    @BeforeEach
    void serve() throws Exception {
        Path keystore = dir.resolve("server.p12");
        pem = dir.resolve("config/tether/ca.pem");
        Files.createDirectories(pem.getParent());
        keytool("-genkeypair", "-alias", "tls", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "tls", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-file", pem.toString());

        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(keystore.toFile())) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            byte[] body = "trusted".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = Stream.concat(Stream.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()),
                Stream.of(args)).toList();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertEquals(0, process.waitFor(), "keytool " + args[0]);
    }

    private TetherSettings settings(String configJson) throws IOException {
        Map<String, String> env = Map.of("HOME", dir.toString(), "XDG_CONFIG_HOME", dir.resolve("config").toString());
        return SettingsLoader.resolve(Json.parse(configJson), env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
    }

    private String get(HttpClient client) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/")).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void theBundleLetsTheClientsReachTheServerTheJdkDoesNotTrust() throws Exception {
        assertThrows(SSLHandshakeException.class, () -> get(ModelHttp.newClient()), "without the bundle the server is not trusted");

        TetherSettings settings = settings("{\"network\": {\"caBundle\": \"ca.pem\"}}");
        assertEquals("trusted", get(ModelHttp.newClient(settings.network())));
    }

    @Test
    void theBundleAddsToTheJdksTrustAndNeverReplacesIt() throws Exception {
        List<X509Certificate> mine = NetworkConfig.certificates(pem, "network.caBundle");
        assertEquals(1, mine.size());
        Set<X509Certificate> jdk = Set.of(ExtraTrust.defaultTrust().getAcceptedIssuers());
        Set<X509Certificate> trusted = Set.of(ExtraTrust.trustManager(mine).getAcceptedIssuers());
        assertTrue(jdk.size() > 10, "the JDK ships its certificate authorities: " + jdk.size());
        assertEquals(Stream.concat(jdk.stream(), mine.stream()).collect(Collectors.toSet()), trusted);
    }

    @Test
    void anUntrustedServerIsNamedByItsCertificatesSubject() {
        SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, () -> get(ModelHttp.newClient(settings("{}").network())));
        String url = "https://127.0.0.1:" + server.getAddress().getPort() + "/";
        assertEquals("TLS failure with 127.0.0.1:" + server.getAddress().getPort() + ": the certificate of CN=127.0.0.1 is not trusted:"
                + " no authority Tether trusts signed it (add its authority with network.caBundle or NODE_EXTRA_CA_CERTS)",
                dev.tether.base.FailureWords.network(refused, url, null));
    }

    @Test
    void aBundleThatCannotBeUsedIsSkippedAndTetherStillStarts() throws Exception {
        Files.writeString(dir.resolve("config/tether/junk.pem"), "not a certificate");
        assertNotNull(settings("{\"network\": {\"caBundle\": \"missing.pem\"}}").network().tls(), "the JDK's own trust");
        assertNotNull(settings("{\"network\": {\"caBundle\": \"junk.pem\"}}").network().tls());
        assertNotNull(settings("{\"network\": {\"caBundle\": 42}}").network().tls());
    }
}
