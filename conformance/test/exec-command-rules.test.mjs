// `tether exec` end to end with command rules given as flags: an allow rule does not cover a command
// hidden in ${…}, and a deny rule stops a command behind shell keywords. The real bin/tether and the
// scripted model; what the commands would have done is checked on disk.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/agent-process.mjs";
import { tetherCommand } from "../lib/paths.mjs";
import { TEST_TIMEOUT } from "../lib/testing.mjs";

/** Runs `tether exec --json ARGS` whose model runs `command` once; resolves to {code, stdout, stderr, dirs}. */
function execRunning(t, command, args, prepare = () => {}) {
  const dirs = makeTempDirs("tether-exec-rules-");
  t.after(() => dirs.cleanup());
  prepare(dirs.workspace);
  const scriptFile = path.join(dirs.root, "run.jsonl");
  fs.writeFileSync(scriptFile, [
    { text: "Running it.", toolCalls: [{ id: "c_run", name: "run_command", input: { command } }] },
    { text: "Done." },
  ].map((l) => JSON.stringify(l)).join("\n") + "\n");
  const base = tetherCommand();
  const child = spawn(base.command, [...base.args, "exec", "--json", ...args, "run it"], {
    cwd: dirs.workspace,
    env: {
      ...process.env,
      XDG_STATE_HOME: dirs.state,
      XDG_CONFIG_HOME: dirs.config,
      XDG_CACHE_HOME: path.join(dirs.root, "cache"),
      HOME: dirs.root,
      TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"),
      TETHER_PROVIDER: "scripted",
      TETHER_SCRIPT: scriptFile,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  child.stdin.end("");
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr, dirs })));
}

function decisions(run) {
  return run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l))
    .filter((l) => l.type === "permission").map((l) => ({ decision: l.decision, by: l.by }));
}

test("an allow rule does not cover ${x:-$(…)}; a deny rule stops { rm …; }", { timeout: TEST_TIMEOUT }, async (t) => {
  const [hidden, backticks, braced] = await Promise.all([
    execRunning(t, "git status ${x:-$(touch pwned1)}", ["--mode", "ask", "--allow", "run_command(git status:*)"]),
    execRunning(t, "git status ${x:=`touch pwned2`}", ["--mode", "ask", "--allow", "run_command(git status:*)"]),
    execRunning(t, "{ rm -f victim; }", ["--mode", "auto", "--deny", "run_command(rm:*)"],
      (workspace) => fs.writeFileSync(path.join(workspace, "victim"), "keep\n")),
  ]);
  for (const [run, file] of [[hidden, "pwned1"], [backticks, "pwned2"]]) {
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(decisions(run), [{ decision: "denied", by: "mode" }], "not allowed by the flag: ask mode, nobody to ask");
    assert.equal(fs.existsSync(path.join(run.dirs.workspace, file)), false, `${file} was created`);
  }
  assert.equal(braced.code, 0, braced.stderr);
  assert.deepEqual(decisions(braced), [{ decision: "denied", by: "flag" }]);
  assert.equal(fs.readFileSync(path.join(braced.dirs.workspace, "victim"), "utf8"), "keep\n");
});
