// Subagents through the real process: the scripted model hands a task to a subagent whose type
// comes from the user's directory ($XDG_CONFIG_HOME/tether/agents) and allows one MCP tool of
// server-everything; the subagent asks to use it (the server is not trusted), calls it on the
// session's own connection, and answers. An editor that advertises `subagents` sees a child
// session announced before its traffic; one that does not sees the work in the agent call. Every
// stdout line is checked against the pinned schema (its unstable part for the subagent updates).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { everythingStdio } from "../lib/mcp-peers.mjs";
import { RawClient } from "../lib/raw-client.mjs";
import { script, TEST_TIMEOUT } from "../lib/testing.mjs";

const text = (t) => [{ type: "text", text: t }];

async function start() {
  const client = await RawClient.start({ script: script("subagents.jsonl") });
  const agents = path.join(client.dirs.config, "tether", "agents");
  fs.mkdirSync(agents, { recursive: true });
  fs.writeFileSync(path.join(agents, "echoer.md"),
    "---\nname: echoer\ndescription: Echoes through the MCP server\ntools: read_file, mcp__everything__echo\n---\nUse the echo tool.\n");
  client.asked = [];
  client.answers.set("session/request_permission", (params) => {
    client.asked.push(params);
    return { outcome: { outcome: "selected", optionId: "allow_once" } };
  });
  return client;
}

async function runTurn(client, capabilities) {
  await client.request("initialize", { protocolVersion: 1, clientCapabilities: capabilities });
  const { sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [everythingStdio()] });
  const answer = await client.call("session/prompt", { sessionId, prompt: text("Ask a helper to echo hello.") });
  assert.equal(answer.result?.stopReason, "end_turn", JSON.stringify(answer));
  const said = RawClient.updates(client.frames, sessionId).filter((u) => u.sessionUpdate === "agent_message_chunk")
    .map((u) => u.content.text).join("");
  assert.equal(said, "The helper reports: hello.", "the scripted model's expectations all held");
  return { sessionId, frames: client.frames.slice(0, client.indexOf(answer)) };
}

describe("subagents", () => {
  test("an editor with subagents sees a child session announced before its traffic", { timeout: TEST_TIMEOUT }, async () => {
    const client = await start();
    try {
      const { sessionId, frames } = await runTurn(client, { subagents: {} });
      const updates = frames.filter((f) => f.method === "session/update");
      const announced = updates.findIndex((f) => f.params.update.sessionUpdate === "subagent_update");
      assert.ok(announced >= 0, "a subagent_update on the parent");
      assert.equal(updates[announced].params.sessionId, sessionId);
      const child = updates[announced].params.update.sessionId;
      assert.equal(updates[announced].params.update.title, "Echo hello");
      const firstOfChild = updates.findIndex((f) => f.params.sessionId === child);
      assert.ok(firstOfChild > announced, "the child's first update comes after its announcement");
      const childUpdates = RawClient.updates(frames, child);
      const call = childUpdates.find((u) => u.sessionUpdate === "tool_call" && u.name === "mcp__everything__echo");
      assert.ok(call, "the child's MCP call is shown in the child");
      assert.ok(childUpdates.some((u) => u.toolCallId === call.toolCallId && u.status === "completed"));
      assert.equal(client.asked.length, 1);
      assert.equal(client.asked[0].sessionId, child, "the permission request is the child's");
      assert.match(client.asked[0].toolCall.title, /^Subagent “Echo hello”: /);
      const link = RawClient.updates(frames, sessionId).find((u) => u.toolCallId === "call_agent"
        && (u.content ?? []).some((c) => c.type === "session" && c.sessionId === child));
      assert.ok(link, "the parent's agent call links to the child");
      const ended = RawClient.updates(frames, sessionId).filter((u) => u.sessionUpdate === "subagent_update" && u.state?.state === "idle");
      assert.deepEqual(ended.map((u) => u.state.stopReason), ["end_turn"]);
      assert.equal(client.wireReport(), "", `invalid frames:\n${client.wireReport()}`);
    } finally {
      await client.close();
    }
  });

  test("an editor without subagents sees the work as the agent call's content", { timeout: TEST_TIMEOUT }, async () => {
    const client = await start();
    try {
      const { sessionId, frames } = await runTurn(client, {});
      const sessions = new Set(frames.filter((f) => f.method === "session/update").map((f) => f.params.sessionId));
      assert.deepEqual([...sessions], [sessionId], "nothing is sent for a session the editor does not know");
      const progress = RawClient.updates(frames, sessionId).filter((u) => u.toolCallId === "call_agent")
        .flatMap((u) => u.content ?? []).map((c) => c.content?.text ?? "").join("\n");
      assert.match(progress, /✓ .*echo/i);
      assert.equal(client.asked.length, 1);
      assert.equal(client.asked[0].sessionId, sessionId);
      assert.match(client.asked[0].toolCall.title, /^Subagent “Echo hello”: /);
      assert.equal(client.wireReport(), "", `invalid frames:\n${client.wireReport()}`);
    } finally {
      await client.close();
    }
  });
});
