// The parts of the ACP surface an editor reaches through the real SDK client that other tests
// do not: session/set_config_option (model and thinking, as advertised), image and embedded
// resource prompt blocks reaching the (scripted) model, and audio refused while
// promptCapabilities.audio is false. The scripted model's `expect` checks what the request held;
// a failed check would end the turn with an error message instead of the scripted answer. The
// last test covers what ACP 1.25 added: the terminal auth method, null lists, tool call names.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { script, startTether, TEST_TIMEOUT } from "../lib/testing.mjs";

// A 1x1 transparent PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const option = (options, id) => options.find((o) => o.id === id);

test("set_config_option: the advertised model and thinking options, and the thinking level reaches the model", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("config-options.jsonl") });
  const { sessionId, configOptions } = await tether.newSession();
  const model = option(configOptions, "model");
  const thinking = option(configOptions, "thinking");
  assert.equal(model.category, "model");
  assert.equal(model.currentValue, "scripted");
  assert.deepEqual(model.options.map((o) => o.value), ["scripted"]);
  assert.equal(thinking.category, "thought_level");
  assert.equal(thinking.currentValue, "off");
  assert.deepEqual(thinking.options.map((o) => o.value), ["off", "low", "medium", "high"]);

  const high = await tether.request("session/set_config_option", { sessionId, configId: "thinking", value: "high" });
  assert.equal(option(high.configOptions, "thinking").currentValue, "high");
  assert.equal(option(high.configOptions, "model").currentValue, "scripted", "the answer is the full set");
  assert.equal((await tether.prompt(sessionId, "think about it")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Answered with thinking on high\./, tether.text(sessionId));
  assert.match(tether.text(sessionId, "agent_thought_chunk"), /Thinking hard/);

  const same = await tether.request("session/set_config_option", { sessionId, configId: "model", value: "scripted" });
  assert.equal(option(same.configOptions, "model").currentValue, "scripted");
  await assert.rejects(tether.request("session/set_config_option", { sessionId, configId: "model", value: "no-such-model" }),
    (e) => e.code === -32602 && /no-such-model/.test(e.rpcMessage));
  await assert.rejects(tether.request("session/set_config_option", { sessionId, configId: "thinking", value: "extreme" }),
    (e) => e.code === -32602 && /off, low, medium or high/.test(e.rpcMessage));

  const off = await tether.request("session/set_config_option", { sessionId, configId: "thinking", value: "off" });
  assert.equal(option(off.configOptions, "thinking").currentValue, "off");
  assert.equal((await tether.prompt(sessionId, "and now quickly")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Answered without thinking\./, tether.text(sessionId));
});

test("image and embedded resource blocks reach the model; audio is refused with invalid params", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("prompt-blocks.jsonl") });
  const { sessionId } = await tether.newSession();

  const image = await tether.prompt(sessionId, [
    { type: "text", text: "What is in this picture?" },
    { type: "image", mimeType: "image/png", data: PNG },
  ]);
  assert.equal(image.stopReason, "end_turn");
  assert.match(tether.text(sessionId), /I see the image\./, tether.text(sessionId));

  const resource = await tether.prompt(sessionId, [
    { type: "text", text: "Summarise the attached file." },
    { type: "resource", resource: { uri: "file:///notes/todo.md", mimeType: "text/markdown", text: "- buy milk\n- EMBEDDED-CANARY-42\n" } },
  ]);
  assert.equal(resource.stopReason, "end_turn");
  assert.match(tether.text(sessionId), /I read the embedded resource\./, tether.text(sessionId));

  await assert.rejects(tether.prompt(sessionId, [
    { type: "text", text: "Listen to this." },
    { type: "audio", mimeType: "audio/wav", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=" },
  ]), (e) => e.code === -32602 && /prompt\[1\] is audio/.test(e.rpcMessage) && /promptCapabilities\.audio is false/.test(e.rpcMessage));

  // The refused prompt never reached the model: the next one gets the next scripted answer.
  assert.equal((await tether.prompt(sessionId, "still there?")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Still here\./);
});

test("ACP 1.25 details: the terminal auth method, null lists read as empty, tool calls named", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("persist.jsonl"), initialize: false });
  const init = await tether.initialize();
  const login = init.authMethods.find((m) => m.type === "terminal");
  assert.deepEqual({ id: login.id, args: login.args }, { id: "tether-login", args: ["login"] });
  assert.ok(!init.authMethods.some((m) => m.type === "env_var"), JSON.stringify(init.authMethods));

  fs.writeFileSync(path.join(tether.dirs.workspace, "data.txt"), "persisted-content\n");
  const { sessionId } = await tether.request("session/new", { cwd: tether.dirs.workspace, mcpServers: null, additionalDirectories: null });
  assert.equal((await tether.prompt(sessionId, "read data.txt")).stopReason, "end_turn");
  assert.match(tether.text(sessionId), /The file says persisted-content\./);
  const announced = tether.updatesOf(sessionId, "tool_call");
  assert.deepEqual(announced.map((u) => u.name), ["read_file"]);
});
