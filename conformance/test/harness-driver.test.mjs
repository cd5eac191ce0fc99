// Tests of the harness against a stub agent (test/fixtures/stub-agent.mjs, not Tether):
// the client's fs/terminal/permission handlers, the stdout tap, and close().
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { TetherClient } from "../lib/client.mjs";
import { renderTranscript } from "../lib/transcript.mjs";
import { FIXTURES } from "../lib/testing.mjs";

const stub = (env = {}) => TetherClient.start({ command: process.execPath, args: [path.join(FIXTURES, "stub-agent.mjs")], env });

test("driver runs a turn against the stub agent with fs, terminal and permission handlers", async () => {
  const agent = await stub();
  try {
    await agent.initialize();
    const { sessionId } = await agent.newSession();
    const { stopReason } = await agent.prompt(sessionId, "go");
    assert.equal(stopReason, "end_turn");
    const file = path.join(agent.dirs.workspace, "stub.txt");
    assert.equal(fs.readFileSync(file, "utf8"), "from stub\n");
    const calls = agent.toolCalls(sessionId);
    assert.deepEqual(calls.map((c) => [c.toolCallId, c.status]), [["w1", "completed"], ["t1", "completed"]]);
    assert.equal(calls[1].rawOutput.output, "terminal-ok\n");
    assert.equal(calls[1].rawOutput.read, "from stub\n");
    assert.match(renderTranscript(agent.timeline(sessionId), { terminals: agent.terminals }), /permission\? "w1" .* -> allow_once/);
    assert.equal(agent.wireReport(), "");
  } finally {
    assert.equal((await agent.close()).code, 0);
  }
});

test("driver reports a rejected permission, a held permission answered on cancel, and error codes", async () => {
  const agent = await stub();
  try {
    await agent.initialize();
    const { sessionId } = await agent.newSession();
    agent.setPermissionPolicy("reject_once");
    await agent.prompt(sessionId, "go");
    assert.equal(fs.existsSync(path.join(agent.dirs.workspace, "stub.txt")), false);
    agent.setPermissionPolicy("hold");
    const turn = agent.prompt(sessionId, "again");
    await agent.waitForPermission(2);
    await agent.cancel(sessionId);
    assert.equal((await turn).stopReason, "cancelled");
    assert.deepEqual(agent.permissions[1].outcome, { outcome: "cancelled" });
    await assert.rejects(agent.request("no/such_method", {}), { code: -32601 });
    await agent.writeRaw("{oops");
    await agent.tap.waitFor((f) => f.error?.code === -32700, 5000);
  } finally {
    await agent.close();
  }
});

test("driver flags invalid frames and non-JSON lines on stdout", async () => {
  const agent = await stub({ STUB_MISBEHAVE: "1" });
  try {
    await agent.initialize();
    const { sessionId } = await agent.newSession();
    await agent.prompt(sessionId, "go");
    assert.equal(agent.tap.violations.length, 2);
    assert.match(agent.wireReport(), /not JSON/);
    assert.match(agent.wireReport(), /SessionNotification/);
  } finally {
    await agent.close();
  }
});
