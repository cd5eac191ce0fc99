import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";
import { makeTempDirs } from "../lib/agent-process.mjs";

test("granted permission lets write_file run", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("write-file.jsonl"), permission: "allow_once" });
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "write")).stopReason, "end_turn");
  assert.equal(tether.permissions.length, 1, "ask mode asks before writing");
  const kinds = tether.permissions[0].request.options.map((o) => o.kind).sort();
  assert.deepEqual(kinds, ["allow_always", "allow_once", "reject_once"]);
  assert.equal(fs.readFileSync(path.join(tether.dirs.workspace, "hello.txt"), "utf8"), "hello from tether\n");
  assert.equal(tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_write").status, "completed");
});

test("rejected permission skips the tool and the turn goes on", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("write-file.jsonl"), permission: "reject_once" });
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "write")).stopReason, "end_turn");
  assert.equal(tether.permissions.length, 1);
  assert.equal(fs.existsSync(path.join(tether.dirs.workspace, "hello.txt")), false, "the tool did not run");
  assert.deepEqual(tether.fileWrites, []);
  assert.equal(tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_write").status, "failed");
  assert.match(tether.text(sessionId), /Done\./, "the model got the rejection and answered");
});

test("cancel while a permission request is pending ends the turn cancelled and runs nothing", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("two-writes.jsonl"), permission: "hold" });
  const { sessionId } = await tether.newSession();
  const turn = tether.prompt(sessionId, "write two files");
  await tether.waitForPermission(1);
  await tether.cancel(sessionId);
  assert.equal((await turn).stopReason, "cancelled");
  assert.deepEqual(tether.permissions[0].outcome, { outcome: "cancelled" });
  assert.equal(tether.permissions.length, 1, "no permission asked for the second call");
  assert.equal(fs.existsSync(path.join(tether.dirs.workspace, "first.txt")), false);
  assert.equal(fs.existsSync(path.join(tether.dirs.workspace, "second.txt")), false, "second tool of the step never ran");
  for (const call of tether.toolCalls(sessionId)) assert.notEqual(call.status, "completed", call.toolCallId);
  // The session is still usable after a cancelled turn.
  tether.setPermissionPolicy("allow_once");
  assert.ok(["end_turn", "cancelled"].includes((await tether.prompt(sessionId, "again")).stopReason));
});

test("\"Always allow\" outlives the agent process in its project, and not in another project", { timeout: TEST_TIMEOUT }, async (t) => {
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  const other = path.join(dirs.root, "other");
  fs.mkdirSync(other);
  const first = await startTether(t, { script: script("write-file.jsonl"), permission: "allow_always", dirs });
  const one = await first.newSession();
  assert.equal((await first.prompt(one.sessionId, "write")).stopReason, "end_turn");
  assert.equal(first.permissions.length, 1);
  await first.close();

  // A new process with the same state: the same tool in the same project runs unasked.
  const second = await startTether(t, { script: script("write-file.jsonl"), permission: "reject_once", dirs });
  const again = await second.newSession();
  assert.equal((await second.prompt(again.sessionId, "write")).stopReason, "end_turn");
  assert.equal(second.permissions.length, 0, "not asked again in the same project");
  assert.equal(second.toolCalls(again.sessionId).find((c) => c.toolCallId === "c_write").status, "completed");
  await second.close();

  const third = await startTether(t, { script: script("write-file.jsonl"), permission: "reject_once", dirs });
  const elsewhere = await third.newSession({ cwd: other });
  assert.equal((await third.prompt(elsewhere.sessionId, "write")).stopReason, "end_turn");
  assert.equal(third.permissions.length, 1, "asked in another project");
  assert.equal(fs.existsSync(path.join(other, "hello.txt")), false);
});
