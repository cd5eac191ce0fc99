package dev.tether.cli.mcp;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Runs {@code tether mcp …} in a project on temp dirs (XDG paths and the managed settings under {@code root}). */
final class McpCliRun {
    final Path root;
    final Path project;
    final Map<String, String> env;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    McpCliRun(Path root, Path project, Map<String, String> extraEnv) {
        this.root = root;
        this.project = project;
        java.util.HashMap<String, String> all = new java.util.HashMap<>(Map.of("HOME", root.resolve("home").toString(),
                "XDG_STATE_HOME", root.resolve("state").toString(), "XDG_CONFIG_HOME", root.resolve("config").toString(),
                "TETHER_MANAGED_SETTINGS", root.resolve("managed-settings.json").toString(), "PATH", System.getenv("PATH")));
        all.putAll(extraEnv);
        this.env = Map.copyOf(all);
    }

    int run(String... args) {
        out.reset();
        err.reset();
        return McpCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                env, null, project);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    Path userConfig() {
        return root.resolve("config/tether/config.json");
    }

    Path localStore() {
        return root.resolve("state/tether/mcp-local-servers.json");
    }
}
