import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { everythingStdio, ordersStdio } from "../lib/mcp-peers.mjs";
import { AgentProcess } from "../lib/agent-process.mjs";
import { alive, descendants } from "../lib/processes.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

// Ignores SIGTERM and stdin EOF: only a client that escalates to SIGKILL ends it.
const stubborn = { name: "stubborn", command: process.execPath, args: [path.join(FIXTURES, "noisy-mcp-server.mjs")],
  env: [{ name: "STUBBORN", value: "1" }] };

test("stdin EOF ends Tether cleanly and every MCP server process it started", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio(), ordersStdio(), stubborn] });
  // The first model request waits at the catalog barrier until both servers are up.
  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn");
  const servers = descendants(tether.child.pid);
  assert.ok(servers.length >= 3, `expected the MCP server processes under Tether, found ${servers}`);

  tether.child.stdin.end();
  // A Tether that stayed up would time the test out.
  assert.deepEqual(await tether.exit, { code: 0, signal: null }, "Tether exits 0 on its own after stdin EOF");
  const left = servers.filter(alive);
  assert.deepEqual(left, [], `MCP server processes left running: ${left}`);
});

test("session/close ends that session's MCP servers and no other's", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl") });
  const first = await tether.newSession({ mcpServers: [stubborn] });
  assert.equal((await tether.prompt(first.sessionId, "hi")).stopReason, "end_turn");
  const firstServers = descendants(tether.child.pid);
  const second = await tether.newSession({ mcpServers: [stubborn] });
  assert.equal((await tether.prompt(second.sessionId, "hi")).stopReason, "end_turn");
  const secondServers = descendants(tether.child.pid).filter((p) => !firstServers.includes(p));
  assert.ok(firstServers.length >= 1 && secondServers.length >= 1);

  await tether.request("session/close", { sessionId: first.sessionId });
  assert.deepEqual(firstServers.filter(alive), [], "the closed session's server is gone");
  assert.ok(secondServers.some(alive), "the other session's server still runs");
});

test("a script that writes its requests and closes stdin at once gets every answer, then Tether exits 0", { timeout: TEST_TIMEOUT }, async (t) => {
  const agent = new AgentProcess({ script: script("hello.jsonl") });
  t.after(async () => {
    await agent.stop(5000);
    agent.dispose();
  });
  await agent.spawned;
  let out = "";
  agent.child.stdout.on("data", (chunk) => { out += chunk.toString("utf8"); });
  const frames = [
    { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } },
    { jsonrpc: "2.0", id: 1, method: "session/new", params: { cwd: agent.dirs.workspace, mcpServers: [] } },
  ];
  agent.child.stdin.end(frames.map((f) => JSON.stringify(f) + "\n").join(""));
  // A Tether that stayed up would time the test out.
  assert.deepEqual(await agent.exit, { code: 0, signal: null }, `Tether exits 0 after stdin EOF\n${agent.stderrTail()}`);
  const answers = out.trim().split("\n").map((line) => JSON.parse(line)).filter((m) => m.id !== undefined && !m.method);
  assert.deepEqual(answers.map((a) => a.id), [0, 1], `every request is answered:\n${out}`);
  assert.equal(answers[0].result?.protocolVersion, 1);
  assert.ok(typeof answers[1].result?.sessionId === "string", `session/new answered with a session: ${JSON.stringify(answers[1])}`);
});
