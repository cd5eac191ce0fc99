import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { makeTempDirs } from "../lib/client.mjs";
import { everythingStdio } from "../lib/mcp-peers.mjs";
import { script, startTether, TEST_TIMEOUT, until } from "../lib/testing.mjs";

/** A valid answer for an MCP/ACP form schema: defaults where given, else a value of the right kind. */
function fill(schema, overrides = {}) {
  const content = {};
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (name in overrides) content[name] = overrides[name];
    else if (p.default !== undefined) content[name] = p.default;
    else if (p.type === "boolean") content[name] = true;
    else if (p.type === "integer" || p.type === "number") content[name] = p.minimum ?? 1;
    else if (p.type === "array") content[name] = [(p.items?.enum ?? p.items?.anyOf?.map((o) => o.const) ?? ["x"])[0]];
    else if (p.enum) content[name] = p.enum[0];
    else if (p.oneOf) content[name] = p.oneOf[0].const;
    else if (p.format === "email") content[name] = "ada@example.com";
    else if (p.format === "uri") content[name] = "https://example.com/ada";
    else if (p.format === "date") content[name] = "1815-12-10";
    else if (p.format === "date-time") content[name] = "1815-12-10T10:00:00Z";
    else content[name] = "x";
  }
  return content;
}

/** Tether with a config file, for servers the editor names but whose policy the user sets. */
function withConfig(config) {
  const dirs = makeTempDirs("tether-e2e-");
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify(config));
  return dirs;
}

test("server-everything prompts are slash commands and run into the turn", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("args-prompt.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  await until(() => tether.updates(sessionId).some((u) => u.sessionUpdate === "available_commands_update"
    && u.availableCommands.some((c) => c.name === "everything:completable-prompt")), 15_000, "the prompts as commands");
  const commands = tether.updates(sessionId).filter((u) => u.sessionUpdate === "available_commands_update").at(-1).availableCommands;
  const args = commands.find((c) => c.name === "everything:args-prompt");
  assert.ok(args, JSON.stringify(commands.map((c) => c.name)));
  assert.match(args.input.hint, /<city>/);
  assert.ok(commands.some((c) => c.name === "mcp"));
  assert.equal((await tether.prompt(sessionId, "/everything:args-prompt city=Paris")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /sunny in Paris/);
});

test("a 13-field form elicitation is answered in the editor and reaches the server", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, {
    script: script("elicit-form.jsonl"),
    elicitation: (params) => ({ action: "accept", content: fill(params.requestedSchema, { name: "Ada Lovelace" }) }),
  });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "fill the form")).stopReason, "end_turn", tether.text(sessionId));
  assert.equal(tether.elicitations.length, 1);
  const request = tether.elicitations[0].request;
  assert.equal(request.mode, "form");
  assert.equal(request.sessionId, sessionId);
  assert.equal(request.toolCallId, "c_form", "scoped to the one tool call in flight");
  assert.equal(Object.keys(request.requestedSchema.properties).length, 13);
  assert.equal(request.requestedSchema.properties.firstLine.default, "It was a dark and stormy night.");
  assert.match(tether.text(sessionId), /Thanks, Ada/);
});

test("URL elicitations: the request path and the -32042 error path both reach the editor", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("elicit-url.jsonl"), elicitation: () => ({ action: "accept" }) });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "open the links")).stopReason, "end_turn", tether.text(sessionId));
  const urls = tether.elicitations.map((e) => e.request);
  assert.ok(urls.every((r) => r.mode === "url"), JSON.stringify(urls));
  assert.ok(urls.some((r) => r.url === "https://example.com/consent?step=1"));
  assert.ok(urls.some((r) => r.url === "https://example.com/consent?step=2"), "the -32042 path presented its URL");
  assert.equal(tether.toolCalls(sessionId).find((c) => c.toolCallId === "c_url_error").status, "completed", "retried after the URL");
});

test("sampling: off by default, and when enabled it asks the user each time", { timeout: 45_000 }, async (t) => {
  // Enabled by a policy-only entry in the user's config, for the server the editor names.
  const dirs = withConfig({ mcpServers: { everything: { sampling: true } } });
  t.after(() => dirs.cleanup());
  const tether = await startTether(t, { script: script("sampling.jsonl"), dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "sample")).stopReason, "end_turn", tether.text(sessionId));
  const asked = tether.permissions.filter((p) => /asks to use the model/.test(p.request.toolCall.title));
  assert.equal(asked.length, 1, "the user was asked once");
  assert.match(JSON.stringify(asked[0].request.toolCall.content), /Say SAMPLED/);

  const deniedDirs = withConfig({ mcpServers: { everything: { sampling: true } } });
  t.after(() => deniedDirs.cleanup());
  const denied = await startTether(t, {
    script: script("sampling-denied.jsonl"), dirs: deniedDirs,
    permission: (params) => (/asks to use the model/.test(params.toolCall.title) ? "reject_once" : "allow_once"),
  });
  const second = await denied.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await denied.prompt(second.sessionId, "sample")).stopReason, "end_turn", denied.text(second.sessionId));
  assert.match(denied.text(second.sessionId), /The user said no/);
});

test("resource templates: completion, a read of a template URI, and a refused read of an undeclared URI", { timeout: TEST_TIMEOUT }, async (t) => {
  const tether = await startTether(t, { script: script("template-read.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "read a resource")).stopReason, "end_turn", tether.text(sessionId));
  const calls = Object.fromEntries(tether.toolCalls(sessionId).map((c) => [c.toolCallId, c]));
  assert.equal(calls.c_complete.status, "completed");
  assert.equal(calls.c_read.status, "completed");
  assert.match(JSON.stringify(calls.c_read.content), /Resource 1/i);
  assert.equal(calls.c_refused.status, "failed");
  assert.equal(tether.permissions.length, 0, "reading and completing are read-only and never ask");
});

test("simulated logging reaches /mcp logs, never the model", { timeout: 45_000 }, async (t) => {
  const dirs = withConfig({ mcpServers: { everything: { logLevel: "debug" } } });
  t.after(() => dirs.cleanup());
  const tether = await startTether(t, { script: script("logging.jsonl"), dirs });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "turn on logging")).stopReason, "end_turn", tether.text(sessionId));
  // The server logs every few seconds: ask until its first messages are there, rather than sleeping a guess.
  const logged = /Recent messages from `everything`[\s\S]*(-level message|level-message)/;
  while (!logged.test(tether.text(sessionId))) {
    assert.equal((await tether.prompt(sessionId, "/mcp logs everything")).stopReason, "end_turn");
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal((await tether.prompt(sessionId, "anything in the logs?")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /Nothing from the logs reached me/);
});

test("a read resource is watched: its update is told to the user and marked for the model's next read", { timeout: 45_000 }, async (t) => {
  const tether = await startTether(t, { script: script("subscribe.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "watch the features doc")).stopReason, "end_turn", tether.text(sessionId));
  await until(() => /updated demo:\/\/resource\/static\/document\/features\.md/.test(tether.text(sessionId)), 15_000, "the update notice");
  assert.equal((await tether.prompt(sessionId, "read it again")).stopReason, "end_turn", tether.text(sessionId));
  assert.match(tether.text(sessionId), /It changed since I last read it/);
});
