import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { alive, commandLine, descendants } from "../lib/processes.mjs";
import { CHROMIUM, THIRD_PARTY_JS, dbhubStdio, filesystemStdio, gitStdio, memoryStdio, playwrightStdio, thinkingStdio } from "../lib/third-party.mjs";
import { makeTempDirs } from "../lib/client.mjs";
import { script, startTether, toolResultText, until } from "../lib/testing.mjs";

// The servers people actually run, from npm, through a real ACP client and the scripted model: the
// tool list, two representative calls and one with invalid arguments, resources where the server has
// them, each result reaching the model once (the scripts' requestExcludes), and no process left
// after session/close.

const TIMEOUT = 60_000;
const REQUIRED = process.env.TETHER_TEST_REQUIRE === "1"; // set by scripts/test: a missing prerequisite fails the test

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
  skip: sqlite || REQUIRED ? false : `this Node (${process.version}) has no node:sqlite, which dbhub needs`,
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

test("git-mcp-server: status and log of the session's repository, its resource and its prompt; bad arguments fail the call", { timeout: TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("third-party-git.jsonl") });
  // The fixture repository, made by the test (Tether never runs git; the server does, in its own process).
  const git = (...args) => execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", ...args],
    { cwd: tether.dirs.workspace, stdio: "pipe" });
  git("init", "-q");
  fs.writeFileSync(path.join(tether.dirs.workspace, "a.txt"), "one\n");
  git("add", "a.txt");
  git("commit", "-q", "-m", "the first commit");
  fs.writeFileSync(path.join(tether.dirs.workspace, "notes.txt"), "not yet added\n");

  const { sessionId } = await tether.newSession({ mcpServers: [gitStdio("git")] });
  const calls = await turn(tether, sessionId, "what is the state of the repository?");
  completed(calls, "c_cwd", "c_status", "c_log", "c_resource");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(toolResultText(calls.c_status), /notes\.txt/);
  assert.match(toolResultText(calls.c_log), /the first commit/);
  assert.match(tether.text(sessionId), /The git server answered\./);

  assert.equal((await tether.prompt(sessionId, "/git:git_wrapup createTag=false")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /I would start the wrap-up\./);
  const before = tether.text(sessionId).length;
  assert.equal((await tether.prompt(sessionId, "/mcp")).stopReason, "end_turn");
  assert.match(tether.text(sessionId).slice(before), /\| git \| ready \| stdio \| 28 \| 2 \| 1 \|/, tether.text(sessionId));
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.git);
});

test("@playwright/mcp with Debian's Chromium: navigate to a local page and read its snapshot; bad arguments fail the call", {
  timeout: TIMEOUT,
  skip: fs.existsSync(CHROMIUM) || REQUIRED ? false : `${CHROMIUM} is not installed (Debian's chromium package)`,
}, async (t) => {
  const page = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><head><title>Tether test page</title></head><body><h1>Hello from the page</h1><button>Press me</button></body></html>");
  });
  await new Promise((resolve) => page.listen(0, "127.0.0.1", resolve));
  t.after(() => new Promise((resolve) => page.close(resolve)));
  const url = `http://127.0.0.1:${page.address().port}/`;
  // The page's address is known only now: the script is written for it.
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  const lines = [
    { expect: { toolsInclude: ["mcp__browser__browser_navigate", "mcp__browser__browser_snapshot"] },
      toolCalls: [{ id: "c_go", name: "mcp__browser__browser_navigate", input: { url } }] },
    { expect: { toolResultContains: "Page Title: Tether test page" },
      toolCalls: [{ id: "c_snapshot", name: "mcp__browser__browser_snapshot", input: {} }] },
    { expect: { toolResultContains: "heading \"Hello from the page\"" },
      toolCalls: [{ id: "c_bad", name: "mcp__browser__browser_navigate", input: { url: 42 } }] },
    { expect: { toolResultContains: "url" }, text: "The browser server answered.", stop: "end_turn" },
  ];
  const file = path.join(dirs.root, "third-party-playwright.jsonl");
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const tether = await startTether(t, { script: file, dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [playwrightStdio("browser", dirs.root)] });
  const calls = await turn(tether, sessionId, "look at the page");
  completed(calls, "c_go", "c_snapshot");
  assert.equal(calls.c_bad?.status, "failed", toolResultText(calls.c_bad));
  assert.match(toolResultText(calls.c_snapshot), /button \\"Press me\\"/);
  assert.match(tether.text(sessionId), /The browser server answered\./);

  const browsers = descendants(tether.child.pid).filter((pid) => /chromium/.test(commandLine(pid)));
  assert.ok(browsers.length > 0, "the server started Chromium");
  await closesCleanly(tether, sessionId, THIRD_PARTY_JS.playwright);
  await until(() => browsers.every((pid) => !alive(pid)), 10_000, "Chromium to end with its server");
});

// The filesystem server as many users configure it: no directories, expecting the client's roots.
test("server-filesystem without directories: /mcp shows roots not exposed with a hint; with exposeRoots the session's directory is allowed", { timeout: TIMEOUT }, async (t) => {
  const bare = await startTether(t, { script: script("third-party-roots-missing.jsonl") });
  fs.writeFileSync(path.join(bare.dirs.workspace, "a.txt"), "hello from the workspace\n");
  const first = await bare.newSession({ mcpServers: [filesystemStdio("files")] });
  const calls = await turn(bare, first.sessionId, "read a.txt");
  assert.equal(calls.c_read?.status, "failed", toolResultText(calls.c_read));
  const told = bare.text(first.sessionId);
  assert.match(told, /`files` says it needs roots \("Started without allowed directories - waiting for client to provide roots via MCP protocol"\)/, told);
  assert.match(told, /add `"files": \{"exposeRoots": true\}` under `mcpServers` in your config file/, told);
  const before = told.length;
  assert.equal((await bare.prompt(first.sessionId, "/mcp")).stopReason, "end_turn");
  const table = bare.text(first.sessionId).slice(before);
  assert.match(table, /\| files \| ready \| stdio \| 14 \| 0 \| 0 \| [-0-9]+ \| no \|/, table);
  assert.match(table, /`files` says it needs roots[^\n]*exposeRoots/, table);

  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify({ mcpServers: { files: { exposeRoots: true } } }));
  fs.writeFileSync(path.join(dirs.workspace, "a.txt"), "hello from the workspace\n");
  const exposed = await startTether(t, { script: script("third-party-roots-exposed.jsonl"), dirs });
  const second = await exposed.newSession({ mcpServers: [filesystemStdio("files")] });
  const granted = await turn(exposed, second.sessionId, "read a.txt");
  completed(granted, "c_allowed", "c_read");
  assert.ok(toolResultText(granted.c_allowed).includes(JSON.stringify(fs.realpathSync(dirs.workspace)).slice(1, -1)),
    `the session's directory is allowed: ${toolResultText(granted.c_allowed)}`);
  const shown = exposed.text(second.sessionId).length;
  assert.equal((await exposed.prompt(second.sessionId, "/mcp")).stopReason, "end_turn");
  const after = exposed.text(second.sessionId).slice(shown);
  assert.match(after, /\| files \| ready \| stdio \| 14 \| 0 \| 0 \| [-0-9]+ \| yes \|/, after);
  assert.doesNotMatch(exposed.text(second.sessionId), /needs roots/);
});
