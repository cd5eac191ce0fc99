import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ordersStdio } from "../lib/mcp-peers.mjs";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const ordersConfig = (policy = {}) => {
  const { command, args } = ordersStdio();
  return JSON.stringify({ mcpServers: { orders: { command, args, ...policy } } });
};

test("--mcp-config adds servers the editor did not name", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("orders.jsonl"), extraArgs: ["--mcp-config", ordersConfig({ trustAnnotations: true })] });
  const { sessionId } = await tether.newSession({ mcpServers: [] });
  assert.equal((await tether.prompt(sessionId, "who ordered A-1003?")).stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_orders");
  assert.equal(call?.status, "completed");
  assert.equal(call?.kind, "read", "a trusted readOnlyHint → read kind");
  assert.equal(tether.permissions.length, 0, "a trusted read-only tool runs without asking");
  assert.match(tether.text(sessionId), /Grace Hopper/);
});

test("an untrusted server's readOnlyHint is only a claim: its tool asks and is not shown as a read", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("orders.jsonl"), extraArgs: ["--mcp-config", ordersConfig()] });
  const { sessionId } = await tether.newSession({ mcpServers: [] });
  assert.equal((await tether.prompt(sessionId, "who ordered A-1003?")).stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_orders");
  assert.equal(call?.status, "completed");
  assert.notEqual(call?.kind, "read");
  assert.equal(tether.permissions.length, 1, "the user was asked");
  assert.match(tether.permissions[0].request.toolCall.title, /^orders: /, "the prompt names the server");
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

test("per-server policy: a denied tool never reaches the model, a hint override skips the permission request, calls are audited", { timeout: TEST_TIMEOUT }, async (t) => {
  const { command, args } = ordersStdio();
  const config = JSON.stringify({ mcpServers: { orders: { command, args,
    denyTools: ["cancel_*"], toolHints: { create_order: { readOnlyHint: true, idempotentHint: true } } } } });
  const tether = await startTether(t, { script: script("policy.jsonl"), extraArgs: ["--mcp-config", config], permission: "reject_once" });
  const { sessionId } = await tether.newSession({ mcpServers: [] });
  assert.equal((await tether.prompt(sessionId, "create an order")).stopReason, "end_turn", tether.text(sessionId));
  assert.equal(tether.permissions.length, 0, "the override made create_order a read: no permission request");
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_create");
  assert.equal(call?.status, "completed");
  const audit = fs.readFileSync(path.join(tether.dirs.state, "tether", "sessions", `${sessionId}.audit.jsonl`), "utf8")
    .trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(audit.length, 1);
  assert.equal(audit[0].server, "orders");
  assert.equal(audit[0].tool, "create_order");
  assert.equal(audit[0].decision, "allowed");
  assert.equal(audit[0].outcome, "completed");
  assert.equal(audit[0].hints.readOnlyHint, true);
});
