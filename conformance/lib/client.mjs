// A Zed-like ACP client around a spawned Tether process, on the real TypeScript SDK.
//
//   const tether = await TetherClient.start({ script: "test/scripts/echo.jsonl" });
//   await tether.initialize();
//   const { sessionId } = await tether.newSession({ cwd: tether.dirs.workspace });
//   const { stopReason } = await tether.prompt(sessionId, "hi");
//   tether.updates(sessionId);    // every session/update, in wire order
//   tether.violations;            // lines on stdout that are not valid ACP frames
//   await tether.close();         // EOF on stdin, wait for exit
//
// The parts live beside it: agent-process.mjs (spawning, stderr, stopping), editor-side.mjs
// (the handlers that answer the agent) and recording.mjs (frames, timelines and their queries);
// this class joins them to the SDK and keeps the one surface the tests use.
import * as acp from "@agentclientprotocol/sdk";
import { AgentProcess, makeTempDirs } from "./agent-process.mjs";
import { EditorSide } from "./editor-side.mjs";
import { Recording } from "./recording.mjs";
import { zedInitializeParams } from "./zed.mjs";

export { makeTempDirs };

const DEFAULT_REQUEST_TIMEOUT_MS = 25_000;

/** An error answer from the agent, with its JSON-RPC code. */
export class AgentError extends Error {
  constructor(method, error) {
    super(`${method} failed with ${error.code}: ${error.message}`);
    this.code = error.code;
    this.rpcMessage = error.message;
    this.data = error.data;
  }
}

export class TetherClient {
  /**
   * Spawns Tether and connects the SDK client to it (no `initialize` yet).
   * Options: command/args (default `TETHER_CMD` or bin/tether), extraArgs, script (scripted
   * model file), env (added to the environment), dirs (from makeTempDirs; made if absent),
   * permission (policy, see setPermissionPolicy), elicitation, stderrFile.
   */
  static async start(options = {}) {
    const client = new TetherClient(options);
    await client.spawned;
    return client;
  }

  constructor(options) {
    this.recording = new Recording();
    this.editor = new EditorSide(this.recording, options);
    this.process = new AgentProcess(options);
    // The parts' state, under the names the tests read.
    this.dirs = this.process.dirs;
    this.child = this.process.child;
    this.exit = this.process.exit;
    this.spawned = this.process.spawned;
    this.tap = this.recording.tap;
    this.terminals = this.editor.terminals;
    this.permissions = this.editor.permissions;
    this.fileWrites = this.editor.fileWrites;
    this.fileReads = this.editor.fileReads;
    this.elicitations = this.editor.elicitations;
    this.connection = this.connect();
    this.agent = this.connection.agent;
  }

  connect() {
    const { readable, writable } = this.process.streams({
      onRead: (chunk) => this.tap.push(chunk),
      onReadEnd: () => this.tap.end(),
      onWrite: (chunk) => this.recording.noteSent(chunk),
    });
    const app = acp.client({ name: "zed" });
    this.editor.register(app);
    // Updates are recorded from the raw tap (exact wire order); the SDK only needs a sink.
    app.onNotification("session/update", () => {});
    app.onNotification("elicitation/complete", () => {});
    return app.connect(acp.ndJsonStream(writable, readable));
  }

  // ---- what was seen -----------------------------------------------------------------------

  timeline(sessionId) {
    return this.recording.timeline(sessionId);
  }

  /** Every `session/update` payload of a session, in wire order. */
  updates(sessionId) {
    return this.recording.updates(sessionId);
  }

  /** Updates of one `sessionUpdate` kind. */
  updatesOf(sessionId, kind) {
    return this.recording.updatesOf(sessionId, kind);
  }

  /** Folds tool_call + tool_call_update into the latest state of each tool call. */
  toolCalls(sessionId) {
    return this.recording.toolCalls(sessionId);
  }

  /** Concatenated text of one chunk kind (`agent_message_chunk`, `agent_thought_chunk`). */
  text(sessionId, kind = "agent_message_chunk") {
    return this.recording.text(sessionId, kind);
  }

  /** A readable list of every wire problem seen so far ("" when clean). */
  wireReport() {
    return this.recording.wireReport();
  }

  /** Tether's stderr (the newest 256 KiB). */
  stderr() {
    return this.process.stderr();
  }

  stderrTail(lines = 30) {
    return this.process.stderrTail(lines);
  }

  /** See {@link EditorSide#setPermissionPolicy}. */
  setPermissionPolicy(policy, sessionId = null) {
    this.editor.setPermissionPolicy(policy, sessionId);
  }

  // ---- client → agent --------------------------------------------------------------------

  /** Sends a request; rejects with {@link AgentError} on an error answer, or on timeout/exit. */
  async request(method, params, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${method}: no answer within ${timeoutMs} ms\n${this.stderrTail()}`)), timeoutMs);
    });
    const died = this.exit.then(({ code, signal }) => {
      throw new Error(`${method}: Tether exited (code ${code}, signal ${signal}) before answering\n${this.stderrTail()}`);
    });
    try {
      return await Promise.race([this.agent.request(method, params), timeout, died]);
    } catch (e) {
      if (e && typeof e.code === "number" && !(e instanceof AgentError)) throw new AgentError(method, e);
      // stdout closing can reject the request a moment before the exit event arrives.
      const exit = await Promise.race([this.exit, new Promise((r) => setTimeout(() => r(null), 300))]);
      if (exit && !(e instanceof AgentError)) {
        throw new Error(`${method}: ${e?.message ?? e}; Tether exited (code ${exit.code}, signal ${exit.signal})\n${this.stderrTail()}`);
      }
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  notify(method, params) {
    return this.agent.notify(method, params);
  }

  /** Writes one raw line (a newline is added) to Tether's stdin, bypassing the SDK. */
  writeRaw(line) {
    return this.process.writeLine(line);
  }

  initialize(params = zedInitializeParams()) {
    return this.request("initialize", params);
  }

  /** `session/new`; cwd defaults to the temp workspace, mcpServers to none. */
  newSession({ cwd = this.dirs.workspace, mcpServers = [], ...rest } = {}) {
    return this.request("session/new", { cwd, mcpServers, ...rest });
  }

  /** Sends a prompt (text or content blocks) and records the stop reason. */
  async prompt(sessionId, prompt, timeoutMs) {
    const blocks = typeof prompt === "string" ? [{ type: "text", text: prompt }] : prompt;
    this.timeline(sessionId).push({ type: "user", blocks });
    const response = await this.request("session/prompt", { sessionId, prompt: blocks }, timeoutMs);
    this.timeline(sessionId).push({ type: "stop", stopReason: response.stopReason, response });
    return response;
  }

  /** Cancels the turn the way Zed does: notify, then answer pending permission requests. */
  async cancel(sessionId) {
    await this.notify("session/cancel", { sessionId });
    this.editor.cancelPermissions(sessionId);
  }

  /** Resolves once the agent has asked for permission `count` times (in total). */
  async waitForPermission(count = 1, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.permissions.length < count) {
      if (Date.now() > deadline) throw new Error(`no permission request within ${timeoutMs} ms\n${this.stderrTail()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.permissions[count - 1];
  }

  /** Ends stdin and waits for Tether to exit (SIGKILL to its group after `timeoutMs`). */
  async close(timeoutMs = 10_000) {
    const result = await this.process.stop(timeoutMs);
    this.connection.close();
    this.terminals.killAll();
    this.process.dispose();
    return result;
  }

  /** `kill -9` of the agent process alone (its children see EOF), as a crash would. */
  kill9() {
    return this.process.kill9();
  }
}
