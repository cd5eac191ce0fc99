// What crossed the wire, for assertions: every frame each side wrote, checked against the ACP
// schema, and per session a timeline of prompts, updates, permission requests and stop reasons,
// with the queries the tests ask of it.
import { FrameChecker } from "./schema.mjs";
import { StdoutTap } from "./tap.mjs";

export class Recording {
  constructor() {
    this.checker = new FrameChecker();
    /** Agent → client frames, split from the raw bytes of stdout. */
    this.tap = new StdoutTap(this.checker);
    /** Client → agent frames, as the SDK wrote them. */
    this.sent = [];
    this.clientViolations = [];
    this.timelines = new Map();
    this.tap.listeners.add((frame) => this.onFrame(frame));
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

  /** A readable list of every wire problem seen so far ("" when clean). */
  wireReport() {
    const show = (v) => `  ${v.line.slice(0, 300)}\n    -> ${v.problems.join("\n    -> ").slice(0, 1200)}`;
    const parts = [];
    if (this.tap.violations.length) parts.push(`agent frames:\n${this.tap.violations.map(show).join("\n")}`);
    if (this.clientViolations.length) parts.push(`client frames (harness bug):\n${this.clientViolations.map(show).join("\n")}`);
    return parts.join("\n");
  }
}
