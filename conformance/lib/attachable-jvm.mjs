// Tether started as bin/tether starts it, but with the JVM's attach mechanism left on, for the
// benchmarks that look inside the JVM with jcmd (the soak). The product has no switch that turns
// attaching back on (bin/jvm.args disables it, security.md); only a benchmark starts the JVM
// itself like this, from the same argument file minus that one option.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./paths.mjs";

const JVM_ARGS = path.join(REPO_ROOT, "bin", "jvm.args");
const JAR = path.join(REPO_ROOT, "target", "tether.jar");
/** The note scripts/build leaves beside the jar: the java that trained the cache, the cache's file name. */
const LAUNCH_NOTE = path.join(REPO_ROOT, "target", "tether-launch.txt");
const NO_ATTACH = "-XX:+DisableAttachMechanism";

/**
 * The options of bin/jvm.args, read as the java launcher reads an argument file written the way
 * that file is (no quotes; a `#` starts a comment that runs to the end of its line).
 */
export function jvmOptions(file = JVM_ARGS) {
  const options = fs.readFileSync(file, "utf8").split("\n").flatMap((line) => line.replace(/#.*/, "").trim().split(/\s+/)).filter(Boolean);
  const quoted = options.find((o) => /["']/.test(o));
  if (quoted) throw new Error(`${file}: quoted options are not read here (${quoted})`);
  return options;
}

/**
 * `{command, args}` for TetherClient.start: the java and start-up cache of the last
 * scripts/build, the options of bin/jvm.args without -XX:+DisableAttachMechanism, the jar.
 */
export function attachableTetherCommand() {
  if (!fs.existsSync(LAUNCH_NOTE)) throw new Error(`${LAUNCH_NOTE} is missing: run scripts/build first`);
  const [java, cacheName] = fs.readFileSync(LAUNCH_NOTE, "utf8").split("\n");
  const cache = path.join(path.dirname(JAR), cacheName);
  // As bin/tether passes the cache (an attach option is not one a cache is checked against).
  const cacheOptions = !fs.existsSync(cache) ? []
    : cache.endsWith(".aot") ? [`-XX:AOTCache=${cache}`, "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining"]
      : [`-XX:SharedArchiveFile=${cache}`];
  return { command: java, args: [...jvmOptions().filter((o) => o !== NO_ATTACH), ...cacheOptions, "-jar", JAR] };
}
