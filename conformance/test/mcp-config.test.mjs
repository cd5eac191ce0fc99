import { test } from "node:test";
import assert from "node:assert/strict";
import { ordersStdio } from "../lib/mcp-peers.mjs";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const ordersConfig = () => {
  const { command, args } = ordersStdio();
  return JSON.stringify({ mcpServers: { orders: { command, args } } });
};

test("--mcp-config adds servers the editor did not name", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("orders.jsonl"), extraArgs: ["--mcp-config", ordersConfig()] });
  const { sessionId } = await tether.newSession({ mcpServers: [] });
  assert.equal((await tether.prompt(sessionId, "who ordered A-1003?")).stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_orders");
  assert.equal(call?.status, "completed");
  assert.equal(call?.kind, "read", "readOnlyHint → read kind");
  assert.match(tether.text(sessionId), /Grace Hopper/);
});

test("--strict-mcp-config ignores the editor's servers", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("orders.jsonl"), extraArgs: ["--mcp-config", ordersConfig(), "--strict-mcp-config"] });
  const broken = { name: "broken", command: "/nonexistent/server", args: [], env: [] };
  const { sessionId } = await tether.newSession({ mcpServers: [broken] });
  assert.equal((await tether.prompt(sessionId, "who ordered A-1003?")).stopReason, "end_turn");
  assert.doesNotMatch(tether.text(sessionId), /broken/, "the editor's server was not even tried");
});

test("a server that cannot start is named to the user and the session works", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl") });
  const broken = { name: "broken", command: "/nonexistent/server", args: [], env: [{ name: "API_TOKEN", value: "sk-secret-123" }] };
  const { sessionId } = await tether.newSession({ mcpServers: [broken] });
  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn");
  const text = tether.text(sessionId);
  assert.match(text, /broken/);
  assert.match(text, /Hello from the scripted model/);
  assert.doesNotMatch(text, /sk-secret-123/);
});
