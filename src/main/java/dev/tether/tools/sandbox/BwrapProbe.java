package dev.tether.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Whether bubblewrap can build a sandbox on this machine: it may be missing, or user namespaces may be off. */
public final class BwrapProbe {
    /** The package to install, named in the message when {@code bwrap} is missing. */
    public static final String PACKAGE = "bubblewrap";
    private static final long TIMEOUT_SECONDS = 10;

    private BwrapProbe() {}

    /** @param why null when it works; otherwise what is wrong and what to do */
    public record Result(String why) {
        public boolean works() {
            return why == null;
        }
    }

    /** Runs {@code bwrap} once with the namespaces a sandboxed command uses (a few milliseconds). */
    public static Result run(Path bwrap) {
        if (System.getProperty("os.name", "").startsWith("Mac")) {
            // The Seatbelt profile (SeatbeltProfile) is generated and tested as text, but has not run on a Mac yet:
            // until it has, commands there are asked about rather than run under an unproven boundary.
            return new Result("sandboxing commands on macOS has not been tested yet, so it is not used");
        }
        if (bwrap == null) {
            return new Result("bwrap was not found on PATH; install the " + PACKAGE + " package");
        }
        ProcessBuilder builder = new ProcessBuilder(bwrap.toString(), "--die-with-parent", "--unshare-pid", "--unshare-net",
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--", "/bin/true")
                .redirectErrorStream(true);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result("bwrap did not finish a trial run in " + TIMEOUT_SECONDS + " s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (process.exitValue() != 0) {
                return new Result("bwrap cannot create a sandbox here (are user namespaces off?): "
                        + (output.isEmpty() ? "exit code " + process.exitValue() : output));
            }
            return new Result(null);
        } catch (IOException e) {
            return new Result("bwrap could not be started: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result("the trial run of bwrap was interrupted");
        }
    }
}
