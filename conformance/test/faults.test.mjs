// The fault suite's process-level cases (docs/reference/fault-suite.md): faults that need a real
// Tether process behind the real ACP client. Each asserts what a user notices: Tether is alive
// afterwards (this process or the next completes a prompt), the stop reason, a readable message,
// no MCP server process left running, and that session/load replays what the user saw.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { alive, commandLine, descendants } from "../lib/processes.mjs";
import { tetherCommand } from "../lib/paths.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const chaos = { name: "chaos", command: process.execPath, args: [path.join(FIXTURES, "chaos-mcp-server.mjs")], env: [] };
const chaosPids = (tether) => descendants(tether.child.pid).filter((pid) => commandLine(pid).includes("chaos-mcp-server.mjs"));
const STACK_TRACE = /\bat [\w.$]+\(|Exception:|Caused by/;

/**
 * Writes a deliberately invalid request straight to stdin. Its id is registered with the wire
 * checker (without counting the frame as a harness bug) so Tether's error answer is expected.
 */
function sendInvalid(tether, frame) {
  tether.recording.checker.noteClientFrame(frame);
  return tether.writeRaw(JSON.stringify(frame));
}

function sharedDirs(t) {
  const dirs = makeTempDirs("tether-faults-");
  t.after(() => dirs.cleanup());
  return dirs;
}

async function eventually(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a turn that waits on chaos's `hang`; resolves once the call runs, with the server pids. */
async function hangingTurn(tether) {
  const { sessionId } = await tether.newSession({ mcpServers: [chaos] });
  const turn = tether.prompt(sessionId, "call the hanging tool").catch((e) => e);
  await tether.tap.waitFor((f) => f.params?.update?.toolCallId === "c_hang" && f.params.update.status === "in_progress",
    15_000, "the hanging call to run");
  const servers = chaosPids(tether);
  assert.equal(servers.length, 1, `one chaos server under Tether: ${servers}`);
  return { sessionId, turn, servers };
}

/** A new Tether on the same state loads the session: the prompt and what the agent said are back, the call is closed. */
async function assertReplayed(t, dirs, sessionId, prompt, agentText) {
  const next = await startTether(t, { script: script("hello.jsonl"), dirs });
  await next.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.ok(next.updatesOf(sessionId, "user_message_chunk").some((u) => u.content?.text === prompt), "the prompt is replayed");
  assert.equal(next.text(sessionId), agentText, "every agent message the user saw is replayed");
  const call = next.toolCalls(sessionId).find((c) => c.toolCallId === "c_hang");
  assert.ok(call && call.status !== "in_progress" && call.status !== "pending", `the interrupted call is closed: ${JSON.stringify(call)}`);
  assert.equal((await next.prompt(sessionId, "are you still there?")).stopReason, "end_turn", "the loaded session completes a prompt");
  assert.match(next.text(sessionId), /Hello from the scripted model/);
}

test("kill -9 of Tether mid-turn: its servers end, and session/load in a new process has the turn so far", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  const first = await startTether(t, { script: script("faults-hang.jsonl"), dirs });
  const { sessionId, turn, servers } = await hangingTurn(first);
  const seen = first.text(sessionId);
  assert.equal(seen, "Calling the server.");
  assert.equal((await first.kill9()).signal, "SIGKILL");
  assert.ok((await turn) instanceof Error, "the prompt never got an answer");
  await eventually(() => servers.every((pid) => !alive(pid)), 10_000, "the MCP server to end after Tether was killed");
  await assertReplayed(t, dirs, sessionId, "call the hanging tool", seen);
});

// The first run after a build also assembles the JDK's AOT cache at exit (bin/tether), which can take
// many seconds on a loaded machine: the exit gets a generous bound, not a timing claim.
test("stdin EOF mid-turn: Tether exits 0, ends its servers, and the transcript has the turn so far", { timeout: 2 * TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  const first = await startTether(t, { script: script("faults-hang.jsonl"), dirs });
  const { sessionId, servers } = await hangingTurn(first);
  const seen = first.text(sessionId);
  first.child.stdin.end();
  const exit = await Promise.race([first.exit, new Promise((r) => setTimeout(() => r(null), 40_000))]);
  assert.deepEqual(exit, { code: 0, signal: null }, `Tether exits 0 after stdin EOF\n${first.stderrTail()}`);
  assert.deepEqual(servers.filter(alive), [], "no MCP server process left running");
  await assertReplayed(t, dirs, sessionId, "call the hanging tool", seen);
});

test("malformed frames on the real stdin mid-session: each gets an error and the session goes on", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  const tether = await startTether(t, { script: script("hello.jsonl"), dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos] });
  await tether.writeRaw("{not json at all");
  await tether.tap.waitFor((f) => f.error?.code === -32700, 5000, "-32700 for the bad JSON");
  await sendInvalid(tether, { jsonrpc: "2.0", id: "wrong-types", method: "session/prompt", params: { sessionId: 7, prompt: "x" } });
  const wrong = await tether.tap.waitFor((f) => f.id === "wrong-types", 5000, "the answer to wrong types");
  assert.equal(wrong.error?.code, -32602);
  assert.match(wrong.error.message, /sessionId/);
  assert.doesNotMatch(wrong.error.message, STACK_TRACE);
  await sendInvalid(tether, { jsonrpc: "2.0", id: "huge", method: "session/prompt",
    params: { sessionId, prompt: [{ type: "text", text: "z".repeat(17 * 1024 * 1024) }] } });
  const huge = await tether.tap.waitFor((f) => f.id === "huge", 10_000, "the answer to the huge line");
  assert.equal(huge.error?.code, -32600);
  assert.match(huge.error.message, /too large/i);

  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn");
  const seen = tether.text(sessionId);
  assert.match(seen, /Hello from the scripted model/);
  const servers = chaosPids(tether);
  await tether.request("session/close", { sessionId });
  await eventually(() => servers.every((pid) => !alive(pid)), 10_000, "the session's server to end after session/close");

  const next = await startTether(t, { script: script("hello.jsonl"), dirs });
  await next.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.ok(next.updatesOf(sessionId, "user_message_chunk").some((u) => u.content?.text === "hi"), "the prompt is replayed");
  assert.equal(next.text(sessionId), seen, "the replay shows what the agent said");
});

test("an unwritable state directory: Tether still starts, says why, and completes a prompt", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  // A regular file where the state directory should be: nothing can be created below it, even as root
  // (which chmod could not stop), so this holds in CI containers too.
  const blocked = path.join(dirs.root, "state-is-a-file");
  fs.writeFileSync(blocked, "not a directory\n");
  const tether = await startTether(t, { script: script("hello.jsonl"), dirs, env: { XDG_STATE_HOME: blocked } });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos] });
  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn", "the session works without a transcript");
  const told = tether.text(sessionId);
  assert.match(told, /not being saved and cannot be loaded later/, `the session tells the user: ${told}`);
  assert.match(told, /state-is-a-file/, "and names the directory");
  assert.match(tether.stderr(), /state-is-a-file.*Not a directory/, "the log says why too");
  assert.doesNotMatch(tether.text(sessionId), STACK_TRACE);
  const servers = chaosPids(tether);
  await tether.request("session/close", { sessionId });
  await eventually(() => servers.every((pid) => !alive(pid)), 10_000, "the session's server to end after session/close");
});

test("disk full for artifacts (RLIMIT_FSIZE): the big result still reaches the model, the session goes on", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  // `ulimit -f` caps every file Tether writes at 256 KiB: a write past it fails with EFBIG (the JVM
  // ignores SIGXFSZ), as on a full disk, without root or a special file system. Transcript lines stay
  // far below the cap; the 1 MiB artifact does not fit.
  const base = tetherCommand();
  const tether = await startTether(t, { script: script("faults-big.jsonl"), dirs,
    command: "/bin/sh", args: ["-c", 'ulimit -f 256 && exec "$0" "$@"', base.command, ...base.args] });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos] });
  assert.equal((await tether.prompt(sessionId, "fetch the big result")).stopReason, "end_turn");
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_big");
  assert.equal(call?.status, "completed", `the call completed: ${JSON.stringify(call?.status)}`);
  const seen = tether.text(sessionId);
  assert.match(seen, /Read the head of the result/, "the model got the head and went on");
  assert.match(JSON.stringify(call.content), /first 25000 of 1048576 characters.*the rest could not be kept/, "the user sees what was lost");
  assert.match(tether.stderr(), /could not be kept as an artifact: File too large/, "the write failed with EFBIG, as on a full disk");
  const artifacts = path.join(dirs.state, "tether", "sessions", `${sessionId}.artifacts`);
  const sizes = fs.existsSync(artifacts) ? fs.readdirSync(artifacts).map((f) => fs.statSync(path.join(artifacts, f)).size) : [];
  assert.ok(sizes.every((s) => s <= 256 * 1024), `no artifact past the cap: ${sizes}`);
  const servers = chaosPids(tether);
  await tether.request("session/close", { sessionId });
  await eventually(() => servers.every((pid) => !alive(pid)), 10_000, "the session's server to end after session/close");

  const next = await startTether(t, { script: script("hello.jsonl"), dirs });
  await next.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.equal(next.text(sessionId), seen, "the transcript kept every agent message");
  assert.equal((await next.prompt(sessionId, "still there?")).stopReason, "end_turn");
});
