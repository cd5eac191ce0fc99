// The start-up cache (scripts/build trains it) holds every Tether class the editor's first answer
// needs: if one came from the jar instead, `initialize` would open and read the jar on its path
// (tens of milliseconds; performance.md). Not a timing check: it reads which classes the JVM
// loaded, and from where, up to the moment the initialize answer arrived.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../lib/paths.mjs";
import { makeTempDirs } from "../lib/agent-process.mjs";
import { TEST_TIMEOUT } from "../lib/testing.mjs";

// scripts/test builds the jar and trains its cache before this suite and sets TETHER_TEST_REQUIRE=1:
// then a missing cache fails the test; run alone without one, the test is skipped and says so.
const REQUIRED = process.env.TETHER_TEST_REQUIRE === "1";

/** The JVM bin/tether would use, and the cache it would give it, as scripts/lib/java.sh finds them. */
function launch() {
  const script = `tether_root="$1"; . "$1/scripts/lib/java.sh"; java=$(tether_find_java) || exit 1
printf '%s\\n%s\\n%s\\n' "$java" "$(tether_cache_path "$1/target/tether.jar" "$java")" "$TETHER_MAIN"`;
  const [java, cache, main] = execFileSync("sh", ["-c", script, "sh", REPO_ROOT], { encoding: "utf8" }).trim().split("\n");
  return { java, cache, main };
}

test("the initialize answer loads every Tether class from the start-up cache, none from the jar", { timeout: TEST_TIMEOUT }, async (t) => {
  const { java, cache, main } = launch();
  if (!cache.endsWith(".aot") || !fs.existsSync(cache)) {
    if (REQUIRED) assert.fail(`no trained start-up cache at ${cache} (scripts/build makes one)`);
    t.skip(`no trained start-up cache at ${cache}: run scripts/build first`);
    return;
  }
  const dirs = makeTempDirs("tether-cache-");
  t.after(() => dirs.cleanup());
  // bin/tether's own command line, with class loading logged to stderr after jvm.args (which turns logging off).
  const child = spawn(java, [`@${path.join(REPO_ROOT, "bin", "jvm.args")}`, `-XX:AOTCache=${cache}`,
    "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining", "-Xlog:class+load=info:stderr",
    "-cp", path.join(REPO_ROOT, "target", "tether.jar"), main], {
    cwd: dirs.workspace,
    env: { ...process.env, HOME: dirs.root, XDG_STATE_HOME: dirs.state, XDG_CONFIG_HOME: dirs.config, TETHER_PROVIDER: "scripted" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  t.after(() => child.kill("SIGKILL"));
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const loadedBeforeAnswer = await new Promise((resolve, reject) => {
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
      // What stderr held when the answer came: the JVM writes each class's line as it loads it.
      if (stdout.includes('"id":1,"result"')) resolve(stderr);
    });
    child.on("close", (code) => reject(new Error(`exited (${code}) before answering initialize: ${stderr.slice(-2000)}`)));
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: 1, clientCapabilities: {} } }) + "\n");
  });
  const ours = loadedBeforeAnswer.split("\n").filter((line) => /\] dev\.tether\.\S+ source: /.test(line));
  const cached = ours.filter((line) => line.includes("source: shared objects file"));
  // Without this the check below could pass on an empty log (a cache refused, a log not written).
  assert.ok(cached.length > 100, `Tether's classes come from the cache (${cached.length} of ${ours.length} lines)`);
  assert.deepEqual(ours.filter((line) => !line.includes("source: shared objects file")), [],
    "a Tether class loaded from the jar before the initialize answer: `tether train` does not reach it");
});
