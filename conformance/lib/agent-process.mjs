// The spawned Tether process: its temp folders, environment, stdio as web streams, the tail
// of its stderr, and how it is stopped. Knows nothing of ACP.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tetherCommand } from "./paths.mjs";

const STDERR_KEEP = 256 * 1024;

/** Temp folders for one agent: a workspace and Tether's own state and config. */
export function makeTempDirs(prefix = "tether-e2e-") {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const dirs = { root, workspace: path.join(root, "workspace"), state: path.join(root, "state"), config: path.join(root, "config") };
  for (const dir of [dirs.workspace, dirs.state, dirs.config]) fs.mkdirSync(dir, { recursive: true });
  dirs.cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  return dirs;
}

/**
 * Starts Tether at once. Options: command/args (default `TETHER_CMD` or bin/tether), extraArgs,
 * script (scripted model file), env (added to the environment), dirs (from makeTempDirs; made
 * if absent), cwd, stderrFile.
 */
export class AgentProcess {
  constructor(options) {
    const base = tetherCommand();
    this.command = options.command ?? base.command;
    this.args = [...(options.args ?? base.args), ...(options.extraArgs ?? [])];
    this.ownsDirs = !options.dirs;
    this.dirs = options.dirs ?? makeTempDirs();
    this.stderrChunks = [];
    this.stderrBytes = 0;
    this.stderrFile = options.stderrFile ? fs.createWriteStream(options.stderrFile) : null;

    const env = {
      ...process.env,
      XDG_STATE_HOME: this.dirs.state,
      XDG_CONFIG_HOME: this.dirs.config,
      XDG_CACHE_HOME: path.join(this.dirs.root, "cache"),
      XDG_DATA_HOME: path.join(this.dirs.root, "data"),
      // Tests never read the machine's real managed settings (/etc/tether/...).
      TETHER_MANAGED_SETTINGS: path.join(this.dirs.root, "managed-settings.json"),
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

  stderrTail(lines = 30) {
    const all = this.stderr().trimEnd().split("\n");
    return `--- Tether stderr (last ${lines} lines) ---\n${all.slice(-lines).join("\n")}`;
  }

  /**
   * stdout and stdin as the web streams the SDK reads and writes; `onRead(chunk)` and
   * `onReadEnd()` see stdout's bytes first, `onWrite(chunk)` sees each chunk before it is written.
   */
  streams({ onRead, onReadEnd, onWrite }) {
    const { child } = this;
    const readable = new ReadableStream({
      start(controller) {
        child.stdout.on("data", (chunk) => {
          onRead(chunk);
          controller.enqueue(new Uint8Array(chunk));
        });
        child.stdout.on("end", () => {
          onReadEnd();
          controller.close();
        });
      },
    });
    const writable = new WritableStream({
      write: (chunk) => {
        onWrite(chunk);
        return new Promise((resolve) => child.stdin.write(chunk, () => resolve()));
      },
      close: () => child.stdin.end(),
    });
    return { readable, writable };
  }

  /** Writes one raw line (a newline is added) to stdin. */
  writeLine(line) {
    return new Promise((resolve) => this.child.stdin.write(`${line}\n`, () => resolve()));
  }

  /** Ends stdin and waits for the exit (SIGKILL to the group after `timeoutMs`); the group is killed either way. */
  async stop(timeoutMs) {
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
    return result;
  }

  /** Releases what stop() leaves: the stderr copy and the temp folders this process made. */
  dispose() {
    this.stderrFile?.end();
    if (this.ownsDirs) this.dirs.cleanup();
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
