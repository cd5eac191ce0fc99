// A Zed-like ACP client around a spawned Tether process, on the real TypeScript SDK.
//
//   const tether = await TetherClient.start({ script: "test/scripts/echo.jsonl" });
//   await tether.initialize();
//   const { sessionId } = await tether.newSession({ cwd: tether.dirs.workspace });
//   const { stopReason } = await tether.prompt(sessionId, "hi");
//   tether.updates(sessionId);    // every session/update, in wire order
//   tether.violations;            // lines on stdout that are not valid ACP frames
//   await tether.close();         // EOF on stdin, wait for exit
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { tetherCommand } from "./paths.mjs";
import { FrameChecker } from "./schema.mjs";
import { StdoutTap } from "./tap.mjs";
import { TerminalHost } from "./terminals.mjs";
import { zedInitializeParams } from "./zed.mjs";

const STDERR_KEEP = 256 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 25_000;

/** Temp folders for one agent: a workspace and Tether's own state and config. */
export function makeTempDirs(prefix = "tether-e2e-") {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const dirs = { root, workspace: path.join(root, "workspace"), state: path.join(root, "state"), config: path.join(root, "config") };
  for (const dir of [dirs.workspace, dirs.state, dirs.config]) fs.mkdirSync(dir, { recursive: true });
  dirs.cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  return dirs;
}

/** An error answer from the agent, with its JSON-RPC code. */
export class AgentError extends Error {
  constructor(method, error) {
    super(`${method} failed with ${error.code}: ${error.message}`);
    this.code = error.code;
    this.rpcMessage = error.message;
    this.data = error.data;
  }
}

function selected(optionId) {
  return { outcome: "selected", optionId };
}

export class TetherClient {
  /**
   * Spawns Tether and connects the SDK client to it (no `initialize` yet).
   * Options: command/args (default `TETHER_CMD` or bin/tether), extraArgs, script (scripted
   * model file), env (added to the environment), dirs (from makeTempDirs; made if absent),
   * permission (policy, see setPermissionPolicy), stderrFile.
   */
  static async start(options = {}) {
    const client = new TetherClient(options);
    await client.spawned;
    return client;
  }

  constructor(options) {
    const base = tetherCommand();
    this.command = options.command ?? base.command;
    this.args = [...(options.args ?? base.args), ...(options.extraArgs ?? [])];
    this.ownsDirs = !options.dirs;
    this.dirs = options.dirs ?? makeTempDirs();
    this.checker = new FrameChecker();
    this.tap = new StdoutTap(this.checker);
    this.terminals = new TerminalHost();
    this.sent = [];
    this.clientViolations = [];
    this.timelines = new Map();
    this.permissions = [];
    this.pendingPermissions = new Set();
    this.fileWrites = [];
    this.fileReads = [];
    this.elicitations = [];
    this.defaultPermission = options.permission ?? "allow_once";
    this.sessionPermission = new Map();
    this.elicitationPolicy = options.elicitation ?? (() => ({ action: "decline" }));
    this.stderrChunks = [];
    this.stderrBytes = 0;
    this.stderrFile = options.stderrFile ? fs.createWriteStream(options.stderrFile) : null;

    const env = {
      ...process.env,
      XDG_STATE_HOME: this.dirs.state,
      XDG_CONFIG_HOME: this.dirs.config,
      XDG_CACHE_HOME: path.join(this.dirs.root, "cache"),
      XDG_DATA_HOME: path.join(this.dirs.root, "data"),
      ...(options.script ? { TETHER_PROVIDER: "scripted", TETHER_SCRIPT: path.resolve(options.script) } : {}),
      ...(options.env ?? {}),
    };
    this.child = spawn(this.command, this.args, {
      cwd: options.cwd ?? this.dirs.workspace,
      env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true, // own process group, so close() can also reap MCP servers it started
    });
    this.exit = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => resolve({ code, signal }));
    });
    this.spawned = new Promise((resolve, reject) => {
      this.child.once("spawn", resolve);
      this.child.once("error", (e) => reject(new Error(`cannot start ${this.command}: ${e.message}`)));
    });
    this.child.stdin.on("error", () => {}); // EPIPE after the agent died shows up in exit/stderr
    this.child.stderr.on("data", (chunk) => this.keepStderr(chunk));
    this.tap.listeners.add((frame) => this.onFrame(frame));
    this.connection = this.connect();
    this.agent = this.connection.agent;
  }

  keepStderr(chunk) {
    this.stderrFile?.write(chunk);
    this.stderrChunks.push(chunk);
    this.stderrBytes += chunk.length;
    while (this.stderrBytes > STDERR_KEEP && this.stderrChunks.length > 1) {
      this.stderrBytes -= this.stderrChunks.shift().length;
    }
  }

  /** Tether's stderr (the newest 256 KiB). */
  stderr() {
    return Buffer.concat(this.stderrChunks).toString("utf8");
  }

  connect() {
    const { child, tap } = this;
    const readable = new ReadableStream({
      start(controller) {
        child.stdout.on("data", (chunk) => {
          tap.push(chunk);
          controller.enqueue(new Uint8Array(chunk));
        });
        child.stdout.on("end", () => {
          tap.end();
          controller.close();
        });
      },
    });
    const writable = new WritableStream({
      write: (chunk) => {
        this.noteSent(chunk);
        return new Promise((resolve) => child.stdin.write(chunk, () => resolve()));
      },
      close: () => child.stdin.end(),
    });
    const app = acp.client({ name: "zed" });
    app.onRequest("session/request_permission", (cx) => this.onPermission(cx));
    app.onRequest("fs/read_text_file", ({ params }) => this.readTextFile(params));
    app.onRequest("fs/write_text_file", ({ params }) => this.writeTextFile(params));
    app.onRequest("terminal/create", ({ params }) => this.terminals.create(params));
    app.onRequest("terminal/output", ({ params }) => this.terminals.output(params));
    app.onRequest("terminal/wait_for_exit", ({ params }) => this.terminals.waitForExit(params));
    app.onRequest("terminal/kill", ({ params }) => this.terminals.kill(params));
    app.onRequest("terminal/release", ({ params }) => this.terminals.release(params));
    app.onRequest("elicitation/create", async ({ params }) => {
      const answer = await this.elicitationPolicy(params);
      this.elicitations.push({ request: params, answer });
      return answer;
    });
    // Updates are recorded from the raw tap (exact wire order); the SDK only needs a sink.
    app.onNotification("session/update", () => {});
    app.onNotification("elicitation/complete", () => {});
    return app.connect(acp.ndJsonStream(writable, readable));
  }

  noteSent(chunk) {
    for (const line of Buffer.from(chunk).toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      const frame = JSON.parse(line);
      this.sent.push(frame);
      const problems = this.checker.noteClientFrame(frame);
      if (problems.length) this.clientViolations.push({ line, problems });
    }
  }

  onFrame(frame) {
    if (frame.method === "session/update" && frame.params?.sessionId) {
      this.timeline(frame.params.sessionId).push({ type: "update", update: frame.params.update });
    }
  }

  timeline(sessionId) {
    if (!this.timelines.has(sessionId)) this.timelines.set(sessionId, []);
    return this.timelines.get(sessionId);
  }

  /** Every `session/update` payload of a session, in wire order. */
  updates(sessionId) {
    return this.timeline(sessionId).filter((e) => e.type === "update").map((e) => e.update);
  }

  /** Updates of one `sessionUpdate` kind. */
  updatesOf(sessionId, kind) {
    return this.updates(sessionId).filter((u) => u.sessionUpdate === kind);
  }

  /** Folds tool_call + tool_call_update into the latest state of each tool call. */
  toolCalls(sessionId) {
    const calls = new Map();
    for (const u of this.updates(sessionId)) {
      if (u.sessionUpdate !== "tool_call" && u.sessionUpdate !== "tool_call_update") continue;
      const { sessionUpdate, ...fields } = u;
      const merged = { ...(calls.get(u.toolCallId) ?? { toolCallId: u.toolCallId }) };
      for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) merged[k] = v;
      merged.history = [...(calls.get(u.toolCallId)?.history ?? []), u];
      calls.set(u.toolCallId, merged);
    }
    return [...calls.values()];
  }

  /** Concatenated text of one chunk kind (`agent_message_chunk`, `agent_thought_chunk`). */
  text(sessionId, kind = "agent_message_chunk") {
    return this.updatesOf(sessionId, kind).map((u) => (u.content?.type === "text" ? u.content.text : "")).join("");
  }

  // ---- editor-side handlers -------------------------------------------------------------

  /**
   * Policy for permission requests: "allow_once" | "allow_always" | "reject_once" |
   * "reject_always" (pick the option of that kind), "hold" (leave it pending until the
   * turn is cancelled), or `(params) => optionId | outcome object` (may be async).
   */
  setPermissionPolicy(policy, sessionId = null) {
    if (sessionId) this.sessionPermission.set(sessionId, policy);
    else this.defaultPermission = policy;
  }

  async onPermission({ params, signal }) {
    const record = { sessionId: params.sessionId, request: params, outcome: null };
    this.permissions.push(record);
    this.timeline(params.sessionId).push({ type: "permission", record });
    const policy = this.sessionPermission.get(params.sessionId) ?? this.defaultPermission;
    const cancelled = new Promise((resolve) => {
      const pending = { sessionId: params.sessionId, cancel: () => resolve({ outcome: "cancelled" }) };
      record.pending = pending;
      this.pendingPermissions.add(pending);
      signal?.addEventListener("abort", pending.cancel); // the agent's $/cancel_request
    });
    let outcome;
    if (policy === "hold") {
      outcome = await cancelled;
    } else if (typeof policy === "function") {
      const answer = await Promise.race([policy(params), cancelled]);
      outcome = typeof answer === "string" ? selected(answer) : answer;
    } else {
      const option = params.options.find((o) => o.kind === policy) ?? params.options.find((o) => o.optionId === policy);
      if (!option) throw new acp.RequestError(-32603, `test client: no "${policy}" option offered`);
      outcome = selected(option.optionId);
    }
    this.pendingPermissions.delete(record.pending);
    record.outcome = outcome;
    return { outcome };
  }

  async readTextFile({ path: file, line, limit }) {
    this.fileReads.push({ path: file, line, limit });
    if (!path.isAbsolute(file)) throw new acp.RequestError(-32602, `path must be absolute: ${file}`);
    let text;
    try {
      text = await fs.promises.readFile(file, "utf8");
    } catch (e) {
      throw new acp.RequestError(-32002, `cannot read ${file}: ${e.code ?? e.message}`);
    }
    if (line == null && limit == null) return { content: text };
    const lines = text.split(/(?<=\n)/);
    const start = Math.max((line ?? 1) - 1, 0);
    const end = limit == null ? lines.length : start + limit;
    return { content: lines.slice(start, end).join("") };
  }

  async writeTextFile({ path: file, content }) {
    if (!path.isAbsolute(file)) throw new acp.RequestError(-32602, `path must be absolute: ${file}`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, content, "utf8");
    this.fileWrites.push({ path: file, content });
    return {};
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
    return new Promise((resolve) => this.child.stdin.write(`${line}\n`, () => resolve()));
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
    for (const pending of [...this.pendingPermissions]) {
      if (pending.sessionId === sessionId) pending.cancel();
    }
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

  stderrTail(lines = 30) {
    const all = this.stderr().trimEnd().split("\n");
    return `--- Tether stderr (last ${lines} lines) ---\n${all.slice(-lines).join("\n")}`;
  }

  /** A readable list of every wire problem seen so far ("" when clean). */
  wireReport() {
    const show = (v) => `  ${v.line.slice(0, 300)}\n    -> ${v.problems.join("\n    -> ").slice(0, 1200)}`;
    const parts = [];
    if (this.tap.violations.length) parts.push(`agent frames:\n${this.tap.violations.map(show).join("\n")}`);
    if (this.clientViolations.length) parts.push(`client frames (harness bug):\n${this.clientViolations.map(show).join("\n")}`);
    return parts.join("\n");
  }

  /** Ends stdin and waits for Tether to exit (SIGKILL to its group after `timeoutMs`). */
  async close(timeoutMs = 10_000) {
    this.child.stdin.end();
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    let result = await Promise.race([this.exit, timedOut]);
    clearTimeout(timer);
    if (!result) {
      this.killGroup();
      result = { ...(await this.exit), timedOut: true };
    }
    this.killGroup(); // MCP servers and other children left behind
    this.connection.close();
    this.terminals.killAll();
    this.stderrFile?.end();
    if (this.ownsDirs) this.dirs.cleanup();
    return result;
  }

  /** `kill -9` of the agent process alone (its children see EOF), as a crash would. */
  async kill9() {
    this.child.kill("SIGKILL");
    return await this.exit;
  }

  killGroup() {
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
