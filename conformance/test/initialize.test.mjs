import { test } from "node:test";
import assert from "node:assert/strict";
import { startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

test("initialize answers protocol 1 with agentInfo and the capabilities Zed relies on", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { initialize: false });
  const init = await tether.initialize();
  assert.equal(init.protocolVersion, 1);
  assert.equal(typeof init.agentInfo?.name, "string");
  assert.match(init.agentInfo.version, /\S/);
  const caps = init.agentCapabilities;
  assert.equal(caps.loadSession, true, "session/load is advertised");
  assert.equal(typeof caps.promptCapabilities, "object");
  assert.equal(caps.mcpCapabilities?.http, true, "streamable HTTP MCP servers are accepted");
  assert.equal(caps.mcpCapabilities?.sse, true, "legacy HTTP+SSE MCP servers are accepted");
  assert.ok(caps.sessionCapabilities?.list, "session/list is advertised");
  assert.ok(caps.sessionCapabilities?.resume, "session/resume is advertised");
  assert.ok(Array.isArray(init.authMethods));
});
