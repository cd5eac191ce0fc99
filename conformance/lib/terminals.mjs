// The editor side of `terminal/*`: commands run as real child processes, their output
// collected the way Zed's terminal panel would show it.
// https://agentclientprotocol.com/protocol/terminals
import { spawn } from "node:child_process";

const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

/** Keeps the last `limit` bytes of `text`, cut on a character boundary. */
function keepTail(text, limit) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= limit) return { text, truncated: false };
  let start = bytes.length - limit;
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++; // skip continuation bytes
  return { text: bytes.subarray(start).toString("utf8"), truncated: true };
}

class Terminal {
  constructor(id, params) {
    this.id = id;
    this.params = params;
    this.output = "";
    this.truncated = false;
    this.exitStatus = null;
    this.limit = params.outputByteLimit ?? DEFAULT_OUTPUT_LIMIT;
    const env = { ...process.env };
    for (const { name, value } of params.env ?? []) env[name] = value;
    // Without args the command is a shell line, as a user would type it in Zed's terminal.
    const [file, args] = params.args?.length
      ? [params.command, params.args]
      : ["/bin/sh", ["-c", params.command]];
    this.child = spawn(file, args, { cwd: params.cwd ?? process.cwd(), env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const append = (chunk) => {
      const { text, truncated } = keepTail(this.output + chunk.toString("utf8"), this.limit);
      this.output = text;
      this.truncated ||= truncated;
    };
    this.child.stdout.on("data", append);
    this.child.stderr.on("data", append);
    this.exited = new Promise((resolve) => {
      this.child.on("error", (e) => {
        append(`${e.message}\n`);
        this.exitStatus = { exitCode: 127, signal: null };
        resolve(this.exitStatus);
      });
      this.child.on("close", (code, signal) => {
        this.exitStatus ??= { exitCode: code, signal: signal ?? null };
        resolve(this.exitStatus);
      });
    });
  }

  kill() {
    if (this.exitStatus) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      this.child.kill("SIGKILL");
    }
  }
}

/** All terminals one client has created; tests read `created` to see what ran. */
export class TerminalHost {
  constructor() {
    this.terminals = new Map();
    this.created = [];
    this.nextId = 1;
  }

  get(id) {
    const terminal = this.terminals.get(id);
    if (!terminal) throw Object.assign(new Error(`unknown terminal ${id}`), { code: -32002 });
    return terminal;
  }

  create(params) {
    const id = `term-${this.nextId++}`;
    const terminal = new Terminal(id, params);
    this.terminals.set(id, terminal);
    this.created.push(terminal);
    return { terminalId: id };
  }

  output({ terminalId }) {
    const t = this.get(terminalId);
    return { output: t.output, truncated: t.truncated, exitStatus: t.exitStatus };
  }

  async waitForExit({ terminalId }) {
    return await this.get(terminalId).exited;
  }

  kill({ terminalId }) {
    this.get(terminalId).kill();
    return {};
  }

  release({ terminalId }) {
    const t = this.get(terminalId);
    t.kill();
    t.released = true;
    this.terminals.delete(terminalId);
    return {};
  }

  killAll() {
    for (const t of this.terminals.values()) t.kill();
  }
}
