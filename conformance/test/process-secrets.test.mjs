// The provider keys never sit in Tether's process environment, where any process of the same
// user (an MCP server it starts, a command the model runs) can read /proc/<pid>/environ:
// bin/tether hands them over on a pipe instead. Linux only (it reads /proc).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

const KEY = "sk-ant-api03-CANARY-launcher-0123456789abcdef";
const linuxOnly = process.platform !== "linux" && "reads /proc (Linux only)";

test("the key reaches the session but not /proc/<pid>/environ or the command line", { skip: linuxOnly, timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { env: { ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: "", TETHER_PROVIDER: "" } });
  // Without the key Tether has no provider and session/new answers auth_required: the key arrived.
  const { sessionId } = await tether.newSession();
  assert.ok(sessionId);

  const pid = tether.child.pid; // bin/tether execs the JVM, so this is Tether itself
  const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "latin1");
  assert.match(cmdline, /tether\.jar/, "the launcher exec'd the JVM in place");
  assert.ok(!cmdline.includes(KEY), "the key is not on the command line");
  const environ = fs.readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
  assert.ok(!environ.some((v) => v.includes(KEY)), "the key is not in the process environment");
  assert.ok(!environ.some((v) => v.startsWith("ANTHROPIC_API_KEY=")), "nor is its name");
});
