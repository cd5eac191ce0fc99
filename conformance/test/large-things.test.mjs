import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

// Issue 13 through the real binary and ACP client: deferred MCP tools behind tool_search, and read_artifact.
const chaos = (name) => ({ name, command: process.execPath, args: [path.join(FIXTURES, "chaos-mcp-server.mjs")],
  env: [{ name: "CHAOS_NAME", value: name }] });

function withConfig(t, config) {
  const dirs = makeTempDirs("tether-e2e-");
  t.after(() => dirs.cleanup());
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify(config));
  return dirs;
}

test("past tools.deferAbove the MCP tools wait behind tool_search, which loads what it finds", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = withConfig(t, { tools: { deferAbove: 2 } });
  const tether = await startTether(t, { script: script("tool-search.jsonl"), dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos("chaos")] });
  assert.equal((await tether.prompt(sessionId, "find the echo tool")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /The deferred tool was found and called/, tether.text(sessionId));
});

test("a cut result says how to read on, read_artifact appears, and an unknown id is refused", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("read-artifact.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos("chaos")] });
  assert.equal((await tether.prompt(sessionId, "get a big text")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /An unknown artifact is refused/, tether.text(sessionId));
});
