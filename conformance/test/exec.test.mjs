// `tether exec` end to end: the real bin/tether, the scripted model and Tether's bundled reference
// MCP server. Each run is its own JVM, so the runs are few and each checks several things.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/agent-process.mjs";
import { tetherCommand } from "../lib/paths.mjs";
import { FrameChecker } from "../lib/schema.mjs";
import { everythingStdio, ordersStdio } from "../lib/mcp-peers.mjs";
import { script, TEST_TIMEOUT, until } from "../lib/testing.mjs";

/** Starts `tether exec ARGS` in a fresh home (or `dirs`); resolves to {code, stdout, stderr, child}. */
function exec(t, args, { scriptFile, stdin, dirs, env = {}, onStdout } = {}) {
  if (!dirs) {
    dirs = makeTempDirs("tether-exec-");
    t.after(() => dirs.cleanup());
  }
  const base = tetherCommand();
  const child = spawn(base.command, [...base.args, "exec", ...args], {
    cwd: dirs.workspace,
    env: {
      ...process.env,
      XDG_STATE_HOME: dirs.state,
      XDG_CONFIG_HOME: dirs.config,
      XDG_CACHE_HOME: path.join(dirs.root, "cache"),
      HOME: dirs.root,
      TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"),
      ...(scriptFile ? { TETHER_PROVIDER: "scripted", TETHER_SCRIPT: path.resolve(scriptFile) } : {}),
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => {
    stdout += d;
    onStdout?.(stdout);
  });
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  // `stdin: null` keeps stdin open and silent (no data, no end), as a CI runner's inherited stdin can be.
  if (stdin !== null) child.stdin.end(stdin ?? "");
  const done = new Promise((resolve) => child.on("close", (code) => {
    child.stdin.destroy();
    resolve({ code, stdout, stderr, dirs });
  }));
  done.child = child;
  return done;
}

function writeScript(dirs, name, lines) {
  const file = path.join(dirs.root, name);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

function lines(stdout) {
  return stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

const ordersConfig = () => {
  const orders = ordersStdio();
  return JSON.stringify({ mcpServers: { orders: { command: orders.command, args: orders.args } } });
};

test("plain: the final message alone on stdout, progress on stderr, exit 0", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  fs.writeFileSync(path.join(dirs.workspace, "notes.txt"), "buy milk\n");
  const reading = writeScript(dirs, "read.jsonl", [
    { text: "Let me look.", toolCalls: [{ id: "c_read", name: "read_file", input: { path: "notes.txt" } }] },
    { expect: { toolResultContains: "buy milk" }, text: "The notes say: buy milk." },
  ]);
  const project = makeTempDirs("tether-exec-");
  t.after(() => project.cleanup());
  const orders = ordersStdio();
  fs.writeFileSync(path.join(project.workspace, ".mcp.json"),
    JSON.stringify({ mcpServers: { orders: { command: orders.command, args: orders.args } } }));
  const [hello, read] = await Promise.all([
    exec(t, ["Say hello."], { scriptFile: script("hello.jsonl"), dirs: project }),
    exec(t, ["--mode", "auto", "What do my notes say?"], { scriptFile: reading, dirs }),
  ]);
  assert.equal(hello.code, 0, hello.stderr);
  assert.equal(hello.stdout, "Hello from the scripted model.\n");
  // A project server nobody approved is not started, nothing waits, and the user reads how to approve it.
  assert.match(hello.stderr, /MCP server `orders` \(.*\.mcp\.json\) is not approved, so it was not started; to approve it, run `tether mcp approve orders`/);
  assert.equal(read.code, 0, read.stderr);
  assert.equal(read.stdout, "The notes say: buy milk.\n", "only the message after the last tool call");
  assert.match(read.stderr, /› Read notes\.txt\n  ✓ Read notes\.txt/);
});

test("--json from stdin with the reference server: every line parses, every update is valid ACP, the result is last", { timeout: TEST_TIMEOUT }, async (t) => {
  const run = await exec(t, ["--json", "--mode", "auto", "--mcp-config", ordersConfig(), "-"],
    { scriptFile: script("orders.jsonl"), stdin: "Whose is order A-1003?\n" });
  assert.equal(run.code, 0, run.stderr);
  const all = lines(run.stdout);
  const checker = new FrameChecker();
  for (const line of all.filter((l) => l.type === "update")) {
    assert.deepEqual(checker.checkAgentFrame({ jsonrpc: "2.0", method: "session/update",
      params: { sessionId: line.sessionId, update: line.update } }), [], JSON.stringify(line));
  }
  const result = all.at(-1);
  assert.equal(result.type, "result");
  assert.equal(result.stopReason, "end_turn");
  assert.equal(result.text, "Order A-1003 belongs to Grace Hopper.");
  assert.equal(typeof result.durationMs, "number");
  assert.equal(all.filter((l) => l.type === "result").length, 1);
  const call = all.find((l) => l.type === "update" && l.update.sessionUpdate === "tool_call_update" && l.update.status === "completed");
  assert.ok(call, "the MCP tool call completed");
  assert.ok(all.every((l) => l.sessionId === result.sessionId));
});

test("ask mode denies a write and says so; --allow Write lets it run; --deny Write wins over auto", { timeout: TEST_TIMEOUT }, async (t) => {
  const write = script("write-file.jsonl");
  const [denied, allowed, allowedJson, flagDenied] = await Promise.all([
    exec(t, ["--json", "write hello.txt"], { scriptFile: write }),
    exec(t, ["--allow", "Write", "write hello.txt"], { scriptFile: write }),
    exec(t, ["--json", "--allow", "Write", "write hello.txt"], { scriptFile: write }),
    exec(t, ["--json", "--mode", "auto", "--deny", "Write", "write hello.txt"], { scriptFile: write }),
  ]);
  const decision = (run) => {
    const found = lines(run.stdout).filter((l) => l.type === "permission");
    assert.equal(found.length, 1, run.stdout);
    return { decision: found[0].decision, by: found[0].by, toolCallId: found[0].toolCallId, title: found[0].title };
  };
  assert.equal(denied.code, 0, denied.stderr);
  assert.deepEqual(decision(denied), { decision: "denied", by: "mode", toolCallId: "c_write", title: "Write hello.txt" });
  assert.equal(fs.existsSync(path.join(denied.dirs.workspace, "hello.txt")), false);

  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(fs.readFileSync(path.join(allowed.dirs.workspace, "hello.txt"), "utf8"), "hello from tether\n");
  assert.match(allowed.stderr, /✓ Write hello\.txt/);
  assert.equal(allowed.stdout, "Done.\n");
  assert.deepEqual(decision(allowedJson), { decision: "allowed", by: "flag", toolCallId: "c_write", title: "Write hello.txt" });

  assert.equal(flagDenied.code, 0, flagDenied.stderr);
  assert.deepEqual(decision(flagDenied), { decision: "denied", by: "flag", toolCallId: "c_write", title: "Write hello.txt" });
  assert.equal(fs.existsSync(path.join(flagDenied.dirs.workspace, "hello.txt")), false);
});

test("--sandbox: read-only keeps an allowed command from writing the workspace, off lets it; a managed mode refuses a looser one (exit 2)", { timeout: TEST_TIMEOUT }, async (t) => {
  const [ro, off, managed] = [0, 1, 2].map(() => {
    const d = makeTempDirs("tether-exec-");
    t.after(() => d.cleanup());
    // The workspaces are under the system's temporary directory, which the sandbox replaces with a
    // private /tmp: the command must still see its workspace (it reads the marker), only not write it.
    fs.writeFileSync(path.join(d.workspace, "marker.txt"), "marker-seen\n");
    return d;
  });
  const write = writeScript(ro, "sandboxed-write.jsonl", [
    { toolCalls: [{ id: "c_run", name: "run_command", input: { command: "cat marker.txt; echo made > made.txt" } }] },
    { text: "Done.", stop: "end_turn" },
  ]);
  fs.writeFileSync(path.join(managed.root, "managed-settings.json"), JSON.stringify({ sandbox: { mode: "workspace-write" } }));
  const [readOnly, unconfined, refused] = await Promise.all([
    exec(t, ["--json", "--sandbox", "read-only", "--allow", "Bash", "write made.txt"], { scriptFile: write, dirs: ro }),
    exec(t, ["--sandbox", "off", "--allow", "Bash", "write made.txt"], { scriptFile: write, dirs: off }),
    exec(t, ["--sandbox", "off", "write made.txt"], { scriptFile: write, dirs: managed }),
  ]);
  assert.equal(readOnly.code, 0, readOnly.stderr);
  assert.equal(fs.existsSync(path.join(ro.workspace, "made.txt")), false, "read-only: nothing written");
  const updates = lines(readOnly.stdout).filter((l) => l.type === "update").map((l) => JSON.stringify(l.update));
  assert.ok(updates.some((u) => u.includes("read-only")), "the command's result says it ran in the read-only sandbox: " + readOnly.stdout);
  assert.ok(updates.some((u) => u.includes("marker-seen")), "the command ran in its workspace and read it: " + readOnly.stdout);
  assert.ok(updates.some((u) => /Read-only file system/.test(u)), "the write was refused by the sandbox: " + readOnly.stdout);

  assert.equal(unconfined.code, 0, unconfined.stderr);
  assert.equal(fs.readFileSync(path.join(off.workspace, "made.txt"), "utf8"), "made\n");

  assert.equal(refused.code, 2, refused.stderr);
  assert.equal(refused.stdout, "");
  assert.match(refused.stderr, /--sandbox off: the managed settings require the sandbox mode workspace-write/);
  assert.equal(fs.existsSync(path.join(managed.workspace, "made.txt")), false);
});

test("--max-turns keeps the sandbox: in auto mode a command still cannot write outside the workspace", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const outside = path.join(dirs.root, "outside.txt");
  const script = writeScript(dirs, "outside-write.jsonl", [
    { toolCalls: [{ id: "c_out", name: "run_command", input: { command: `echo made > ${outside}` } }] },
    { text: "Done.", stop: "end_turn" },
  ]);
  const run = await exec(t, ["--json", "--mode", "auto", "--max-turns", "5", "write outside"], { scriptFile: script, dirs });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(fs.existsSync(outside), false, "the default workspace-write sandbox of auto mode held: " + run.stdout);
  const updates = lines(run.stdout).filter((l) => l.type === "update").map((l) => JSON.stringify(l.update));
  assert.ok(updates.some((u) => u.includes("workspace-write")), "the command ran in the sandbox: " + run.stdout);
});

test("a limit ends the turn with exit 4: --max-turns, --timeout, max_tokens, refusal", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const maxTokens = writeScript(dirs, "max-tokens.jsonl", [{ text: "cut sh", stop: "max_tokens" }]);
  const refusal = writeScript(dirs, "refusal.jsonl", [{ text: "I will not.", stop: "refusal" }]);
  const [turns, timeout, cut, refused] = await Promise.all([
    exec(t, ["--max-turns", "1", "--mode", "auto", "write"], { scriptFile: script("write-file.jsonl") }),
    exec(t, ["--timeout", "1", "--json", "go on"], { scriptFile: script("long-turn.jsonl") }),
    exec(t, ["--json", "go on"], { scriptFile: maxTokens }),
    exec(t, ["--json", "go on"], { scriptFile: refusal }),
  ]);
  assert.deepEqual([cut.code, lines(cut.stdout).at(-1).stopReason], [4, "max_tokens"], cut.stderr);
  assert.deepEqual([refused.code, lines(refused.stdout).at(-1).stopReason], [4, "refusal"], refused.stderr);
  assert.equal(turns.code, 4, turns.stderr);
  assert.match(turns.stderr, /max_turn_requests/);
  assert.equal(timeout.code, 4, timeout.stderr);
  const result = lines(timeout.stdout).at(-1);
  assert.equal(result.stopReason, "cancelled");
  assert.match(timeout.stderr, /--timeout 1 s reached/);
});

test("SIGINT cancels the turn: exit 130, and the MCP server process is gone", { timeout: TEST_TIMEOUT }, async (t) => {
  let started = false;
  const running = exec(t, ["--json", "--mcp-config", ordersConfig(), "go on"],
    { scriptFile: script("long-turn.jsonl"), onStdout: (out) => (started ||= out.includes("started ")) });
  await until(() => started, 20_000, "the turn to start streaming");
  const descendants = (pid) => {
    const kids = fs.readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
    return kids.flatMap((kid) => [kid, ...descendants(kid)]);
  };
  const children = descendants(running.child.pid);
  assert.ok(children.length > 0, "the reference server runs as a child process");
  running.child.kill("SIGINT");
  const run = await running;
  assert.equal(run.code, 130, run.stderr);
  assert.equal(lines(run.stdout).at(-1).stopReason, "cancelled");
  for (const pid of children) {
    assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, `child ${pid} still runs`);
  }
});

test("--continue sees the first turn; exit 1 for a failed model request, 2 for a bad flag, 3 for a missing key", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const first = await exec(t, ["--json", "remember the word PELICAN-42"], { scriptFile: script("hello.jsonl"), dirs });
  assert.equal(first.code, 0, first.stderr);
  const second = writeScript(dirs, "second.jsonl", [{ expect: { requestIncludes: "PELICAN-42" }, text: "You said PELICAN-42." }]);
  const failing = writeScript(dirs, "failing.jsonl", [{ error: { status: 400, message: "the scripted provider refuses" } }]);
  const [again, failed, bad, noKey, noSession] = await Promise.all([
    exec(t, ["--json", "--continue", "what was the word?"], { scriptFile: second, dirs }),
    exec(t, ["hi"], { scriptFile: failing }),
    exec(t, ["--no-such-flag", "hi"], { scriptFile: script("hello.jsonl") }),
    exec(t, ["hi"], { env: { TETHER_PROVIDER: "", ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" } }),
    exec(t, ["--resume", "no-such-session", "hi"], { scriptFile: script("hello.jsonl") }),
  ]);
  assert.equal(noSession.code, 2, noSession.stderr);
  assert.match(noSession.stderr, /--resume no-such-session: /);
  assert.equal(again.code, 0, again.stderr);
  const result = lines(again.stdout).at(-1);
  assert.equal(result.sessionId, lines(first.stdout).at(-1).sessionId, "the same session");
  assert.equal(result.text, "You said PELICAN-42.");
  assert.equal(failed.code, 1, failed.stderr);
  assert.match(failed.stdout, /Model request failed: .*the scripted provider refuses/);
  assert.match(failed.stderr, /a model request failed/);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown option --no-such-flag/);
  assert.equal(bad.stdout, "");
  assert.equal(noKey.code, 3, noKey.stderr);
  assert.equal(noKey.stdout, "");
});

test("--image attaches an image the model sees; --ephemeral leaves no session behind", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  // A 1×1 PNG.
  const png = path.join(dirs.workspace, "dot.png");
  fs.writeFileSync(png, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
  const seesImage = writeScript(dirs, "image.jsonl", [{ expect: { lastUserImage: "image/png" }, text: "A single dot." }]);
  const other = makeTempDirs("tether-exec-");
  t.after(() => other.cleanup());
  const [image, ephemeral] = await Promise.all([
    exec(t, ["--image", "dot.png", "What is in the picture?"], { scriptFile: seesImage, dirs }),
    exec(t, ["--json", "--ephemeral", "hi"], { scriptFile: script("hello.jsonl"), dirs: other }),
  ]);
  assert.equal(image.code, 0, image.stderr);
  assert.equal(image.stdout, "A single dot.\n");
  assert.equal(ephemeral.code, 0, ephemeral.stderr);
  const id = lines(ephemeral.stdout).at(-1).sessionId;
  const kept = fs.readdirSync(other.state, { recursive: true }).filter((f) => String(f).includes(id));
  assert.deepEqual(kept, [], "no transcript of the ephemeral session");
  // The same check finds a normal run's transcript, so it can fail.
  const normal = await exec(t, ["--json", "hi"], { scriptFile: script("hello.jsonl"), dirs: other });
  const normalId = lines(normal.stdout).at(-1).sessionId;
  assert.ok(fs.readdirSync(other.state, { recursive: true }).some((f) => String(f).includes(normalId)));
});

test("elicitations are declined, never waited for: a form, and a URL reported with its address", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const everything = everythingStdio();
  const config = JSON.stringify({ mcpServers: { everything: { command: everything.command, args: everything.args } } });
  const asks = writeScript(dirs, "elicit.jsonl", [
    { toolCalls: [{ id: "c_url", name: "mcp__everything__trigger-url-elicitation", input: { url: "https://example.com/consent?step=1" } }] },
    { toolCalls: [{ id: "c_form", name: "mcp__everything__trigger-elicitation-request", input: {} }] },
    { text: "Nobody answered.", stop: "end_turn" },
  ]);
  const [json, plain] = await Promise.all([
    exec(t, ["--json", "--mode", "auto", "--mcp-config", config, "ask me"], { scriptFile: asks, dirs }),
    exec(t, ["--mode", "auto", "--mcp-config", config, "ask me"], { scriptFile: asks }),
  ]);
  assert.equal(json.code, 0, json.stderr);
  const declined = lines(json.stdout).filter((l) => l.type === "declined");
  assert.deepEqual(declined.map((d) => [d.kind, d.url]), [["url", "https://example.com/consent?step=1"], ["form", undefined]]);
  assert.equal(lines(json.stdout).at(-1).text, "Nobody answered.");
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stderr, /declined \(nobody can answer here\): .* — https:\/\/example\.com\/consent\?step=1/);
});

test("--output-schema: a valid answer passes (and -o keeps it); an invalid one gets one corrective turn, then exit 5", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const schema = path.join(dirs.root, "schema.json");
  fs.writeFileSync(schema, JSON.stringify({ type: "object", required: ["name"], properties: { name: { type: "string" } } }));
  const good = writeScript(dirs, "good.jsonl", [{ expect: { lastUserTextContains: "\"required\":[\"name\"]" }, text: "{\"name\": \"Ada\"}" }]);
  const bad = writeScript(dirs, "bad.jsonl", [
    { text: "Sure! The name is Ada.", usage: { input: 100, output: 7 } },
    { expect: { lastUserTextContains: "does not meet the required JSON Schema" }, text: "{\"name\": 5}", usage: { input: 150, output: 9 } },
  ]);
  const out = path.join(dirs.root, "answer.json");
  const [pass, fail] = await Promise.all([
    exec(t, ["--output-schema", schema, "-o", out, "who?"], { scriptFile: good }),
    exec(t, ["--json", "--output-schema", schema, "who?"], { scriptFile: bad }),
  ]);
  assert.equal(pass.code, 0, pass.stderr);
  assert.deepEqual(JSON.parse(pass.stdout), { name: "Ada" });
  assert.equal(fs.readFileSync(out, "utf8"), "{\"name\": \"Ada\"}");
  assert.equal(fail.code, 5, fail.stderr);
  assert.match(fail.stderr, /asking once more/);
  assert.match(fail.stderr, /does not meet --output-schema[\s\S]*name/);
  const result = lines(fail.stdout).at(-1);
  assert.equal(result.type, "result");
  assert.equal(result.text, "{\"name\": 5}", "the corrective turn's answer");
  // The tokens of both turns, summed, beside the context figures of the last report.
  assert.deepEqual({ input: result.usage.inputTokens, output: result.usage.outputTokens, total: result.usage.totalTokens },
    { input: 250, output: 16, total: 266 }, JSON.stringify(result.usage));
  assert.equal(result.usage.used, 159, "the context after the last model request");
});

test("`tether` at a terminal says what it is on stderr instead of waiting for JSON-RPC", { timeout: TEST_TIMEOUT }, async (t) => {
  // util-linux `script` gives the process a pseudo-terminal for stdin and stdout (BSD `script` on macOS takes the command last).
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const errFile = path.join(dirs.root, "stderr.txt");
  const underPty = (command) => process.platform === "darwin" ? ["-q", "/dev/null", "sh", "-c", command] : ["-qec", command, "/dev/null"];
  const child = spawn("script", underPty(`'${tetherCommand().command}' 2>'${errFile}'`), { env: { ...process.env, XDG_STATE_HOME: dirs.state, XDG_CONFIG_HOME: dirs.config },
    stdio: ["ignore", "pipe", "pipe"] });
  let terminal = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (terminal += d));
  const code = await new Promise((resolve) => child.on("close", resolve));
  const stderr = fs.readFileSync(errFile, "utf8");
  assert.equal(code, 0, stderr);
  assert.match(stderr, /coding agent that editors such as Zed start/);
  assert.match(stderr, /tether exec "/);
  assert.match(stderr, /agent_servers/);
  assert.doesNotMatch(terminal, /coding agent/, "nothing on stdout");

  // `tether exec` with no PROMPT and stdin a terminal (stdout a file) does not wait for typing: exit 2.
  const out = path.join(dirs.root, "out.txt");
  const noPrompt = spawn("script", underPty(`'${tetherCommand().command}' exec >'${out}' 2>'${errFile}'`), {
    env: { ...process.env, XDG_STATE_HOME: dirs.state, XDG_CONFIG_HOME: dirs.config, TETHER_PROVIDER: "scripted",
      TETHER_SCRIPT: script("hello.jsonl") }, stdio: ["ignore", "ignore", "ignore"] });
  const noPromptCode = await new Promise((resolve) => noPrompt.on("close", resolve));
  assert.match(fs.readFileSync(errFile, "utf8"), /no PROMPT: give one as an argument, or pipe it on stdin/);
  assert.equal(fs.readFileSync(out, "utf8"), "");
  if (process.platform !== "darwin") assert.equal(noPromptCode, 2, "util-linux script -e passes the exit code on");
});

test("piped input is appended to a PROMPT; a stdin that stays silent is not waited for", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const review = writeScript(dirs, "review.jsonl", [
    { expect: { lastUserTextContains: "Review this diff\n\n--- a/x.txt\n+++ b/x.txt\n-old\n+DIFF-LINE-77" }, text: "One problem." },
  ]);
  const plain = writeScript(dirs, "plain.jsonl", [{ expect: { lastUserTextContains: "Say hello." }, text: "Hello." }]);
  const [piped, silent] = await Promise.all([
    exec(t, ["Review this diff"], { scriptFile: review, stdin: "--- a/x.txt\n+++ b/x.txt\n-old\n+DIFF-LINE-77\n" }),
    exec(t, ["Say hello."], { scriptFile: plain, stdin: null }),
  ]);
  assert.equal(piped.code, 0, piped.stderr + piped.stdout);
  assert.equal(piped.stdout, "One problem.\n");
  assert.equal(silent.code, 0, silent.stderr + silent.stdout);
  assert.equal(silent.stdout, "Hello.\n");
  assert.match(silent.stderr, /stdin gave nothing in 3 s; going on without it \(< \/dev\/null skips the wait\)/);
  // An empty PROMPT is as much a usage error as an empty stdin.
  const empty = await exec(t, [""], { scriptFile: plain });
  assert.equal(empty.code, 2, empty.stderr);
  assert.match(empty.stderr, /the PROMPT is empty/);
});

test("--json: a request the agent answers with an error still ends with a result line; --ephemeral still deletes", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const rejected = writeScript(dirs, "rejected.jsonl", [{ error: { status: 401, message: "invalid x-api-key" } }]);
  const run = await exec(t, ["--json", "--ephemeral", "hi"], { scriptFile: rejected, dirs });
  assert.equal(run.code, 3, run.stderr);
  const result = lines(run.stdout).at(-1);
  assert.equal(result.type, "result", run.stdout);
  assert.equal(result.stopReason, "error");
  assert.match(result.text, /invalid x-api-key/);
  assert.equal(typeof result.durationMs, "number");
  const kept = fs.readdirSync(dirs.state, { recursive: true }).filter((f) => String(f).includes(result.sessionId));
  assert.deepEqual(kept, [], "no transcript of the ephemeral session");
});

test("--output-schema: a fenced answer that meets the schema is printed and written without its fence", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const schema = path.join(dirs.root, "schema.json");
  fs.writeFileSync(schema, JSON.stringify({ type: "object", required: ["risk"] }));
  const fenced = writeScript(dirs, "fenced.jsonl", [{ text: "```json\n{\"risk\": \"low\"}\n```" }]);
  const out = path.join(dirs.root, "risk.json");
  const invalid = path.join(dirs.root, "invalid.json");
  fs.writeFileSync(invalid, JSON.stringify({ type: 12 }));
  const [run, refused] = await Promise.all([
    exec(t, ["--output-schema", schema, "-o", out, "rate it"], { scriptFile: fenced, dirs }),
    // A schema that is no JSON Schema is refused before any model turn (the script has one line: a turn would use it).
    exec(t, ["--json", "--output-schema", invalid, "rate it"], { scriptFile: fenced }),
  ]);
  assert.equal(refused.code, 2, refused.stderr);
  assert.equal(refused.stdout, "");
  assert.match(refused.stderr, /--output-schema .*invalid\.json: not a valid JSON Schema/);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { risk: "low" });
  assert.deepEqual(JSON.parse(fs.readFileSync(out, "utf8")), { risk: "low" });
});

test("managed allowManagedPermissionRulesOnly: --allow does not count (and stderr says so), --deny still does", { timeout: TEST_TIMEOUT }, async (t) => {
  const [onlyManaged, denying] = [0, 1].map(() => {
    const d = makeTempDirs("tether-exec-");
    t.after(() => d.cleanup());
    fs.writeFileSync(path.join(d.root, "managed-settings.json"), JSON.stringify({ allowManagedPermissionRulesOnly: true }));
    return d;
  });
  const write = script("write-file.jsonl");
  const [allowed, denied] = await Promise.all([
    exec(t, ["--json", "--allow", "Write", "write hello.txt"], { scriptFile: write, dirs: onlyManaged }),
    exec(t, ["--json", "--mode", "auto", "--deny", "Write", "write hello.txt"], { scriptFile: write, dirs: denying }),
  ]);
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(fs.existsSync(path.join(onlyManaged.workspace, "hello.txt")), false, "the flag's allow rule did not count");
  const decision = lines(allowed.stdout).find((l) => l.type === "permission");
  assert.deepEqual([decision.decision, decision.by], ["denied", "mode"], allowed.stdout);
  assert.match(allowed.stderr, /--allow Write does not apply: the managed settings let only their own rules allow \(allowManagedPermissionRulesOnly\)/);
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(fs.existsSync(path.join(denying.workspace, "hello.txt")), false);
  const deniedBy = lines(denied.stdout).find((l) => l.type === "permission");
  assert.deepEqual([deniedBy.decision, deniedBy.by], ["denied", "flag"], denied.stdout);
});

test("bad flag values are usage errors (exit 2) before any session: --cwd not a directory, --mcp-config not a JSON object", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const notJson = path.join(dirs.root, "servers.json");
  fs.writeFileSync(notJson, "{ not json");
  const aFile = path.join(dirs.root, "a-file.txt");
  fs.writeFileSync(aFile, "x");
  const hello = script("hello.jsonl");
  const runs = await Promise.all([
    exec(t, ["--cwd", path.join(dirs.root, "missing"), "hi"], { scriptFile: hello }),
    exec(t, ["--cwd", aFile, "hi"], { scriptFile: hello }),
    exec(t, ["--mcp-config", "{ not json", "hi"], { scriptFile: hello }),
    exec(t, ["--mcp-config", "[1, 2]", "hi"], { scriptFile: hello }),
    exec(t, ["--mcp-config", notJson, "hi"], { scriptFile: hello }),
  ]);
  const expected = [/--cwd .*missing: no such directory/, /--cwd .*a-file\.txt: not a directory/,
    /--mcp-config: not JSON/, /--mcp-config: not a JSON object/, /--mcp-config .*servers\.json: not JSON/];
  // A file that cannot be written says why, not only its name.
  const unwritable = await exec(t, ["-o", path.join(dirs.root, "no-such-dir", "x.txt"), "hi"], { scriptFile: hello });
  assert.equal(unwritable.code, 1, unwritable.stderr);
  assert.match(unwritable.stderr, /-o .*no-such-dir\/x\.txt: no such directory: .*no-such-dir/);
  runs.forEach((run, i) => {
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, expected[i]);
    assert.doesNotMatch(run.stderr, /Invalid params/);
  });
});

test("--resume of a session from another directory runs in that session's directory; a different --cwd is exit 2", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs("tether-exec-");
  t.after(() => dirs.cleanup());
  const first = path.join(dirs.workspace, "first");
  const elsewhere = path.join(dirs.workspace, "elsewhere");
  fs.mkdirSync(first);
  fs.mkdirSync(elsewhere);
  fs.writeFileSync(path.join(first, "where.txt"), "in the first directory\n");
  const started = await exec(t, ["--json", "--cwd", first, "hi"], { scriptFile: script("hello.jsonl"), dirs });
  assert.equal(started.code, 0, started.stderr);
  const id = lines(started.stdout).at(-1).sessionId;
  const reads = writeScript(dirs, "reads.jsonl", [
    { toolCalls: [{ id: "c_read", name: "read_file", input: { path: "where.txt" } }] },
    { expect: { toolResultContains: "in the first directory" }, text: "Found it." },
  ]);
  const refused = await exec(t, ["--cwd", elsewhere, "--resume", id, "read where.txt"], { scriptFile: reads, dirs });
  // Without --cwd (run from the workspace, not the session's directory), the session's own directory is used.
  const plain = await new Promise((resolve) => {
    const base = tetherCommand();
    const child = spawn(base.command, [...base.args, "exec", "--mode", "auto", "--resume", id, "read where.txt"], {
      cwd: elsewhere,
      env: { ...process.env, XDG_STATE_HOME: dirs.state, XDG_CONFIG_HOME: dirs.config, XDG_CACHE_HOME: path.join(dirs.root, "cache"),
        HOME: dirs.root, TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"), TETHER_PROVIDER: "scripted",
        TETHER_SCRIPT: reads },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  assert.equal(plain.code, 0, plain.stderr + plain.stdout);
  assert.equal(plain.stdout, "Found it.\n");
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /--resume .*: the session's directory is .*first, not .*elsewhere/);
  assert.equal(refused.stdout, "");
});
