import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ordersStdio } from "../lib/mcp-peers.mjs";
import { makeTempDirs } from "../lib/client.mjs";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

// A project's .mcp.json (Claude Code's format) and a broken --mcp-config: Tether starts, warns the
// user, asks before starting the project's server, and serves.
test("a broken --mcp-config is a warning; a project .mcp.json server starts once the user allows it", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  const { command, args } = ordersStdio();
  const mcpJson = path.join(dirs.workspace, ".mcp.json");
  fs.writeFileSync(mcpJson, JSON.stringify({ mcpServers: { orders: { type: "stdio", command, args } } }));
  const answers = [];
  const tether = await startTether(t, {
    dirs,
    script: script("orders.jsonl"),
    extraArgs: ["--mcp-config", "{\"mcpServers\": {broken", "--mcp-config", path.join(dirs.root, "missing.json")],
    permission: (params) => {
      const approval = params.options.find((o) => o.optionId === "allow_project");
      answers.push(params);
      return approval ? "allow_project" : "allow_once";
    },
  });
  const { sessionId } = await tether.newSession({ mcpServers: [] });

  const mcp = await tether.prompt(sessionId, "/mcp");
  assert.equal(mcp.stopReason, "end_turn");
  assert.match(tether.text(sessionId), /\| orders \| needs_approval \| stdio \|/, "held until approved");
  assert.match(tether.text(sessionId), /--mcp-config is not valid JSON/, "the warning is listed in /mcp");
  assert.match(tether.text(sessionId), /missing\.json/);

  assert.equal((await tether.prompt(sessionId, "who ordered A-1003?")).stopReason, "end_turn", tether.text(sessionId));
  const approval = answers.find((p) => p.options.some((o) => o.optionId === "allow_project"));
  assert.ok(approval, "the user was asked about the project's server");
  assert.match(approval.toolCall.title, /`orders`/);
  const shown = JSON.stringify(approval.toolCall.content);
  assert.ok(shown.includes(mcpJson), "the request names the file");
  assert.ok(shown.includes("reference-server"), "the request shows the command");
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_orders");
  assert.equal(call?.status, "completed", tether.text(sessionId));
  assert.match(tether.text(sessionId), /Grace Hopper/);
  assert.match(tether.stderrTail(), /--mcp-config is not valid JSON/, "one line on stderr too");
  assert.ok(fs.existsSync(path.join(dirs.state, "tether", "mcp-project-choices.json")), "the answer is remembered");
});
