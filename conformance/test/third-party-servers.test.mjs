import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { alive, commandLine, descendants } from "../lib/processes.mjs";
import { THIRD_PARTY_JS, dbhubStdio, filesystemStdio, memoryStdio, thinkingStdio } from "../lib/third-party.mjs";
import { script, startTether, toolResultText, until } from "../lib/testing.mjs";

// The servers people actually run, from npm, through a real ACP client and the scripted model: the
// tool list, two representative calls and one with invalid arguments, resources where the server has
// them, each result reaching the model once (the scripts' requestExcludes), and no process left
// after session/close.

const TIMEOUT = 60_000;

/** Runs `prompt` with the scripted model; returns the session's tool calls by id. */
async function turn(tether, sessionId, prompt) {
  const { stopReason } = await tether.prompt(sessionId, prompt);
  assert.equal(stopReason, "end_turn", `${tether.text(sessionId)}\n${tether.stderrTail()}`);
  return Object.fromEntries(tether.toolCalls(sessionId).map((c) => [c.toolCallId, c]));
}

function completed(calls, ...ids) {
  for (const id of ids) assert.equal(calls[id]?.status, "completed", `${id}: ${toolResultText(calls[id])}`);
}

/** The agent's live server processes started from `script`. */
const serverPids = (tether, js) => descendants(tether.child.pid).filter((pid) => commandLine(pid).includes(js));

/** session/close ends every process of the session's server. */
async function closesCleanly(tether, sessionId, js) {
  const pids = serverPids(tether, js);
  assert.ok(pids.length > 0, "the server was running");
  await tether.request("session/close", { sessionId });
  await until(() => pids.every((pid) => !alive(pid)), 10_000, "the server to end after session/close");
}

test("server-filesystem: an 18,000-character file reaches the model once and inline; bad arguments fail the call", { timeout: TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("third-party-filesystem.jsonl") });
  const lines = ["BEGIN-OF-BIG-FILE alpha", "beta"];
  for (let i = 1; lines.join("\n").length < 18_000 - 100; i++) lines.push(`line ${String(i).padStart(5, "0")} of a plain text file`);
  const body = `${lines.join("\n")}\nEND-OF-BIG-FILE\n`;
  const text = body.slice(0, body.length - 16).padEnd(18_000 - 16, "x") + "END-OF-BIG-FILE\n";
  assert.equal(text.length, 18_000);
  fs.writeFileSync(path.join(tether.dirs.workspace, "big.txt"), text);

  const { sessionId } = await tether.newSession({ mcpServers: [filesystemStdio("files", [tether.dirs.workspace])] });
  const calls = await turn(tether, sessionId, "read big.txt");
  completed(calls, "c_read", "c_list");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(toolResultText(calls.c_read), /END-OF-BIG-FILE/, "the editor shows the file");
  assert.doesNotMatch(tether.text(sessionId), /artifact/i, "nothing was spilled");
  assert.match(tether.text(sessionId), /The filesystem server answered\./);

  assert.equal((await tether.prompt(sessionId, "/mcp")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /\| files \| ready \| stdio \| 14 \| 0 \| 0 \|/, tether.text(sessionId));
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.filesystem);
});

test("server-memory: create_entities reaches the model once; the graph resource reads; bad arguments fail the call", { timeout: TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("third-party-memory.jsonl") });
  const graph = path.join(tether.dirs.root, "memory.jsonl");
  const { sessionId } = await tether.newSession({ mcpServers: [memoryStdio("memory", graph)] });
  const calls = await turn(tether, sessionId, "remember Ada");
  completed(calls, "c_create", "c_graph", "c_resource");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(toolResultText(calls.c_graph), /Ada Lovelace/);
  assert.match(fs.readFileSync(graph, "utf8"), /Ada Lovelace/, "the server kept the entity");
  assert.match(tether.text(sessionId), /The memory server answered\./);

  assert.equal((await tether.prompt(sessionId, "/mcp")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /\| memory \| ready \| stdio \| 9 \| 1 \| 0 \|/, tether.text(sessionId));
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.memory);
});

test("server-sequential-thinking: two thoughts reach the model once each; bad arguments fail the call", { timeout: TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("third-party-thinking.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [thinkingStdio("thinking")] });
  const calls = await turn(tether, sessionId, "think in two steps");
  completed(calls, "c_one", "c_two");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(tether.text(sessionId), /The thinking server answered\./);
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.thinking);
});

// dbhub's SQLite driver is Node's own node:sqlite (Node 22.5 and later); scripts/test runs this
// suite with Node 22 or newer, so it runs there.
const sqlite = (() => {
  try {
    return createRequire(import.meta.url)("node:sqlite");
  } catch {
    return null;
  }
})();

test("dbhub on SQLite: a query and the table list; bad arguments fail the call", {
  timeout: TIMEOUT,
  skip: sqlite ? false : `this Node (${process.version}) has no node:sqlite, which dbhub needs`,
}, async (t) => {
  const tether = await startTether(t, { script: script("third-party-dbhub.jsonl") });
  const file = path.join(tether.dirs.root, "books.db");
  const db = new sqlite.DatabaseSync(file);
  db.exec("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO books (title) VALUES ('Emma'), ('Middlemarch');");
  db.close();
  const { sessionId } = await tether.newSession({ mcpServers: [dbhubStdio("db", file)] });
  const calls = await turn(tether, sessionId, "list the books");
  completed(calls, "c_select", "c_tables");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(toolResultText(calls.c_select), /Emma[\s\S]*Middlemarch/);
  assert.match(tether.text(sessionId), /The database server answered\./);
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.dbhub);
});
