import { test } from "node:test";
import assert from "node:assert/strict";
import { everythingStdio, mcp2026Stdio, startMcp2026Http } from "../lib/mcp-peers.mjs";
import { script, startTether, toolResultText, TEST_TIMEOUT } from "../lib/testing.mjs";

// Servers written with the TypeScript SDK v2 (@modelcontextprotocol/server 2.4.0, MCP 2026-07-28),
// over stdio and over streamable HTTP, next to server-everything (2025-11-25) in one ACP session:
// structured output, a multi round-trip elicitation answered in the editor, a resource read,
// /mcp naming each server's revision, and a tool list change that reaches the model through the
// servers' subscriptions/listen streams (/mcp, which makes no model request, counts them first).
test("MCP 2026-07-28 servers over stdio and HTTP work next to a 2025-11-25 server in one session", { timeout: 60_000 }, async (t) => {
  const remote = await startMcp2026Http("remote");
  t.after(() => remote.stop());
  const tether = await startTether(t, {
    script: script("mcp2026-peers.jsonl"),
    elicitation: (params) => ({ action: "accept", content: { confirm: true } }),
  });
  const { sessionId } = await tether.newSession({ mcpServers: [mcp2026Stdio("peer"), remote.entry, everythingStdio()] });
  const { stopReason } = await tether.prompt(sessionId, "use the old and the new servers");
  assert.equal(stopReason, "end_turn", tether.text(sessionId));
  // The last line of the script checks the resource text reached the model; its answer is shown.
  assert.match(tether.text(sessionId), /Both 2026 servers answered, next to the 2025 one\./);

  const calls = Object.fromEntries(tether.toolCalls(sessionId).map((c) => [c.toolCallId, c]));
  for (const id of ["c_add_stdio", "c_add_http", "c_echo", "c_deploy_stdio", "c_deploy_http", "c_motd_stdio", "c_motd_http"]) {
    assert.ok(calls[id], `tool call ${id} reached the editor`);
    assert.equal(calls[id].history[0].sessionUpdate, "tool_call", `${id} starts with tool_call`);
    assert.equal(calls[id].status, "completed", `${id}: ${toolResultText(calls[id])}`);
  }
  // Structured output: the text for the user, the structured result as the call's raw output.
  assert.match(JSON.stringify(calls.c_add_stdio.content), /2 \+ 3 = 5/);
  assert.deepEqual(calls.c_add_stdio.rawOutput, { sum: 5 });
  assert.match(JSON.stringify(calls.c_add_http.content), /20 \+ 22 = 42/);
  assert.deepEqual(calls.c_add_http.rawOutput, { sum: 42 });
  assert.match(toolResultText(calls.c_echo), /Echo: old and new/);

  // input_required → the editor answered one form per deploy → each call completed with it.
  const forms = tether.elicitations.map((e) => e.request);
  assert.deepEqual(forms.map((f) => f.message).sort(), ["MCP server `peer`: Deploy to staging?", "MCP server `remote`: Deploy to prod?"],
    "each form names the server that asks");
  assert.ok(forms.every((f) => f.sessionId === sessionId && f.mode === "form"), JSON.stringify(forms));
  assert.deepEqual(forms.map((f) => f.toolCallId).sort(), ["c_deploy_http", "c_deploy_stdio"], "each form is scoped to its call");
  assert.match(JSON.stringify(calls.c_deploy_stdio.content), /deployed to staging/);
  assert.match(JSON.stringify(calls.c_deploy_http.content), /deployed to prod/);
  assert.match(JSON.stringify(calls.c_motd_stdio.content), /hello from a 2026 server/);
  assert.match(JSON.stringify(calls.c_motd_http.content), /hello from a 2026 server/);

  // /mcp: every server ready, each with the revision it speaks.
  assert.equal((await tether.prompt(sessionId, "/mcp")).stopReason, "end_turn");
  const status = tether.text(sessionId);
  assert.match(status, /\| peer \| ready \| stdio \| \d+ \| \d+ \| \d+ \| 2026-07-28 \|/, status);
  assert.match(status, /\| remote \| ready \| http \| \d+ \| \d+ \| \d+ \| 2026-07-28 \|/, status);
  assert.match(status, /\| everything \| ready \| stdio \| \d+ \| \d+ \| \d+ \| 2025-11-25 \|/, status);

  // A tool added on each 2026 server is announced on its listen stream; the model sees it next.
  const toolCount = async (server) => {
    const before = tether.text(sessionId).length;
    assert.equal((await tether.prompt(sessionId, "/mcp")).stopReason, "end_turn");
    const table = tether.text(sessionId).slice(before);
    const row = table.match(new RegExp(`\\| ${server} \\| ready \\| \\w+ \\| (\\d+) \\|`));
    assert.ok(row, table);
    return Number(row[1]);
  };
  const peerTools = await toolCount("peer");
  const remoteTools = await toolCount("remote");
  assert.equal((await tether.prompt(sessionId, "add a tool to each new server")).stopReason, "end_turn", tether.stderrTail());
  // The announcement travels on its own stream (over HTTP, its own connection): wait until /mcp counts the new tools.
  for (let i = 0; i < 50 && (await toolCount("peer") === peerTools || await toolCount("remote") === remoteTools); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(await toolCount("peer"), peerTools + 1, "the stdio server's new tool is in the catalog");
  assert.equal(await toolCount("remote"), remoteTools + 1, "the HTTP server's new tool is in the catalog");
  assert.equal((await tether.prompt(sessionId, "use the new tools")).stopReason, "end_turn", tether.text(sessionId));
  const fresh = Object.fromEntries(tether.toolCalls(sessionId).map((c) => [c.toolCallId, c]));
  assert.equal(fresh.c_fresh_stdio?.status, "completed", toolResultText(fresh.c_fresh_stdio));
  assert.equal(fresh.c_fresh_http?.status, "completed", toolResultText(fresh.c_fresh_http));
  assert.match(toolResultText(fresh.c_fresh_http), /fresh_http ran/);
});
