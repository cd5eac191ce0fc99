package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The version Tether reports (agentInfo, --version) is the project's, as Maven filtered it. */
class VersionTest {
    @Test
    void theReportedVersionIsTheProjectVersion() throws Exception {
        Properties props = new Properties();
        try (InputStream in = Main.class.getResourceAsStream("/dev/tether/version.properties")) {
            assertNotNull(in, "version.properties is built from the pom");
            props.load(in);
        }
        assertEquals(props.getProperty("version"), Main.version(),
                "Main.VERSION must follow the version in pom.xml");
    }
}
