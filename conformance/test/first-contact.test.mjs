// First contact against the built jar (the real bin/tether): what a new user sees from the
// command line and from an editor when something is set up wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { tetherCommand } from "../lib/paths.mjs";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const LOG_LINE = /^\d\d:\d\d:\d\d\.\d{3} (INFO|WARN|DEBUG|ERROR) /m;

/** A user's machine: its own config, state and managed-settings paths; `run(...words)` runs bin/tether there. */
function machine(t, extraEnv = {}) {
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  const { command, args } = tetherCommand();
  const env = {
    PATH: process.env.PATH,
    HOME: dirs.root,
    XDG_STATE_HOME: dirs.state,
    XDG_CONFIG_HOME: dirs.config,
    TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"),
    ...(process.env.JAVA_HOME ? { JAVA_HOME: process.env.JAVA_HOME } : {}),
    ...extraEnv,
  };
  const config = (json) => {
    fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
    fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), json);
  };
  const run = (...words) => spawnSync(command, [...args, ...words], { cwd: dirs.workspace, env, encoding: "utf8", timeout: TEST_TIMEOUT });
  return { dirs, env, config, run };
}

test("tether mcp list --check prints no log line, and each warning once", { timeout: TEST_TIMEOUT }, (t) => {
  const { config, run } = machine(t);
  config(JSON.stringify({ provder: "scripted", mcpServers: { tool: { command: "no-such-tool-first-contact" } } }));
  const listed = run("mcp", "list", "--check");
  const shown = listed.stdout + listed.stderr;
  assert.equal(listed.status, 0, shown);
  assert.doesNotMatch(shown, LOG_LINE, "no log line");
  assert.equal(shown.split('unknown key "provder"').length - 1, 1, `the warning once: ${shown}`);
  assert.match(listed.stdout, /tool .*"no-such-tool-first-contact" was not found on PATH/);
});

test("tether doctor exits 0 on a good set-up and 1 naming the fault on broken ones", { timeout: TEST_TIMEOUT * 2 }, (t) => {
  const good = machine(t, { TETHER_PROVIDER: "scripted", TETHER_SCRIPT: script("hello.jsonl") });
  const passed = good.run("doctor");
  assert.equal(passed.status, 0, passed.stdout + passed.stderr);
  assert.match(passed.stdout, /Nothing is wrong\.\n$/);
  assert.doesNotMatch(passed.stdout + passed.stderr, LOG_LINE);

  const unknownProvider = machine(t, { TETHER_PROVIDER: "gemini" });
  const failed = unknownProvider.run("doctor");
  assert.equal(failed.status, 1, failed.stdout + failed.stderr);
  assert.match(failed.stdout, /^FAIL {2}model: .*"gemini", which is not a model provider Tether knows/m);

  const noScript = machine(t, { TETHER_PROVIDER: "scripted", TETHER_SCRIPT: "/nonexistent/first-contact.jsonl" });
  const missing = noScript.run("doctor", "--json");
  assert.equal(missing.status, 1, missing.stdout + missing.stderr);
  const report = JSON.parse(missing.stdout);
  assert.ok(JSON.stringify(report).includes("/nonexistent/first-contact.jsonl"), missing.stdout);
});

test("an unknown agent option is told over ACP after initialize, and the session works", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl"), extraArgs: ["acp", "--mcp-conifg", "{}"] });
  const { sessionId } = await tether.newSession();
  const { stopReason } = await tether.prompt(sessionId, "hi");
  assert.equal(stopReason, "end_turn", tether.stderrTail());
  const told = JSON.stringify(tether.updates(sessionId));
  assert.match(told, /unknown option \\"--mcp-conifg\\"; did you mean \\"--mcp-config\\"\?/, told);
  assert.match(tether.text(sessionId), /Hello from the scripted model\./);
});
