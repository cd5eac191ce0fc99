import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

/** What a replay must reproduce: the visible text and the final state of each tool call. */
function visible(tether, sessionId) {
  return {
    message: tether.text(sessionId),
    thought: tether.text(sessionId, "agent_thought_chunk"),
    tools: tether.toolCalls(sessionId).map(({ toolCallId, title, kind, status }) => ({ toolCallId, title, kind, status })),
  };
}

function sharedDirs(t) {
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  fs.writeFileSync(path.join(dirs.workspace, "data.txt"), "persisted-content\n");
  return dirs;
}

test("sessions persist: list, load replays the same updates, resume, delete", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  const first = await startTether(t, { script: script("persist.jsonl"), dirs });
  const { sessionId } = await first.newSession();
  assert.equal((await first.prompt(sessionId, "read data.txt")).stopReason, "end_turn");
  const original = visible(first, sessionId);
  assert.match(original.message, /persisted-content/);
  await first.close();

  const second = await startTether(t, { script: script("persist.jsonl"), dirs });
  const listed = await second.request("session/list", {});
  const entry = listed.sessions.find((s) => s.sessionId === sessionId);
  assert.ok(entry, `session listed: ${JSON.stringify(listed)}`);
  assert.equal(entry.cwd, dirs.workspace);

  await second.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.deepEqual(visible(second, sessionId), original, "replay matches what the editor saw live");
  assert.ok(second.updatesOf(sessionId, "user_message_chunk").some((u) => u.content?.text?.includes("read data.txt")), "user message replayed");
  await second.close();

  const third = await startTether(t, { script: script("persist.jsonl"), dirs });
  await third.request("session/resume", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.deepEqual(third.updates(sessionId).filter((u) => /chunk|tool_call/.test(u.sessionUpdate)), [], "resume does not replay");
  assert.equal((await third.prompt(sessionId, "anything else?")).stopReason, "end_turn");

  await third.request("session/delete", { sessionId });
  const after = await third.request("session/list", {});
  assert.equal(after.sessions.some((s) => s.sessionId === sessionId), false, "deleted session is not listed");
  await assert.rejects(third.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] }), (e) => typeof e.code === "number");
});

test("kill -9 mid-turn, then session/load in a new process recovers the conversation", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = sharedDirs(t);
  const first = await startTether(t, { script: script("long-turn.jsonl"), dirs });
  const { sessionId } = await first.newSession();
  const turn = first.prompt(sessionId, "a long story please").catch((e) => e);
  await first.tap.waitFor((f) => f.params?.update?.sessionUpdate === "agent_message_chunk", 10_000, "first chunk");
  const exit = await first.kill9();
  assert.equal(exit.signal, "SIGKILL");
  assert.ok((await turn) instanceof Error, "the prompt never got an answer");

  const second = await startTether(t, { script: script("long-turn.jsonl"), dirs });
  const listed = await second.request("session/list", {});
  assert.ok(listed.sessions.some((s) => s.sessionId === sessionId), "crashed session is listed");
  await second.request("session/load", { sessionId, cwd: dirs.workspace, mcpServers: [] });
  assert.ok(second.updatesOf(sessionId, "user_message_chunk").some((u) => u.content?.text?.includes("a long story")), "user message survived the crash");
  assert.equal((await second.prompt(sessionId, "again")).stopReason, "end_turn", "the session still works");
});
