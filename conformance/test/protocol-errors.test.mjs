import { test } from "node:test";
import assert from "node:assert/strict";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

test("a malformed line gets -32700 and the session goes on", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl") });
  await tether.writeRaw('{"jsonrpc":"2.0","id":');
  const error = await tether.tap.waitFor((f) => f.error?.code === -32700, 5000, "-32700 response");
  assert.equal(error.id, null);
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Hello from the scripted model/);
});

test("an unknown method gets -32601", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("hello.jsonl") });
  await assert.rejects(tether.request("session/frobnicate", {}), { code: -32601 });
  await assert.rejects(tether.request("_tether/unknown_extension", {}), { code: -32601 });
  await tether.notify("_tether/unknown_notification", {}); // ignored, no answer
  assert.ok((await tether.newSession()).sessionId, "still serving");
});

test("session/new with a relative cwd gets -32602 with a readable message", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t);
  await assert.rejects(tether.newSession({ cwd: "relative/dir" }), (e) => {
    assert.equal(e.code, -32602);
    assert.match(e.rpcMessage, /cwd|absolute/i);
    assert.doesNotMatch(e.rpcMessage, /\bat [\w.$]+\(/, "no stack trace");
    return true;
  });
});

test("without a model provider, session/new asks for authentication with what to set", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { initialize: false });
  const init = await tether.initialize();
  assert.equal(init.authMethods?.[0]?.id, "env");
  await assert.rejects(tether.newSession(), (e) => {
    assert.equal(e.code, -32000);
    assert.match(e.rpcMessage, /ANTHROPIC_API_KEY/);
    return true;
  });
});
