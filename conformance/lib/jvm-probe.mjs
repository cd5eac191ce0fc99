// Resource figures of a running JVM (Tether's own, by pid), for the soak benchmark: heap after a
// full GC and metaspace through the matching JDK's jcmd, and OS threads, descriptors and child
// processes through /proc. Linux-only where it reads /proc; each figure is null when unavailable.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { descendants } from "./processes.mjs";

const HAS_PROC = fs.existsSync("/proc/self/status");

function run(command, args, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(command)} ${args.slice(1).join(" ")}: ${(stderr || error.message).trim().split("\n")[0]}`));
      else resolve(stdout);
    });
  });
}

/**
 * Probes one JVM. The jcmd used is the one beside the process's own `java` (read from
 * /proc/<pid>/exe), so the JVM measured and the tool always match; `JCMD` overrides it.
 */
export class JvmProbe {
  constructor(pid) {
    this.pid = pid;
    this.jcmd = process.env.JCMD || JvmProbe.jcmdBeside(pid);
  }

  static jcmdBeside(pid) {
    try {
      const java = fs.readlinkSync(`/proc/${pid}/exe`);
      const jcmd = path.join(path.dirname(java), "jcmd");
      return fs.existsSync(jcmd) ? jcmd : null;
    } catch {
      return null;
    }
  }

  /** What this machine can measure, as lines for the report. */
  notes() {
    const notes = [];
    if (!HAS_PROC) notes.push("no /proc: OS threads, descriptors and child processes are not sampled");
    if (!this.jcmd) notes.push("no jcmd beside the JVM (set JCMD): heap, metaspace and Java threads are not sampled");
    return notes;
  }

  /** The executable of the measured process (to show that the launcher's JVM is the one measured). */
  executable() {
    try {
      return fs.readlinkSync(`/proc/${this.pid}/exe`);
    } catch {
      return "unknown";
    }
  }

  /** Heap used after a full GC, and metaspace used, in bytes. */
  async heapAfterGc() {
    if (!this.jcmd) return { heap: null, metaspace: null };
    await run(this.jcmd, [String(this.pid), "GC.run"]);
    const { heap } = parseHeapInfo(await run(this.jcmd, [String(this.pid), "GC.heap_info"]));
    const meta = /Metaspace\s+used\s+(\d+)K/.exec(await run(this.jcmd, [String(this.pid), "VM.metaspace", "basic"]));
    return { heap, metaspace: meta ? Number(meta[1]) * 1024 : null };
  }

  /**
   * Live objects by class after a full GC: name → {instances, bytes}; empty without jcmd. The
   * serial collector may leave up to 5 % of a generation as dead "filler" objects rather than
   * move live ones, which `GC.heap_info` counts as used; `liveBytes` leaves them out.
   */
  async classHistogram() {
    const classes = new Map();
    if (!this.jcmd) return classes;
    for (const line of (await run(this.jcmd, [String(this.pid), "GC.class_histogram"])).split("\n")) {
      const m = /^\s*\d+:\s+(\d+)\s+(\d+)\s+(\S+)/.exec(line);
      if (m) classes.set(m[3], { instances: Number(m[1]), bytes: Number(m[2]) });
    }
    return classes;
  }

  /**
   * Java threads, platform and virtual: the thread containers of a JSON thread dump (virtual
   * threads do not show in the OS count). Also returns the names, for a diff when a count moves.
   */
  async javaThreads() {
    if (!this.jcmd) return { count: null, names: [] };
    const file = path.join(os.tmpdir(), `tether-soak-threads-${this.pid}-${process.pid}.json`);
    try {
      await run(this.jcmd, [String(this.pid), "Thread.dump_to_file", "-overwrite", "-format=json", file]);
      const dump = JSON.parse(fs.readFileSync(file, "utf8")).threadDump;
      let count = 0;
      const names = [];
      for (const container of dump.threadContainers) {
        count += container.threads.length;
        for (const t of container.threads) names.push(t.name || `(unnamed in ${container.container.split("/")[0]})`);
      }
      return { count, names };
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  /** OS threads of the process (/proc/<pid>/status). */
  osThreads() {
    if (!HAS_PROC) return null;
    return Number(/Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${this.pid}/status`, "utf8"))?.[1]);
  }

  /** The OS threads' names (/proc/<pid>/task/<tid>/comm, cut to 15 bytes by the kernel). */
  osThreadNames() {
    if (!HAS_PROC) return [];
    const names = [];
    for (const tid of fs.readdirSync(`/proc/${this.pid}/task`)) {
      try {
        names.push(fs.readFileSync(`/proc/${this.pid}/task/${tid}/comm`, "utf8").trim());
      } catch {
        // ended while we looked
      }
    }
    return names;
  }

  /** Open file descriptors (/proc/<pid>/fd), with what each points at, for a diff. */
  descriptors() {
    if (!HAS_PROC) return { count: null, targets: [] };
    const targets = [];
    for (const fd of fs.readdirSync(`/proc/${this.pid}/fd`)) {
      try {
        targets.push(fs.readlinkSync(`/proc/${this.pid}/fd/${fd}`).replace(/\[\d+\]$/, ""));
      } catch {
        // closed while we looked
      }
    }
    return { count: targets.length, targets };
  }

  /** Live descendants of the process (MCP servers and anything they started). */
  children() {
    return HAS_PROC ? descendants(this.pid).length : null;
  }
}

/** Sums the generations' "used" of `GC.heap_info` (Serial, Parallel, G1). */
export function parseHeapInfo(text) {
  let heap = 0;
  let found = false;
  for (const line of text.split("\n")) {
    // One line per generation or heap, e.g. "DefNew total 116224K, used 0K" or "garbage-first
    // heap total reserved 4194304K, committed 264192K, used 12345K"; their spaces are not counted.
    const generation = /\btotal\b.*?\bused\s+(\d+)K/.exec(line);
    if (generation && !/Metaspace|class space/.test(line)) {
      heap += Number(generation[1]) * 1024;
      found = true;
    }
  }
  return { heap: found ? heap : null };
}

/** Bytes of a histogram's objects without the collector's fillers (dead wood). */
export function liveBytes(histogram) {
  let total = 0;
  for (const [name, { bytes }] of histogram) if (!/^\[?L?jdk\.internal\.vm\.Filler/.test(name)) total += bytes;
  return histogram.size ? total : null;
}

/** Bytes in a directory tree (transcripts and artifacts on disk). */
export function treeBytes(dir) {
  let total = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) total += fs.statSync(p).size;
    }
  };
  try {
    walk(dir);
  } catch {
    // removed while we looked
  }
  return total;
}
