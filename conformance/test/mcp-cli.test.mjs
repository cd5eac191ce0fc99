import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { tetherCommand } from "../lib/paths.mjs";
import { FIXTURES, script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

// `tether mcp add --scope local` at a terminal in a project, then the editor starts `tether acp`
// there: the session gets the server's tools, and the project itself is not touched.
test("a server added with `tether mcp add --scope local` reaches a session in that project", { timeout: TEST_TIMEOUT * 2 }, async (t) => {
  const dirs = makeTempDirs();
  t.after(() => dirs.cleanup());
  const { command, args } = tetherCommand();
  const env = {
    ...process.env,
    XDG_STATE_HOME: dirs.state,
    XDG_CONFIG_HOME: dirs.config,
    TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"),
  };
  const cli = (...words) => spawnSync(command, [...args, "mcp", ...words], { cwd: dirs.workspace, env, encoding: "utf8", timeout: TEST_TIMEOUT });

  const added = cli("add", "--scope", "local", "-e", "CHAOS_NAME=notes", "notes", "--", process.execPath, path.join(FIXTURES, "chaos-mcp-server.mjs"));
  assert.equal(added.status, 0, added.stderr);
  assert.match(added.stdout, /^Added stdio MCP server "notes" to the local scope: /);
  assert.ok(!fs.existsSync(path.join(dirs.workspace, ".mcp.json")), "the project is not touched");

  const listed = cli("list", "--json");
  assert.equal(listed.status, 0, listed.stderr);
  const [server] = JSON.parse(listed.stdout).servers;
  assert.deepEqual([server.name, server.scope, server.type, server.status], ["notes", "local", "stdio", "enabled"]);

  const again = cli("add", "notes", "--", "other");
  assert.equal(again.status, 1, "a name that exists in the scope is a conflict");
  assert.match(again.stderr, /already exists in the local scope/);

  const tether = await startTether(t, { dirs, script: script("local-echo.jsonl") });
  const { sessionId } = await tether.newSession();
  const { stopReason } = await tether.prompt(sessionId, "ask the local server");
  assert.equal(stopReason, "end_turn", tether.text(sessionId));
  const call = tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_echo");
  assert.equal(call?.status, "completed", `${tether.text(sessionId)}\n${tether.stderrTail()}`);
  assert.match(tether.text(sessionId), /The local server answered\./);

  await tether.prompt(sessionId, "/mcp");
  assert.match(tether.text(sessionId), /\| notes \| ready \| stdio \|/, "/mcp lists it as ready");
});
