// Tests of the harness itself (no Tether needed): the frame checker must accept what the
// protocol allows and reject what it does not, or every other test here proves nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FrameChecker } from "../lib/schema.mjs";

function checker() {
  const c = new FrameChecker();
  c.noteClientFrame({ jsonrpc: "2.0", id: 1, method: "session/prompt", params: { sessionId: "s", prompt: [] } });
  c.noteClientFrame({ jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: "/tmp", mcpServers: [] } });
  return c;
}
const update = (u) => JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: u } });

test("frame checker accepts valid agent frames", () => {
  const c = checker();
  const good = [
    JSON.stringify({ jsonrpc: "2.0", id: 1, result: { stopReason: "cancelled" } }),
    JSON.stringify({ jsonrpc: "2.0", id: 2, error: { code: -32602, message: "cwd must be absolute" } }),
    JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
    update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } }),
    update({ sessionUpdate: "tool_call", toolCallId: "c1", title: "Edit a.txt", kind: "edit", status: "pending" }),
    update({ sessionUpdate: "tool_call_update", toolCallId: "c1", status: "completed", content: [{ type: "diff", path: "/a", oldText: null, newText: "x" }] }),
    update({ sessionUpdate: "plan", entries: [{ content: "x", priority: "high", status: "pending" }] }),
    JSON.stringify({ jsonrpc: "2.0", id: 0, method: "session/request_permission", params: { sessionId: "s", toolCall: { toolCallId: "c1" },
      options: [{ optionId: "allow_once", name: "Allow", kind: "allow_once" }] } }),
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "terminal/create", params: { sessionId: "s", command: "ls" } }),
  ];
  for (const line of good) assert.deepEqual(c.checkAgentLine(line), [], line);
});

test("frame checker rejects broken agent frames", () => {
  const bad = {
    "not JSON": "hello",
    "no jsonrpc": JSON.stringify({ id: 1, result: { stopReason: "end_turn" } }),
    "unknown stop reason": JSON.stringify({ jsonrpc: "2.0", id: 1, result: { stopReason: "done" } }),
    "prompt answer without stopReason": JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }),
    "session/new answer without sessionId": JSON.stringify({ jsonrpc: "2.0", id: 2, result: {} }),
    "answer to a request never sent": JSON.stringify({ jsonrpc: "2.0", id: 77, result: {} }),
    "result and error together": JSON.stringify({ jsonrpc: "2.0", id: 1, result: { stopReason: "end_turn" }, error: { code: 1, message: "x" } }),
    "error without message": JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603 } }),
    "tool status cancelled": update({ sessionUpdate: "tool_call", toolCallId: "c", title: "t", status: "cancelled" }),
    "tool call without title": update({ sessionUpdate: "tool_call", toolCallId: "c" }),
    "unknown update kind": update({ sessionUpdate: "agent_message", content: { type: "text", text: "x" } }),
    "duplicate discriminator": `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x"}}}}`,
    "extra envelope member": JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "plan", entries: [] } }, extra: 1 }),
    "unknown agent request": JSON.stringify({ jsonrpc: "2.0", id: 5, method: "fs/delete_file", params: {} }),
    "permission without options": JSON.stringify({ jsonrpc: "2.0", id: 6, method: "session/request_permission", params: { sessionId: "s", toolCall: { toolCallId: "c" } } }),
    "fractional request id": JSON.stringify({ jsonrpc: "2.0", id: 1.5, method: "terminal/output", params: { sessionId: "s", terminalId: "t" } }),
  };
  for (const [why, line] of Object.entries(bad)) {
    assert.notDeepEqual(checker().checkAgentLine(line), [], `should reject: ${why}`);
  }
});
