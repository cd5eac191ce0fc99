// No process of the same user attaches to Tether: bin/tether runs the JVM without the attach
// mechanism (-XX:+DisableAttachMechanism in bin/jvm.args), which would otherwise hand out heap
// dumps (the provider key, OAuth tokens) or load an agent to anyone who can create a file and
// send a signal. Here a stdio MCP server that Tether started tries it with no JDK tool; the
// signal must only print a thread dump, on stderr, and leave Tether running. Linux only (the
// attach files and /proc are Linux's).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { AgentProcess } from "../lib/agent-process.mjs";
import { assertCleanWire, FIXTURES, script, startTether, TEST_TIMEOUT, toolResultText, until } from "../lib/testing.mjs";

const linuxOnly = process.platform !== "linux" && "HotSpot's attach files are Linux's";
const attacker = { name: "attacker", command: process.execPath, args: [path.join(FIXTURES, "attach-mcp-server.mjs")], env: [] };
const THREAD_DUMP = /^Full thread dump /m;

test("an MCP server's attach attempt gets no answer; its SIGQUIT only prints a thread dump on stderr", { skip: linuxOnly, timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("attach.jsonl") });
  const pid = tether.child.pid; // bin/tether execs the JVM, so this is Tether itself
  const triggers = [path.join(tether.dirs.workspace, `.attach_pid${pid}`), `/tmp/.attach_pid${pid}`];
  const socket = `/tmp/.java_pid${pid}`;
  t.after(() => {
    for (const file of [...triggers, socket]) fs.rmSync(file, { force: true });
  });

  const { sessionId } = await tether.newSession({ mcpServers: [attacker] });
  // The server makes the trigger files and signals as soon as it starts. The JVM handles the
  // signal with a thread dump, or, when attaching is allowed, by opening the attach socket.
  await until(() => THREAD_DUMP.test(tether.stderr()) || fs.existsSync(socket), 20_000,
    `Tether to handle the MCP server's SIGQUIT\n${tether.stderrTail()}`);
  assert.deepEqual(triggers.filter((file) => !fs.existsSync(file)), [], "the server made .attach_pid in Tether's cwd and in /tmp");
  assert.equal(fs.existsSync(socket), false, `the JVM opened its attach socket ${socket}`);
  assert.match(tether.stderr(), THREAD_DUMP, "SIGQUIT printed a thread dump on stderr");

  // The server's own connection to the socket: no JVM answers it.
  assert.equal((await tether.prompt(sessionId, "Try the attach socket.")).stopReason, "end_turn");
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_attach");
  assert.equal(call?.status, "completed", JSON.stringify(call));
  assert.match(toolResultText(call), /no attach answer: (ENOENT|ECONNREFUSED)/);

  // Tether kept running, and the dump never reached stdout.
  assert.equal((await tether.prompt(sessionId, "Still there?")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Still here\./);
  assertCleanWire(tether);
  assert.ok(tether.tap.frames.length > 3, "ACP frames were read");
});

// A crash signal, which any process of the same user can send, must not leave the JVM's crash
// report (registers and the objects they point to: part of a key, perhaps) as hs_err_pid<pid>.log
// in Tether's working directory, the user's workspace, where read_file would hand it to the model.
test("a crash signal leaves no crash report or core file in the workspace; the report goes to stderr", { timeout: TEST_TIMEOUT }, async (t) => {
  const agent = new AgentProcess({});
  t.after(() => agent.dispose());
  await agent.spawned;
  let stdout = "";
  agent.child.stdout.on("data", (chunk) => { stdout += chunk.toString("utf8"); });
  await agent.writeLine(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } }));
  await until(() => stdout.includes('"id":1'), 20_000, `the initialize answer\n${agent.stderrTail()}`);

  process.kill(agent.child.pid, "SIGSEGV");
  const { code, signal } = await agent.exit;
  assert.ok(code !== 0 || signal !== null, `the JVM ends itself after its crash report (code ${code}, signal ${signal})`);
  assert.match(agent.stderr(), /A fatal error has been detected by the Java Runtime Environment/);
  assert.match(agent.stderr(), /CreateCoredumpOnCrash turned off, no core file dumped/);
  const left = fs.readdirSync(agent.dirs.workspace).filter((name) => /^(hs_err_pid|core)/.test(name));
  assert.deepEqual(left, [], "crash files in the workspace");
});
