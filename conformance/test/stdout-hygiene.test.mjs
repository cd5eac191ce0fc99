import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { everythingStdio } from "../lib/mcp-peers.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const noisy = { name: "noisy", command: process.execPath, args: [path.join(FIXTURES, "noisy-mcp-server.mjs")], env: [] };
const dead = { name: "dead", command: "/bin/sh", args: ["-c", "echo junk on stdout; echo junk on stderr >&2; exit 1"], env: [] };

test("a noisy stdio MCP server leaves only ACP frames on stdout and its tool still works", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("noisy-ping.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [noisy, dead, everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "ping it")).stopReason, "end_turn", tether.text(sessionId));
  const ping = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_ping");
  assert.equal(ping?.status, "completed");
  assert.match(tether.text(sessionId), /noisy server answered/);
  await tether.close();
  assert.equal(tether.tap.violations.length, 0, tether.wireReport());
  assert.ok(tether.tap.frames.length > 3);
});
