import { test } from "node:test";
import assert from "node:assert/strict";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

test("two sessions prompting at the same time both finish", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("slow-chunks.jsonl") });
  const a = (await tether.newSession()).sessionId;
  const b = (await tether.newSession()).sessionId;
  assert.notEqual(a, b);
  const [ra, rb] = await Promise.all([tether.prompt(a, "first"), tether.prompt(b, "second")]);
  assert.equal(ra.stopReason, "end_turn");
  assert.equal(rb.stopReason, "end_turn");
  assert.equal(tether.text(a), "one two three four five");
  assert.equal(tether.text(b), "one two three four five");
  // Each turn streams for ~750 ms; if they ran one after the other, no chunk of one session
  // would arrive between two chunks of the other.
  const order = tether.tap.frames
    .filter((f) => f.params?.update?.sessionUpdate === "agent_message_chunk")
    .map((f) => f.params.sessionId);
  assert.ok(order.lastIndexOf(a) > order.indexOf(b) && order.lastIndexOf(b) > order.indexOf(a), `interleaved: ${order.join(" ")}`);
});
