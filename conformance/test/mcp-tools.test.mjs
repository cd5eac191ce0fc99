import { test } from "node:test";
import assert from "node:assert/strict";
import { everythingStdio, startEverythingHttp, startEverythingSse } from "../lib/mcp-peers.mjs";
import { script, startTether, toolResultText, TEST_TIMEOUT } from "../lib/testing.mjs";

async function runFourTools(t, server) {
  const tether = await startTether(t, { script: script("mcp-tools.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [server] });
  const { stopReason } = await tether.prompt(sessionId, "use the everything tools");
  assert.equal(stopReason, "end_turn", tether.text(sessionId));
  const calls = Object.fromEntries(tether.toolCalls(sessionId).map((c) => [c.toolCallId, c]));
  for (const id of ["c_echo", "c_sum", "c_img", "c_struct"]) {
    assert.ok(calls[id], `tool call ${id} reached the editor`);
    assert.equal(calls[id].history[0].sessionUpdate, "tool_call", `${id} starts with tool_call`);
    assert.equal(calls[id].status, "completed", `${id}: ${toolResultText(calls[id])}`);
  }
  assert.match(toolResultText(calls.c_echo), /ping-42/);
  assert.match(toolResultText(calls.c_sum), /42/);
  assert.match(toolResultText(calls.c_img), /image/);
  assert.match(toolResultText(calls.c_struct), /temperature/);
  assert.match(tether.text(sessionId), /All four tools answered/);
}

test("MCP tools over stdio: echo, get-sum, get-tiny-image, get-structured-content complete", { timeout: TEST_TIMEOUT }, async (t) => {
  await runFourTools(t, everythingStdio());
});

test("MCP tools over streamable HTTP: the same four tools complete", { timeout: TEST_TIMEOUT }, async (t) => {
  const server = await startEverythingHttp();
  t.after(() => server.stop());
  await runFourTools(t, server.entry);
});

test("MCP tools over legacy HTTP+SSE (session/new sse entry): the same four tools complete", { timeout: TEST_TIMEOUT }, async (t) => {
  const server = await startEverythingSse();
  t.after(() => server.stop());
  await runFourTools(t, server.entry);
});
