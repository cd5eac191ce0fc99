// A bare ACP client, as the ACP Test Compatibility Kit's mock client is: raw JSON-RPC lines on
// Tether's stdin (ids of the test's choosing, integer or string), every stdout line kept in order
// and checked against the schema, and no answer to anything the agent asks unless the test says
// so. Where the SDK client of client.mjs would hide the wire (ids, envelopes, what arrives after
// an answer), this one shows it.
import { AgentProcess } from "./agent-process.mjs";
import { FrameChecker } from "./schema.mjs";
import { StdoutTap } from "./tap.mjs";

export class RawClient {
  /** Spawns Tether (options as for AgentProcess) and starts reading its stdout. */
  static async start(options = {}) {
    const client = new RawClient(options);
    await client.process.spawned;
    return client;
  }

  constructor(options) {
    this.checker = new FrameChecker();
    this.tap = new StdoutTap(this.checker);
    this.process = new AgentProcess(options);
    this.dirs = this.process.dirs;
    this.nextId = 1;
    /** JSON of a request id → the method of the request, for what an answer answers. */
    this.methods = new Map();
    /** Bytes of stdout, to check the stream as a whole. */
    this.stdoutBytes = [];
    this.process.child.stdout.on("data", (chunk) => {
      this.stdoutBytes.push(chunk);
      this.tap.push(chunk);
    });
    this.process.child.stdout.on("end", () => this.tap.end());
    /** Answers the agent's own requests: method → (params) => result; unlisted ones stay unanswered. */
    this.answers = new Map();
    this.tap.listeners.add((frame) => {
      if (frame.method && frame.id !== undefined && this.answers.has(frame.method)) {
        this.send({ jsonrpc: "2.0", id: frame.id, result: this.answers.get(frame.method)(frame.params) });
      }
    });
  }

  get frames() {
    return this.tap.frames;
  }

  /** Writes one frame (noted for the schema check of its answer). */
  send(frame) {
    this.checker.noteClientFrame(frame);
    if (frame.method && frame.id !== undefined) this.methods.set(JSON.stringify(frame.id), frame.method);
    return this.process.writeLine(JSON.stringify(frame));
  }

  /** Sends a request with `id` (a fresh integer by default); resolves with the whole response frame. */
  async call(method, params, { id = this.nextId++, timeoutMs = 20_000 } = {}) {
    await this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return this.tap.waitFor((f) => !f.method && f.id === id, timeoutMs, `the answer to ${method} (id ${JSON.stringify(id)})`);
  }

  /** As {@link call}, returning the result; throws with the error otherwise. */
  async request(method, params, options) {
    const response = await this.call(method, params, options);
    if (response.error) {
      const error = new Error(`${method} failed with ${response.error.code}: ${response.error.message}`);
      error.code = response.error.code;
      throw error;
    }
    return response.result;
  }

  notify(method, params) {
    return this.send({ jsonrpc: "2.0", method, params });
  }

  /** The method of the request an answer answers. */
  methodOf(answer) {
    return this.methods.get(JSON.stringify(answer.id));
  }

  /** The index of a frame, for "what came after it". */
  indexOf(frame) {
    return this.frames.indexOf(frame);
  }

  /** `session/update` payloads of a session among `frames`. */
  static updates(frames, sessionId) {
    return frames.filter((f) => f.method === "session/update" && f.params?.sessionId === sessionId).map((f) => f.params.update);
  }

  /** A readable list of every schema violation on stdout ("" when clean). */
  wireReport() {
    return this.tap.violations.map((v) => `  ${v.line.slice(0, 300)}\n    -> ${v.problems.join("; ").slice(0, 800)}`).join("\n");
  }

  stdout() {
    return Buffer.concat(this.stdoutBytes);
  }

  stderr() {
    return this.process.stderr();
  }

  /** Ends stdin and waits for the exit (SIGKILL to the group after `timeoutMs`); returns how it ended. */
  async close(timeoutMs = 10_000) {
    const result = await this.process.stop(timeoutMs);
    this.process.dispose();
    return result;
  }
}
