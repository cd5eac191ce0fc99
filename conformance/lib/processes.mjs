// The process table, as tests that check for orphaned MCP servers need it.
import fs from "node:fs";

/** Pids of every live descendant of `pid` (zombies count as gone). */
export function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, state, ppid] = /\) (\S) (\d+)/.exec(stat) ?? [];
      if (state === "Z") continue;
      const list = children.get(Number(ppid)) ?? [];
      list.push(Number(entry));
      children.set(Number(ppid), list);
    } catch {
      // the process ended while we looked
    }
  }
  const out = [];
  const walk = (p) => (children.get(p) ?? []).forEach((c) => { out.push(c); walk(c); });
  walk(pid);
  return out;
}

/** Whether `pid` is running (a zombie is not). */
export function alive(pid) {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The command line of `pid`, or "" when it is gone. */
export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}
