// The ACP Test Compatibility Kit's v1 requirements (agentclientprotocol/acp-tck,
// src/tck/v1/requirements.py), one test per requirement id, against the real Tether process.
// The kit itself is a Python pytest plugin that is on neither npm nor any registry CI may use
// (docs/reference/acp-surface.md, "The ACP TCK"), so its requirements are restated here in
// Tether's own words and checked as the kit's mock client would: raw JSON-RPC lines with ids of
// the test's choosing, a client that advertises only what the requirement needs, and every
// line on stdout checked against the pinned ACP schema. Where the kit waits for a quiet period
// to conclude that nothing more arrives, these tests make a round trip instead: a request sent
// after the answer, whose own answer comes after anything Tether had still queued.
import { describe, test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { everythingStdio } from "../lib/mcp-peers.mjs";
import { ACP_SCHEMA_PATH } from "../lib/paths.mjs";
import { RawClient } from "../lib/raw-client.mjs";
import { script, TEST_TIMEOUT } from "../lib/testing.mjs";
import { zedInitializeParams } from "../lib/zed.mjs";

const STOP_REASONS = ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"];
const HISTORY = ["user_message_chunk", "agent_message_chunk", "agent_thought_chunk"];
const BARE = { protocolVersion: 1, clientCapabilities: {} };
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const text = (t) => [{ type: "text", text: t }];
const responses = (client) => client.frames.filter((f) => !f.method);

/** A request whose answer arrives after whatever Tether still had to say: the end of "nothing more came". */
async function roundTrip(client) {
  const answer = await client.call("session/list", {});
  return client.indexOf(answer);
}

async function start(options = {}) {
  const client = await RawClient.start({ script: script("tck.jsonl"), ...options });
  return client;
}

function assertClean(client) {
  assert.equal(client.wireReport(), "", `Tether wrote invalid frames:\n${client.wireReport()}`);
}

/** The union of root-level property names a schema definition allows (following $ref and the combinators). */
function allowedKeys(defs, schema, seen = new Set()) {
  const keys = new Set();
  if (!schema || typeof schema !== "object") return keys;
  if (schema.$ref) {
    const name = schema.$ref.replace("#/$defs/", "");
    if (seen.has(name)) return keys;
    seen.add(name);
    for (const k of allowedKeys(defs, defs[name], seen)) keys.add(k);
  }
  for (const k of Object.keys(schema.properties ?? {})) keys.add(k);
  for (const combinator of ["allOf", "anyOf", "oneOf"]) {
    for (const branch of schema[combinator] ?? []) for (const k of allowedKeys(defs, branch, seen)) keys.add(k);
  }
  return keys;
}

describe("ACP TCK v1: a Zed-like client on one connection", () => {
  let client;
  let init;
  let sessionId;
  before(async () => {
    client = await start();
    init = await client.request("initialize", zedInitializeParams());
    ({ sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] }));
  });
  after(async () => {
    assertClean(client);
    await client.close();
  });

  test("ACP-TRANSPORT-001: every stdout line is one JSON-RPC 2.0 message", { timeout: TEST_TIMEOUT }, async () => {
    await client.request("session/prompt", { sessionId, prompt: text("hello") });
    const lines = client.stdout().toString("utf8").split("\n").filter((l) => l !== "");
    assert.ok(lines.length > 3);
    for (const line of lines) assert.equal(JSON.parse(line).jsonrpc, "2.0", line);
  });

  test("ACP-TRANSPORT-002: stdout is valid UTF-8", { timeout: TEST_TIMEOUT }, async () => {
    await client.request("session/prompt", { sessionId, prompt: text("ünïcödé ✓ 𝄞") });
    const bytes = client.stdout();
    assert.ok(Buffer.from(bytes.toString("utf8"), "utf8").equals(bytes));
  });

  test("ACP-JSONRPC-001: an answer echoes the request's id exactly, integer or string", { timeout: TEST_TIMEOUT }, async () => {
    for (const id of [7, 0, "tck-string-id", "42"]) {
      const answer = await client.call("session/list", {}, { id });
      assert.deepEqual([answer.id, typeof answer.id], [id, typeof id]);
    }
  });

  test("ACP-JSONRPC-002: an answer has exactly one of result and error; errors have an integer code and a message", { timeout: TEST_TIMEOUT }, async () => {
    await client.call("no/such/method", {});
    await client.call("session/new", { cwd: "relative" });
    for (const answer of responses(client)) {
      assert.equal(("result" in answer) + ("error" in answer), 1, JSON.stringify(answer));
      if (answer.error) {
        assert.ok(Number.isInteger(answer.error.code), JSON.stringify(answer));
        assert.equal(typeof answer.error.message, "string");
      }
    }
  });

  test("ACP-JSONRPC-003: notifications get no answer; what Tether starts itself is never an answer", { timeout: TEST_TIMEOUT }, async () => {
    const before = client.frames.length;
    await client.notify("session/cancel", { sessionId });
    await client.notify("session/cancel", { sessionId: "no-such-session" });
    await client.notify("_tck/unknown_notification", { x: 1 });
    const end = await roundTrip(client);
    const answers = client.frames.slice(before, end).filter((f) => !f.method);
    assert.deepEqual(answers, []);
    for (const frame of client.frames.filter((f) => f.method)) assert.ok(!("result" in frame) && !("error" in frame));
  });

  test("ACP-JSONRPC-004: an unknown method is -32601", { timeout: TEST_TIMEOUT }, async () => {
    assert.equal((await client.call("session/no_such_method", {})).error.code, -32601);
  });

  test("ACP-JSONRPC-005: after an erroneous request the connection still serves", { timeout: TEST_TIMEOUT }, async () => {
    assert.ok((await client.call("session/prompt", { sessionId: 5, prompt: "x" })).error);
    const { sessionId: other } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.ok(STOP_REASONS.includes((await client.request("session/prompt", { sessionId: other, prompt: text("still there?") })).stopReason));
  });

  test("ACP-INIT-001: initialize succeeds with a schema-valid result and an integer protocolVersion", () => {
    assert.ok(Number.isInteger(init.protocolVersion));
  });

  test("ACP-INIT-002: asked for protocol version 1, Tether answers 1", () => {
    assert.equal(init.protocolVersion, 1);
  });

  test("ACP-INIT-003: asked for an unsupported version, Tether answers its own, never the echo", { timeout: TEST_TIMEOUT }, async () => {
    const future = await client.request("initialize", { ...BARE, protocolVersion: 65535, info: { name: "tck", version: "0" } });
    assert.equal(future.protocolVersion, 1);
  });

  test("ACP-INIT-004: agentInfo names Tether and its version", () => {
    assert.equal(init.agentInfo.name, "tether");
    assert.match(init.agentInfo.version, /^\d+\.\d+/);
  });

  test("ACP-SCHEMA-001: every message of a basic exchange is schema-valid", { timeout: TEST_TIMEOUT }, async () => {
    await client.request("session/prompt", { sessionId, prompt: text("one more") });
    assertClean(client);
    assert.ok(client.frames.length > 5);
  });

  test("ACP-SESSION-001: session/new with an absolute cwd and no servers gives a non-empty sessionId", () => {
    assert.equal(typeof sessionId, "string");
    assert.ok(sessionId.length > 0);
  });

  test("ACP-SESSION-002: two session/new on one connection give distinct ids", { timeout: TEST_TIMEOUT }, async () => {
    const a = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const b = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.notEqual(a.sessionId, b.sessionId);
  });

  test("ACP-PROMPT-001: a text prompt ends with a defined stopReason", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const result = await client.request("session/prompt", { sessionId: fresh, prompt: text("hi") });
    assert.equal(result.stopReason, "end_turn");
  });

  test("ACP-PROMPT-002: the turn's updates are schema-valid and name the prompted session", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const from = client.frames.length;
    const sent = client.call("session/prompt", { sessionId: fresh, prompt: text("hi") });
    const answer = await sent;
    const during = client.frames.slice(from, client.indexOf(answer)).filter((f) => f.method === "session/update");
    assert.ok(during.length > 0);
    for (const update of during) assert.equal(update.params.sessionId, fresh);
    assertClean(client);
  });

  test("ACP-PROMPT-003: a resource_link beside text is accepted", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const result = await client.request("session/prompt", { sessionId: fresh, prompt: [...text("see this"),
      { type: "resource_link", uri: "file:///tmp/notes.md", name: "notes.md" }] });
    assert.ok(STOP_REASONS.includes(result.stopReason));
  });

  test("ACP-ADDDIRS-001: session/new with an absolute additional directory is accepted", { timeout: TEST_TIMEOUT }, async () => {
    assert.deepEqual(init.agentCapabilities.sessionCapabilities.additionalDirectories, {});
    const extra = path.join(client.dirs.root, "extra");
    fs.mkdirSync(extra, { recursive: true });
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [], additionalDirectories: [extra] });
    assert.ok(fresh);
  });

  test("ACP-MODES-001: the modes of session/new are valid and the current one is among them", { timeout: TEST_TIMEOUT }, async () => {
    const created = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.ok(created.modes.availableModes.some((m) => m.id === created.modes.currentModeId));
  });

  test("ACP-MODES-002: set_mode to another mode succeeds; its update says currentModeId", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.deepEqual(await client.request("session/set_mode", { sessionId: fresh, modeId: "readOnly" }), {});
    const updates = RawClient.updates(client.frames, fresh).filter((u) => u.sessionUpdate === "current_mode_update");
    assert.deepEqual(updates, [{ sessionUpdate: "current_mode_update", currentModeId: "readOnly" }]);
  });

  test("ACP-CONFIG-001: every config option's current value is one of its options", { timeout: TEST_TIMEOUT }, async () => {
    const { configOptions } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.ok(configOptions.length >= 2);
    for (const option of configOptions) {
      assert.equal(option.type, "select");
      assert.ok(option.options.some((o) => o.value === option.currentValue), JSON.stringify(option));
    }
  });

  test("ACP-CONFIG-002: set_config_option answers the complete set with the new value", { timeout: TEST_TIMEOUT }, async () => {
    const created = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const changed = await client.request("session/set_config_option", { sessionId: created.sessionId, configId: "thinking", value: "low" });
    assert.deepEqual(changed.configOptions.map((o) => o.id), created.configOptions.map((o) => o.id));
    assert.equal(changed.configOptions.find((o) => o.id === "thinking").currentValue, "low");
  });

  test("ACP-CONFIG-003: no boolean config option unless the client takes them", { timeout: TEST_TIMEOUT }, async () => {
    const bare = await start();
    try {
      await bare.request("initialize", BARE);
      const { configOptions } = await bare.request("session/new", { cwd: bare.dirs.workspace, mcpServers: [] });
      assert.ok(configOptions.every((o) => o.type !== "boolean"));
      assertClean(bare);
    } finally {
      await bare.close();
    }
  });

  test("ACP-PROMPTCAP-001: with promptCapabilities.image, an image beside text is taken", { timeout: TEST_TIMEOUT }, async () => {
    assert.equal(init.agentCapabilities.promptCapabilities.image, true);
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const result = await client.request("session/prompt", { sessionId: fresh, prompt: [...text("look"), { type: "image", mimeType: "image/png", data: PNG }] });
    assert.ok(STOP_REASONS.includes(result.stopReason));
  });

  test("ACP-PROMPTCAP-002: audio is not advertised, and an audio block is refused as invalid params, not half-read", { timeout: TEST_TIMEOUT }, async () => {
    assert.equal(init.agentCapabilities.promptCapabilities.audio, false);
    const answer = await client.call("session/prompt", { sessionId, prompt: [...text("listen"), { type: "audio", mimeType: "audio/wav", data: "AAAA" }] });
    assert.equal(answer.error.code, -32602);
  });

  test("ACP-PROMPTCAP-003: with embeddedContext, a text and a blob resource beside text are taken", { timeout: TEST_TIMEOUT }, async () => {
    assert.equal(init.agentCapabilities.promptCapabilities.embeddedContext, true);
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const result = await client.request("session/prompt", { sessionId: fresh, prompt: [...text("read these"),
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" } },
      { type: "resource", resource: { uri: "file:///b.bin", mimeType: "application/octet-stream", blob: "AAEC" } }] });
    assert.ok(STOP_REASONS.includes(result.stopReason));
  });

  test("ACP-AUTH-001: auth method ids are unique", () => {
    const ids = init.authMethods.map((m) => m.id);
    assert.equal(new Set(ids).size, ids.length);
  });

  test("ACP-AUTH-003: authenticate with an advertised method answers an object, and session/new then works", { timeout: TEST_TIMEOUT }, async () => {
    assert.deepEqual(await client.request("authenticate", { methodId: init.authMethods[0].id }), {});
    assert.ok((await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] })).sessionId);
  });

  test("ACP-AUTH-004: logout is not advertised, and not served", { timeout: TEST_TIMEOUT }, async () => {
    assert.equal(init.agentCapabilities.auth?.logout ?? null, null);
    assert.equal((await client.call("logout", {})).error.code, -32601);
  });

  test("ACP-AUTH-005: with a provider configured, session/new never asks for authentication", { timeout: TEST_TIMEOUT }, async () => {
    const answers = responses(client).filter((a) => a.error?.code === -32000);
    assert.deepEqual(answers, []);
  });

  test("ACP-EXT-001: an unknown _-prefixed request gets an answer", { timeout: TEST_TIMEOUT }, async () => {
    const answer = await client.call("_tck/custom_request", { x: 1 });
    assert.equal(answer.error.code, -32601);
  });

  test("ACP-META-001: a prompt with _meta (traceparent) ends normally", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: fresh } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const result = await client.request("session/prompt", { sessionId: fresh, prompt: text("traced"),
      _meta: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" } });
    assert.equal(result.stopReason, "end_turn");
  });

  test("ACP-ERROR-001: every error message is one non-empty line", { timeout: TEST_TIMEOUT }, async () => {
    await client.call("session/new", {});
    await client.call("session/prompt", { sessionId: "nope", prompt: text("x") });
    const errors = responses(client).filter((a) => a.error);
    assert.ok(errors.length >= 3);
    for (const { error } of errors) {
      assert.ok(error.message.length > 0 && !error.message.includes("\n"), JSON.stringify(error));
    }
  });

  test("ACP-SCHEMA-002: no object Tether sends carries a root key its definition does not name", () => {
    const defs = JSON.parse(fs.readFileSync(ACP_SCHEMA_PATH, "utf8")).$defs;
    const params = { "session/update": "SessionNotification", "session/request_permission": "RequestPermissionRequest" };
    const results = { initialize: "InitializeResponse", "session/new": "NewSessionResponse", "session/prompt": "PromptResponse",
      "session/list": "ListSessionsResponse", "session/set_config_option": "SetSessionConfigOptionResponse" };
    const check = (object, def, what) => {
      const allowed = allowedKeys(defs, def);
      for (const key of Object.keys(object)) assert.ok(allowed.has(key) || key === "_meta", `${what}.${key}`);
    };
    let checked = 0;
    for (const frame of client.frames) {
      if (params[frame.method]) {
        check(frame.params, defs[params[frame.method]], `${frame.method} params`);
        const update = frame.params.update;
        if (update) check(update, defs.SessionUpdate.oneOf.find((b) => b.properties.sessionUpdate.const === update.sessionUpdate), update.sessionUpdate);
        checked++;
      } else if (!frame.method && frame.result && results[client.methodOf(frame)]) {
        check(frame.result, defs[results[client.methodOf(frame)]], `${client.methodOf(frame)} result`);
        checked++;
      }
    }
    assert.ok(checked > 10, `${checked} objects checked`);
  });

  test("ACP-STDERR-001 (informational): stderr is reported, never asserted", () => {
    console.log(`# ACP-STDERR-001: ${Buffer.byteLength(client.stderr())} bytes of stderr over this exchange`);
  });

  test("ACP-INFO-PARSE-001 (informational): a malformed line gets -32700 with id null, and the connection goes on", { timeout: TEST_TIMEOUT }, async () => {
    await client.process.writeLine('{"jsonrpc":"2.0","id":');
    const error = await client.tap.waitFor((f) => f.error?.code === -32700, 5000, "-32700");
    assert.equal(error.id, null);
    assert.ok((await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] })).sessionId);
  });

  test("ACP-INFO-INVALIDREQ-001 (informational): JSON that is not JSON-RPC gets -32600, and the connection goes on", { timeout: TEST_TIMEOUT }, async () => {
    await client.process.writeLine('{"foo":"bar"}');
    const error = await client.tap.waitFor((f) => f.error?.code === -32600, 5000, "-32600");
    assert.equal(error.id, null);
    assert.ok((await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] })).sessionId);
  });

  test("ACP-INFO-UNKNOWNSESSION-001 (informational): a prompt to an unknown session is -32002", { timeout: TEST_TIMEOUT }, async () => {
    const answer = await client.call("session/prompt", { sessionId: "never-created", prompt: text("x") });
    console.log(`# ACP-INFO-UNKNOWNSESSION-001: ${JSON.stringify(answer.error)}`);
    assert.equal(answer.error.code, -32002);
  });
});

describe("ACP TCK v1: cancellation", () => {
  test("ACP-CANCEL-001: session/cancel during a prompt ends it with stopReason cancelled, not an error", { timeout: TEST_TIMEOUT }, async (t) => {
    const client = await start({ script: script("long-turn.jsonl") });
    t.after(() => client.close());
    await client.request("initialize", BARE);
    const { sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const turn = client.call("session/prompt", { sessionId, prompt: text("a long story") });
    await client.tap.waitFor((f) => f.params?.update?.sessionUpdate === "agent_message_chunk", 10_000, "the first chunk");
    await client.notify("session/cancel", { sessionId });
    assert.deepEqual((await turn).result, { stopReason: "cancelled" });
    assertClean(client);
  });

  test("ACP-CANCEL-002: every update of the cancelled turn arrives before the prompt's answer, none after", { timeout: TEST_TIMEOUT }, async (t) => {
    const client = await start({ script: script("long-turn.jsonl") });
    t.after(() => client.close());
    await client.request("initialize", BARE);
    const { sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const turn = client.call("session/prompt", { sessionId, prompt: text("a long story") });
    await client.tap.waitFor((f) => f.params?.update?.sessionUpdate === "agent_message_chunk", 10_000, "the first chunk");
    await client.notify("session/cancel", { sessionId });
    const answered = client.indexOf(await turn);
    const end = await roundTrip(client);
    assert.deepEqual(RawClient.updates(client.frames.slice(answered, end), sessionId), []);
  });

  test("ACP-CLOSE-002: session/close during a prompt cancels it: the prompt ends cancelled", { timeout: TEST_TIMEOUT }, async (t) => {
    const client = await start({ script: script("long-turn.jsonl") });
    t.after(() => client.close());
    await client.request("initialize", BARE);
    const { sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const turn = client.call("session/prompt", { sessionId, prompt: text("a long story") });
    await client.tap.waitFor((f) => f.params?.update?.sessionUpdate === "agent_message_chunk", 10_000, "the first chunk");
    assert.deepEqual(await client.request("session/close", { sessionId }), {});
    assert.deepEqual((await turn).result, { stopReason: "cancelled" });
  });
});

describe("ACP TCK v1: stored sessions", () => {
  let client;
  let sessionId;
  before(async () => {
    client = await start();
    await client.request("initialize", zedInitializeParams());
    ({ sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] }));
    await client.request("session/prompt", { sessionId, prompt: text("remember this") });
  });
  after(async () => {
    assertClean(client);
    await client.close();
  });

  test("ACP-LOAD-001: session/load of a stored session answers a valid LoadSessionResponse", { timeout: TEST_TIMEOUT }, async () => {
    const loaded = await client.request("session/load", { sessionId, cwd: client.dirs.workspace, mcpServers: [] });
    assert.equal(loaded.modes.currentModeId, "ask");
  });

  test("ACP-LOAD-002: every update of the replay arrives before the load's answer, none after", { timeout: TEST_TIMEOUT }, async () => {
    const from = client.frames.length;
    const answer = await client.call("session/load", { sessionId, cwd: client.dirs.workspace, mcpServers: [] });
    const answered = client.indexOf(answer);
    const replay = RawClient.updates(client.frames.slice(from, answered), sessionId);
    assert.ok(replay.some((u) => u.sessionUpdate === "user_message_chunk" && u.content.text === "remember this"));
    assert.ok(replay.some((u) => u.sessionUpdate === "available_commands_update"), "the commands close the replay");
    const end = await roundTrip(client);
    assert.deepEqual(RawClient.updates(client.frames.slice(answered, end), sessionId), []);
  });

  test("ACP-LOAD-003: the load result is an object, never null", { timeout: TEST_TIMEOUT }, async () => {
    const answer = await client.call("session/load", { sessionId, cwd: client.dirs.workspace, mcpServers: [] });
    assert.equal(typeof answer.result, "object");
    assert.notEqual(answer.result, null);
  });

  test("ACP-RESUME-001: session/resume without mcpServers answers a valid ResumeSessionResponse", { timeout: TEST_TIMEOUT }, async () => {
    const resumed = await client.request("session/resume", { sessionId, cwd: client.dirs.workspace });
    assert.equal(resumed.modes.currentModeId, "ask");
  });

  test("ACP-RESUME-002: no history arrives before the resume's answer", { timeout: TEST_TIMEOUT }, async () => {
    const from = client.frames.length;
    const answered = client.indexOf(await client.call("session/resume", { sessionId, cwd: client.dirs.workspace }));
    const early = RawClient.updates(client.frames.slice(from, answered), sessionId).filter((u) => HISTORY.includes(u.sessionUpdate));
    assert.deepEqual(early, []);
  });

  test("ACP-LIST-001: session/list with {} answers a sessions array", { timeout: TEST_TIMEOUT }, async () => {
    const listed = await client.request("session/list", {});
    assert.ok(Array.isArray(listed.sessions));
    assert.ok(listed.sessions.some((s) => s.sessionId === sessionId));
  });

  test("ACP-LIST-002: a cwd no session uses lists an empty array", { timeout: TEST_TIMEOUT }, async () => {
    const listed = await client.request("session/list", { cwd: path.join(client.dirs.root, "nobody-here") });
    assert.deepEqual(listed.sessions, []);
  });

  test("ACP-CLOSE-001: session/close of an idle session answers {}", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: idle } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.deepEqual(await client.request("session/close", { sessionId: idle }), {});
  });

  test("ACP-DELETE-001: session/delete of a session made on this connection answers {}", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: doomed } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.deepEqual(await client.request("session/delete", { sessionId: doomed }), {});
    assert.ok(!(await client.request("session/list", {})).sessions.some((s) => s.sessionId === doomed));
  });

  test("ACP-DELETE-002: deleting an already-deleted or never-created session succeeds silently", { timeout: TEST_TIMEOUT }, async () => {
    const { sessionId: doomed } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    assert.deepEqual(await client.request("session/delete", { sessionId: doomed }), {});
    assert.deepEqual(await client.request("session/delete", { sessionId: doomed }), {});
    assert.deepEqual(await client.request("session/delete", { sessionId: "tck-never-created-session" }), {});
    assert.deepEqual(await client.request("session/delete", { sessionId: "not a valid id: spaces and / slashes" }), {});
  });
});

describe("ACP TCK v1: what a client that offers nothing gets", () => {
  test("ACP-AUTH-002: no terminal auth method for a client without auth.terminal", { timeout: TEST_TIMEOUT }, async (t) => {
    const client = await start();
    t.after(() => client.close());
    const init = await client.request("initialize", BARE);
    assert.ok(init.authMethods.length > 0);
    assert.ok(init.authMethods.every((m) => m.type !== "terminal"), JSON.stringify(init.authMethods));
  });

  describe("one turn that reads a file, runs a command and meets an MCP elicitation", () => {
    let client;
    let result;
    before(async () => {
      client = await start({ script: script("tck-client-caps.jsonl") });
      fs.writeFileSync(path.join(client.dirs.workspace, "data.txt"), "tck-file-content\n");
      await client.request("initialize", BARE);
      const { sessionId } = await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [everythingStdio()] });
      await client.request("session/set_mode", { sessionId, modeId: "auto" });
      result = await client.request("session/prompt", { sessionId, prompt: text("read, run and ask") }, { timeoutMs: 25_000 });
    });
    after(async () => {
      assertClean(client);
      await client.close();
    });
    const requests = (prefix) => client.frames.filter((f) => f.method?.startsWith(prefix) && f.id !== undefined);

    test("ACP-CLIENTCAP-001: no fs/* request without the fs capability; the file is read locally", () => {
      assert.equal(result.stopReason, "end_turn");
      assert.deepEqual(requests("fs/"), []);
    });

    test("ACP-CLIENTCAP-002: no terminal/* request without the terminal capability", () => {
      assert.deepEqual(requests("terminal/"), []);
    });

    test("ACP-CLIENTCAP-003: no elicitation/create without an elicitation capability", () => {
      assert.deepEqual(requests("elicitation/"), []);
    });
  });

  test("ACP-SHUTDOWN-001: stdin closed, Tether exits on its own", { timeout: TEST_TIMEOUT }, async () => {
    const client = await start();
    await client.request("initialize", BARE);
    await client.request("session/new", { cwd: client.dirs.workspace, mcpServers: [] });
    const ended = await client.close(10_000);
    assert.deepEqual(ended, { code: 0, signal: null });
  });
});
