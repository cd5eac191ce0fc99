// The editor's half of ACP, as Zed would answer the agent: permission requests (by a policy
// the test sets), fs/* on the real disk, terminal/* on real processes, and elicitations.
// Every request is kept for assertions; permission requests also go on the session timeline.
import fs from "node:fs";
import path from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { TerminalHost } from "./terminals.mjs";

function selected(optionId) {
  return { outcome: "selected", optionId };
}

export class EditorSide {
  /** Options: permission (policy, see setPermissionPolicy), elicitation (`(params) => answer`). */
  constructor(recording, options) {
    this.recording = recording;
    this.terminals = new TerminalHost();
    this.permissions = [];
    this.pendingPermissions = new Set();
    this.fileWrites = [];
    this.fileReads = [];
    this.elicitations = [];
    this.defaultPermission = options.permission ?? "allow_once";
    this.sessionPermission = new Map();
    this.elicitationPolicy = options.elicitation ?? (() => ({ action: "decline" }));
  }

  /** Answers the agent's requests on `app` (an SDK client being built). */
  register(app) {
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
  }

  /**
   * Policy for permission requests: "allow_once" | "allow_always" | "reject_once" |
   * "reject_always" (pick the option of that kind), "hold" (leave it pending until the
   * turn is cancelled), or `(params) => optionId | outcome object` (may be async).
   */
  setPermissionPolicy(policy, sessionId = null) {
    if (sessionId) this.sessionPermission.set(sessionId, policy);
    else this.defaultPermission = policy;
  }

  /** Answers the session's pending permission requests with `cancelled`, as Zed does on cancel. */
  cancelPermissions(sessionId) {
    for (const pending of [...this.pendingPermissions]) {
      if (pending.sessionId === sessionId) pending.cancel();
    }
  }

  async onPermission({ params, signal }) {
    const record = { sessionId: params.sessionId, request: params, outcome: null };
    this.permissions.push(record);
    this.recording.timeline(params.sessionId).push({ type: "permission", record });
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
}
