import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTether, script } from "../lib/testing.mjs";

// The self-contained distribution (scripts/package) unpacked where a user would put it, and
// driven as Zed drives it. Building the package (jlink, then training the start-up cache with
// the bundled runtime) takes minutes, so the test builds it only when TETHER_TEST_PACKAGE=1;
// otherwise it uses a dist/ archive newer than the jar, or is skipped.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function archive() {
  if (process.env.TETHER_TEST_PACKAGE === "1") {
    return execFileSync(path.join(ROOT, "scripts", "package"), { stdio: ["ignore", "pipe", "inherit"] }).toString().trim();
  }
  const dist = path.join(ROOT, "dist");
  const jar = path.join(ROOT, "target", "tether.jar");
  if (!fs.existsSync(dist) || !fs.existsSync(jar)) return null;
  const jarTime = fs.statSync(jar).mtimeMs;
  const fresh = fs.readdirSync(dist).filter((f) => /^tether-.*\.tar\.gz$/.test(f))
    .map((f) => path.join(dist, f)).filter((f) => fs.statSync(f).mtimeMs >= jarTime);
  return fresh[0] ?? null;
}

const tarball = archive();

test("the packaged Tether starts from its own runtime and cache and runs a turn", { timeout: 120_000, skip: tarball ? false : "no dist/ archive newer than the jar (TETHER_TEST_PACKAGE=1 builds one)" }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tether-package-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  execFileSync("tar", ["-xzf", tarball, "-C", dir]);
  const [unpacked] = fs.readdirSync(dir);
  const launcher = path.join(dir, unpacked, "bin", "tether");
  assert.ok(fs.existsSync(path.join(dir, unpacked, "runtime", "bin", "java")), "the archive carries its Java runtime");

  // No JDK to be found: JAVA_HOME points nowhere and PATH has only the system's tools.
  const tether = await startTether(t, { command: launcher, args: [], script: script("hello.jsonl"),
    env: { JAVA_HOME: path.join(dir, "no-jdk-here"), PATH: "/usr/bin:/bin" } });
  const { sessionId } = await tether.newSession();
  const { stopReason } = await tether.prompt(sessionId, "Hello?");
  assert.equal(stopReason, "end_turn");
  assert.equal(tether.text(sessionId), "Hello from the scripted model.");
  assert.doesNotMatch(tether.stderr(), /start-up cache|AOT|CDS|warning/i, "the bundled cache fits the bundled runtime");
});
