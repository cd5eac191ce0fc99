import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { alive, commandLine, descendants } from "../lib/processes.mjs";
import { makeTempDirs } from "../lib/client.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT, until } from "../lib/testing.mjs";

const chaos = (name) => ({ name, command: process.execPath, args: [path.join(FIXTURES, "chaos-mcp-server.mjs")],
  env: [{ name: "CHAOS_NAME", value: name }] });
const chaosPids = (tether, name) => descendants(tether.child.pid)
  .filter((pid) => commandLine(pid).includes("chaos-mcp-server.mjs") && fs.readFileSync(`/proc/${pid}/environ`, "utf8").includes(`CHAOS_NAME=${name}\0`));

test("twenty stdio servers in one session: every tool is offered and the session ends them all", { timeout: 60_000 }, async (t) => {
  // 80 tools are past the default tools.deferAbove (40): this test wants every definition sent.
  const dirs = makeTempDirs("tether-e2e-");
  t.after(() => dirs.cleanup());
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify({ tools: { deferAbove: 0 } }));
  const tether = await startTether(t, { script: script("twenty.jsonl"), dirs });
  const servers = Array.from({ length: 20 }, (_, i) => chaos(`s${String(i + 1).padStart(2, "0")}`));
  const { sessionId } = await tether.newSession({ mcpServers: servers });
  assert.equal((await tether.prompt(sessionId, "use them all")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /All twenty servers are here/);
  const running = descendants(tether.child.pid).filter((pid) => commandLine(pid).includes("chaos-mcp-server.mjs"));
  assert.equal(running.length, 20);
  await tether.request("session/close", { sessionId });
  assert.deepEqual(running.filter(alive), [], "no orphan server processes");
});

test("a server killed mid-call: the call fails readably, the turn goes on, Tether stays up", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("killed.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos("chaos"), chaos("steady")] });
  const turn = tether.prompt(sessionId, "call the slow tool");
  await until(() => tether.toolCalls(sessionId).some((c) => c.toolCallId === "c_slow" && c.status === "in_progress"), 15_000, "the slow call to start");
  const [victim] = chaosPids(tether, "chaos");
  assert.ok(victim, "the chaos server process");
  process.kill(victim, "SIGKILL");
  assert.equal((await turn).stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_slow");
  assert.equal(call.status, "failed");
  const shown = JSON.stringify(call.content);
  assert.match(shown, /chaos/, "the error names the server");
  // Failed for the kill, not by the call's idle timeout (60 s, past the test's own).
  assert.doesNotMatch(shown, /sent nothing|timed out/, "the call failed at once, not after its timeout");
  assert.doesNotMatch(shown, /Exception|\tat /, "no stack trace");

  assert.equal((await tether.prompt(sessionId, "and the other one?")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /Tether is still up/);
  // Recovery may have started a new chaos process: every server process must end with the session.
  const servers = descendants(tether.child.pid).filter((pid) => commandLine(pid).includes("chaos-mcp-server.mjs"));
  await tether.request("session/close", { sessionId });
  assert.deepEqual([...servers, victim].filter(alive), [], "no orphan server processes");
});

test("a 50 MB result over the default 16 MB message limit fails that call readably and quickly", { timeout: 60_000 }, async (t) => {
  const tether = await startTether(t, { script: script("big-rejected.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos("chaos")] });
  assert.equal((await tether.prompt(sessionId, "get the big text")).stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_big");
  assert.equal(call.status, "failed");
  // Failed for its size, not by the idle timeout (60 s, past the test's own).
  assert.match(JSON.stringify(call.content), /limit|too large|larger/i);
  assert.doesNotMatch(JSON.stringify(call.content), /sent nothing|timed out/);
  assert.ok(JSON.stringify(call).length < 10_000);
});

test("a 50 MB result with a raised limit: the model reads a bounded excerpt, the artifact holds the whole text", { timeout: 60_000 }, async (t) => {
  const dirs = makeTempDirs("tether-e2e-");
  t.after(() => dirs.cleanup());
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify({ mcp: { maxMessageMegabytes: 80 } }));
  const tether = await startTether(t, { script: script("big-result.jsonl"), dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [chaos("chaos")] });
  assert.equal((await tether.prompt(sessionId, "get the big text")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /That was a lot of text/);
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_big");
  assert.equal(call.status, "completed");
  const shown = JSON.stringify(call);
  assert.ok(shown.length < 200_000, `the editor got ${shown.length} bytes for the call`);
  assert.doesNotMatch(shown, new RegExp(tether.dirs.state.replaceAll("/", "\\/")), "no local artifact path shown");
  const artifacts = [];
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).forEach((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : artifacts.push(path.join(dir, e.name)));
  walk(tether.dirs.state);
  const big = artifacts.filter((f) => fs.statSync(f).size === 50 * 1024 * 1024);
  assert.equal(big.length, 1, `one artifact with the whole text among ${artifacts}`);
});
