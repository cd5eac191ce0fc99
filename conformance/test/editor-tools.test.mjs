import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { script, startTether, toolResultText, TEST_TIMEOUT } from "../lib/testing.mjs";

test("edit_file goes through fs/write_text_file with a diff and changes the file", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("edit-file.jsonl"), permission: "allow_once" });
  const file = path.join(tether.dirs.workspace, "greeting.txt");
  fs.writeFileSync(file, "say hello world\n");
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "edit it")).stopReason, "end_turn");
  assert.equal(fs.readFileSync(file, "utf8"), "say hello tether\n");
  assert.deepEqual(tether.fileWrites, [{ path: file, content: "say hello tether\n" }], "written by the editor, not behind its back");
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_edit");
  assert.equal(call.status, "completed");
  assert.equal(call.kind, "edit");
  const diff = call.content?.find((c) => c.type === "diff");
  assert.ok(diff, `diff content item: ${toolResultText(call)}`);
  assert.equal(diff.path, file);
  assert.match(diff.oldText, /hello world/);
  assert.match(diff.newText, /hello tether/);
});

test("run_command runs in the editor's terminal and shows a terminal item", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("run-command.jsonl"), permission: "allow_once" });
  const { sessionId } = await tether.newSession();
  assert.equal((await tether.prompt(sessionId, "run it")).stopReason, "end_turn", tether.text(sessionId));
  assert.equal(tether.terminals.created.length, 1, "one terminal/create");
  const terminal = tether.terminals.created[0];
  assert.match(terminal.output, /terminal-says-hi/);
  assert.equal(terminal.exitStatus?.exitCode, 3);
  assert.equal(terminal.params.cwd ?? tether.dirs.workspace, tether.dirs.workspace);
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_run");
  assert.equal(call.kind, "execute");
  assert.ok(call.history.some((u) => u.content?.some((c) => c.type === "terminal" && c.terminalId === terminal.id)), "terminal content item");
});
