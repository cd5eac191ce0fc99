// bin/tether is POSIX sh: it must run under dash (Debian's /bin/sh) as under macOS's /bin/sh, so
// it is run under dash here whatever /bin/sh is, and checked with shellcheck -s sh. Both tools are
// Debian packages (dash, shellcheck); ./scripts/test installs shellcheck when it can.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startTether, script, TEST_TIMEOUT } from "../lib/testing.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";

const LAUNCHER = path.join(REPO_ROOT, "bin", "tether");
const SH_SCRIPTS = ["bin/tether", "scripts/lib/java.sh", "scripts/lib/train-cache"];
const KEY = "sk-ant-api03-CANARY-dash-0123456789abcdef";

function tool(name, pkg) {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  assert.equal(found.status, 0, `${name} is missing: install the Debian package ${pkg} (./scripts/test does when it runs as root)`);
  return found.stdout.trim();
}

test("shellcheck -s sh finds nothing in the launcher and the scripts it sources", { timeout: TEST_TIMEOUT }, () => {
  const shellcheck = tool("shellcheck", "shellcheck");
  const result = spawnSync(shellcheck, ["-x", "-s", "sh", ...SH_SCRIPTS], { cwd: REPO_ROOT, encoding: "utf8" });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});

test("under dash, bin/tether runs a session, hands the key over on a pipe and execs the JVM", { skip: process.platform !== "linux" && "reads /proc (Linux only)", timeout: TEST_TIMEOUT }, async (t) => {
  const dash = tool("dash", "dash");
  const tether = await startTether(t, { command: dash, args: [LAUNCHER], script: script("hello.jsonl"), env: { ANTHROPIC_API_KEY: KEY } });
  const pid = tether.child.pid;
  assert.match(fs.readFileSync(`/proc/${pid}/cmdline`, "latin1"), /tether\.jar/, "dash exec'd the JVM in place");
  const environ = fs.readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
  assert.ok(!environ.some((v) => v.includes(KEY)), "the key is not in the JVM's environment");
  assert.doesNotMatch(tether.stderr(), /stay in Tether's environment/, "dash's here-documents are pipes");
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "Hello?")).stopReason, "end_turn");
  assert.equal(tether.text(sessionId), "Hello from the scripted model.");
});

test("under dash, bin/tether with no Java says what to install and writes nothing to stdout", { timeout: TEST_TIMEOUT }, (t) => {
  const dash = tool("dash", "dash");
  const dir = fs.mkdtempSync(path.join(REPO_ROOT, "target", "launcher-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // A copy of bin/ with the jar but no launch note or cache beside it, so the Java is looked up.
  fs.mkdirSync(path.join(dir, "bin"));
  fs.mkdirSync(path.join(dir, "lib"));
  fs.mkdirSync(path.join(dir, "scripts", "lib"), { recursive: true });
  for (const f of ["bin/tether", "bin/jvm.args", "scripts/lib/java.sh"]) fs.copyFileSync(path.join(REPO_ROOT, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, "lib", "tether.jar"), "");
  const result = spawnSync(dash, [path.join(dir, "bin", "tether")], {
    input: "",
    encoding: "utf8",
    env: { PATH: "/nonexistent", JAVA_HOME: path.join(dir, "no-jdk"), TETHER_JAVA_DIRS: "" },
  });
  assert.equal(result.status, 1);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /JAVA_HOME \(.*no-jdk\) holds no bin\/java/);
  assert.match(result.stderr, /install a Java 21\+ runtime \(Debian\/Ubuntu: apt install openjdk-21-jre-headless; macOS: brew install openjdk@21/);
});
