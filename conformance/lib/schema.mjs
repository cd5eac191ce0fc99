// Strict checks for ACP v1 frames, built on the official JSON schema.
//
// The schema's top level is a loose `anyOf` (an unknown response shape still matches
// `ExtResponse`), so each frame is checked twice: against the agent-side branch of the
// top-level union, and against the one definition its method calls for. Responses are
// matched to the request they answer, which is why client frames are recorded as well.
import fs from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ACP_SCHEMA_PATH, PINNED_ACP_UNSTABLE_SCHEMA_PATH, SESSION_CONTENT_SCHEMA_PATH } from "./paths.mjs";
import { findDuplicateKeys } from "./json-keys.mjs";

/** Agent → client requests: method → definition of `params`. */
const AGENT_REQUEST_PARAMS = {
  "session/request_permission": "RequestPermissionRequest",
  "fs/read_text_file": "ReadTextFileRequest",
  "fs/write_text_file": "WriteTextFileRequest",
  "terminal/create": "CreateTerminalRequest",
  "terminal/output": "TerminalOutputRequest",
  "terminal/release": "ReleaseTerminalRequest",
  "terminal/wait_for_exit": "WaitForTerminalExitRequest",
  "terminal/kill": "KillTerminalRequest",
  "elicitation/create": "CreateElicitationRequest",
};

/** Agent → client notifications: method → definition of `params`. */
const AGENT_NOTIFICATION_PARAMS = {
  "session/update": "SessionNotification",
  "elicitation/complete": "CompleteElicitationNotification",
  "$/cancel_request": "CancelRequestNotification",
};

/** Client → agent requests: method → definition of the agent's `result`. */
const AGENT_RESULTS = {
  "initialize": "InitializeResponse",
  "authenticate": "AuthenticateResponse",
  "logout": "LogoutResponse",
  "session/new": "NewSessionResponse",
  "session/load": "LoadSessionResponse",
  "session/list": "ListSessionsResponse",
  "session/delete": "DeleteSessionResponse",
  "session/resume": "ResumeSessionResponse",
  "session/close": "CloseSessionResponse",
  "session/set_mode": "SetSessionModeResponse",
  "session/set_config_option": "SetSessionConfigOptionResponse",
  "session/prompt": "PromptResponse",
  "session/fork": "ForkSessionResponse",
};

/** Session updates only the unstable schema defines (subagents, plan operations). */
const UNSTABLE_UPDATES = new Set(["subagent_update", "session_message", "session_message_chunk", "plan_update", "plan_removed"]);

/** Whether a frame uses what only the unstable schema defines; `answered` is the method of the request a response answers. */
function usesUnstable(frame, answered) {
  if (answered === "session/fork") return true;
  const update = frame.method === "session/update" ? frame.params?.update : undefined;
  if (!update) return false;
  if (UNSTABLE_UPDATES.has(update.sessionUpdate)) return true;
  return Array.isArray(update.content) && update.content.some((c) => c?.type === "session");
}

const INTEGER_RANGES = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint16: [0, 2 ** 16 - 1],
  uint32: [0, 2 ** 32 - 1],
  uint64: [0, Number.MAX_SAFE_INTEGER],
};

function compileSchema(schemaPath, extend = (schema) => schema) {
  if (!fs.existsSync(schemaPath)) {
    throw new Error(`ACP schema not found at ${schemaPath} (set ACP_SCHEMA to its path)`);
  }
  const schema = extend(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
  const ajv = new Ajv2020({ allErrors: false, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  for (const [name, [min, max]] of Object.entries(INTEGER_RANGES)) {
    ajv.addFormat(name, { type: "number", validate: (n) => Number.isInteger(n) && n >= min && n <= max });
  }
  ajv.addFormat("double", { type: "number", validate: (n) => Number.isFinite(n) });
  ajv.addSchema(schema, "acp");
  const cache = new Map();
  const get = (ref) => {
    if (!cache.has(ref)) {
      const validate = ajv.getSchema(`acp${ref}`);
      if (!validate) throw new Error(`no ${ref} in ${schemaPath}`);
      cache.set(ref, validate);
    }
    return cache.get(ref);
  };
  return { get, ajv };
}

function describe(ajv, validate) {
  // Unions report one error per failed branch; repeated lines add nothing.
  const lines = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  return [...new Set(lines)].join("; ");
}

const ENVELOPE_KEYS = new Set(["jsonrpc", "id", "method", "params", "result", "error"]);

/**
 * Checks frames one at a time. Feed every line the client writes to {@link noteClientFrame}
 * and every line the agent writes to {@link checkAgentLine}; the latter returns a list of
 * human-readable problems (empty when the frame is valid).
 */
export class FrameChecker {
  constructor(schemaPath = ACP_SCHEMA_PATH, unstable = true) {
    const { get, ajv } = compileSchema(schemaPath);
    this.get = get;
    this.ajv = ajv;
    this.unstable = unstable ? FrameChecker.unstable() : null;
    /** id (as JSON text) → method, for client requests still waiting for an answer. */
    this.pendingClientRequests = new Map();
  }

  /** Records a client → agent frame; returns problems with it (harness bugs). */
  noteClientFrame(frame) {
    if (frame && typeof frame === "object" && "method" in frame && "id" in frame) {
      this.pendingClientRequests.set(JSON.stringify(frame.id), frame.method);
    }
    const client = this.get("#/anyOf/1");
    return client(frame) ? [] : [`client frame: ${describe(this.ajv, client)}`];
  }

  /** Checks one line the agent wrote (without its newline). */
  checkAgentLine(line) {
    let frame;
    try {
      frame = JSON.parse(line);
    } catch (e) {
      return [`not JSON: ${e.message}`];
    }
    const problems = findDuplicateKeys(line).map((k) => `duplicate key ${k}`);
    return problems.concat(this.checkAgentFrame(frame));
  }

  /** The checker of what the pinned package still marks unstable, with the `session` tool call content added. */
  static unstable() {
    const checker = Object.create(FrameChecker.prototype);
    const session = JSON.parse(fs.readFileSync(SESSION_CONTENT_SCHEMA_PATH, "utf8"))["ToolCallContent.session"];
    const { get, ajv } = compileSchema(PINNED_ACP_UNSTABLE_SCHEMA_PATH, (schema) => {
      schema.$defs.ToolCallContent.oneOf.push(session);
      return schema;
    });
    Object.assign(checker, { get, ajv, unstable: null, pendingClientRequests: new Map() });
    return checker;
  }

  /** Checks one parsed agent → client frame. */
  checkAgentFrame(frame) {
    if (frame === null || typeof frame !== "object" || Array.isArray(frame)) {
      return ["frame is not a JSON object"];
    }
    const answered = !frame.method && "id" in frame ? this.pendingClientRequests.get(JSON.stringify(frame.id)) : undefined;
    if (this.unstable && usesUnstable(frame, answered)) {
      if (answered !== undefined) {
        this.pendingClientRequests.delete(JSON.stringify(frame.id));
        this.unstable.pendingClientRequests.set(JSON.stringify(frame.id), answered);
      }
      return this.unstable.checkAgentFrame(frame);
    }
    const problems = [];
    if (frame.jsonrpc !== "2.0") problems.push('"jsonrpc" must be "2.0"');
    for (const key of Object.keys(frame)) {
      if (!ENVELOPE_KEYS.has(key)) problems.push(`unexpected envelope member "${key}"`);
    }
    const agent = this.get("#/anyOf/0");
    if (!agent(frame)) problems.push(`not an agent message: ${describe(this.ajv, agent)}`);

    const hasId = "id" in frame;
    const hasMethod = "method" in frame;
    if (hasMethod) {
      if ("result" in frame || "error" in frame) problems.push("a request/notification carries result or error");
      if (typeof frame.method !== "string") return problems.concat("method is not a string");
      problems.push(...(hasId ? this.checkRequest(frame) : this.checkNotification(frame)));
    } else if (hasId) {
      problems.push(...this.checkResponse(frame));
    } else {
      problems.push("neither a request, a notification nor a response");
    }
    return problems;
  }

  checkRequest(frame) {
    if (!(typeof frame.id === "string" || Number.isInteger(frame.id))) {
      return [`request id must be a string or an integer, got ${JSON.stringify(frame.id)}`];
    }
    const def = AGENT_REQUEST_PARAMS[frame.method];
    if (!def) {
      return frame.method.startsWith("_") ? [] : [`agent sent unknown request method "${frame.method}"`];
    }
    return this.checkDef(def, frame.params, `${frame.method} params`);
  }

  checkNotification(frame) {
    const def = AGENT_NOTIFICATION_PARAMS[frame.method];
    if (!def) {
      return frame.method.startsWith("_") ? [] : [`agent sent unknown notification "${frame.method}"`];
    }
    return this.checkDef(def, frame.params, `${frame.method} params`);
  }

  checkResponse(frame) {
    const problems = [];
    const hasResult = "result" in frame;
    const hasError = "error" in frame;
    if (hasResult === hasError) problems.push("a response needs exactly one of result and error");
    const key = JSON.stringify(frame.id);
    const method = this.pendingClientRequests.get(key);
    this.pendingClientRequests.delete(key);
    if (hasError) {
      problems.push(...this.checkDef("Error", frame.error, "error"));
      if (frame.error && !Number.isInteger(frame.error.code)) problems.push("error.code must be an integer");
      if (method === undefined && frame.id !== null) problems.push(`error for unknown request id ${key}`);
      return problems;
    }
    if (method === undefined) return problems.concat(`result for unknown request id ${key}`);
    const def = AGENT_RESULTS[method];
    if (def) problems.push(...this.checkDef(def, frame.result, `${method} result`));
    else if (!method.startsWith("_")) problems.push(`result for "${method}", which the agent should have refused`);
    return problems;
  }

  checkDef(def, value, label) {
    const validate = this.get(`#/$defs/${def}`);
    return validate(value) ? [] : [`${label} is not a valid ${def}: ${describe(this.ajv, validate)}`];
  }
}
