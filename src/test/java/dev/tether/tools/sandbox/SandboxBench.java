package dev.tether.tools.sandbox;

import static dev.tether.testing.model.QueueModel.use;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the sandbox costs (scripts/bench; prints, never fails): {@code /bin/sh -c true} as a process
 * and through bubblewrap with the default policy, and a whole run_command tool-call turn through
 * ACP with the sandbox off and on. Target: at most 15 ms more per command.
 */
public final class SandboxBench {
    private SandboxBench() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path bwrap = Path.of("/usr/bin/bwrap");
        if (!Files.isExecutable(bwrap)) {
            System.out.println("sandbox: bwrap is not installed (package bubblewrap); no figures");
            return;
        }
        Path ws = Files.createTempDirectory("sandbox-bench");
        Path home = Path.of(System.getProperty("user.home"));
        SandboxPolicy policy = new SandboxPolicy(null, List.of(), SandboxPolicy.defaultDenyRead(home, List.of()), false,
                new SandboxPolicy.Host(bwrap, null), false);
        List<String> direct = List.of("/bin/sh", "-c", "true");
        List<String> wrapped = new ArrayList<>(List.of(bwrap.toString()));
        wrapped.addAll(BwrapCommand.arguments(policy, SandboxMode.WORKSPACE_WRITE, List.of(ws), ws));
        wrapped.add("--");
        wrapped.addAll(direct);
        time(direct, ws, 5);
        time(wrapped, ws, 5);
        double[] plain = time(direct, ws, runs);
        double[] boxed = time(wrapped, ws, runs);
        System.out.printf("sandbox: `true` as a process  median %.1f ms, p90 %.1f ms (%d runs)%n", median(plain), p90(plain), runs);
        System.out.printf("sandbox: `true` through bwrap median %.1f ms, p90 %.1f ms: +%.1f ms per command (target <= 15 ms)%n",
                median(boxed), p90(boxed), median(boxed) - median(plain));
        double[] turnOff = turns(ws, "off", runs / 2);
        double[] turnOn = turns(ws, "workspace-write", runs / 2);
        System.out.printf("sandbox: run_command `true` turn through ACP, sandbox off median %.1f ms, on median %.1f ms: +%.1f ms%n",
                median(turnOff), median(turnOn), median(turnOn) - median(turnOff));
    }

    private static double[] time(List<String> command, Path cwd, int runs) throws Exception {
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            p.getInputStream().readAllBytes();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("exit " + p.exitValue() + ": " + command);
            }
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        return ms;
    }

    private static double[] turns(Path ws, String mode, int runs) throws Exception {
        Path dir = Files.createTempDirectory("sandbox-bench-agent");
        Path config = Files.createDirectories(dir.resolve("home/config/tether")).resolve("config.json");
        Files.writeString(config, "{\"sandbox\": {\"mode\": \"" + mode + "\"}}");
        Map<String, String> env = WiredAgent.isolatedEnvironment(dir);
        QueueModel model = new QueueModel();
        try (InProcessAgent agent = WiredAgent.fromEnvironment(dir.resolve("state"), model, env)) {
            AcpTestClient client = agent.client();
            client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("},\"terminal\":true,", "},"));
            String session = client.newSession(ws.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "auto"));
            double[] ms = new double[runs + 3];
            for (int i = 0; i < ms.length; i++) {
                model.then(QueueModel.Reply.tools(use("b" + i, "run_command", Json.object().put("command", "true"))))
                        .then(QueueModel.Reply.text("ok"));
                long start = System.nanoTime();
                AcpTestClient.await(client.prompt(session, "go"));
                ms[i] = (System.nanoTime() - start) / 1e6;
            }
            return Arrays.copyOfRange(ms, 3, ms.length);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double p90(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.round(sorted.length * 0.9))];
    }
}
