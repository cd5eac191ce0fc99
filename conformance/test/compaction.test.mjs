import { test } from "node:test";
import assert from "node:assert/strict";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";
import { zedInitializeParams } from "../lib/zed.mjs";

/** Zed's initialize, plus the v1 opt-in to compaction updates. */
function compactionEditor() {
  const params = zedInitializeParams();
  params.clientCapabilities.session = { ...params.clientCapabilities.session, compaction: {} };
  return params;
}

async function twoPrompts(tether) {
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "Do step one")).stopReason, "end_turn", tether.text(sessionId));
  assert.equal((await tether.prompt(sessionId, "Now step two")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /On to step two\./, "the request after the compaction carried the summary");
  return sessionId;
}

test("a real ACP client that opts in sees the compaction as compaction updates", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("compaction.jsonl"), initialize: false });
  await tether.initialize(compactionEditor());
  const sessionId = await twoPrompts(tether);
  const updates = tether.updatesOf(sessionId, "compaction_update");
  assert.deepEqual(updates.map((u) => u.status), ["in_progress", "completed"]);
  assert.equal(new Set(updates.map((u) => u.compactionId)).size, 1);
  const summary = tether.updatesOf(sessionId, "compaction_summary_chunk").map((u) => u.content.text).join("");
  assert.equal(summary, "SUMMARY: step one is done.");
  assert.doesNotMatch(tether.text(sessionId), /Context compacted/);
});

test("an editor without session.compaction gets a marker message and no compaction updates", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("compaction.jsonl") });
  const sessionId = await twoPrompts(tether);
  assert.deepEqual(tether.updates(sessionId).filter((u) => u.sessionUpdate.startsWith("compaction")), []);
  assert.match(tether.text(sessionId), /Context compacted/);
});
