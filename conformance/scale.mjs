#!/usr/bin/env node
// Scale in one process: one Tether (bin/tether, scripted model) with 50 sessions × 3 stdio MCP
// servers (fixtures/echo-mcp-server.py, a real MCP peer light enough for 150 of them). Every turn
// is one model step with an MCP echo call and one closing step whose `expect` checks that the
// echo's result reached the model. It measures the turn time (the whole loop through the ACP
// client: prompt → model → MCP call → model → stop) in three phases:
//   single      one session open (3 servers), its turns one after another, at the start and
//               again once the others are closed (the warm reference the ratios use)
//   one-by-one  all 50 sessions open (150 servers), turns one after another, round robin
//   all-at-once all 50 sessions with a turn in flight at the same time, round after round
// and prints p50/p95/p99 of each, the process's CPU time per turn, RSS, OS threads, open
// descriptors and child processes with everything open and after every session is closed.
// A benchmark: it prints figures and always exits 0.
//
//   node conformance/scale.mjs     (or scripts/bench --scale; after scripts/build and npm ci)
//   SCALE_SESSIONS=50 SCALE_SERVERS=3 SCALE_TURNS=100 (turns per phase for single / one-by-one)
//   SCALE_ROUNDS=10 (rounds of the all-at-once phase), SCALE_WARMUP=50 (turns of the first session
//   before anything is measured), SCALE_IDLE_MS=75000 (how long to wait after closing for idle
//   JDK threads to end)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { TetherClient, makeTempDirs } from "./lib/client.mjs";
import { JvmProbe } from "./lib/jvm-probe.mjs";
import { FIXTURES } from "./lib/testing.mjs";

const SESSIONS = Number(process.env.SCALE_SESSIONS ?? 50);
const SERVERS = Number(process.env.SCALE_SERVERS ?? 3);
const TURNS = Number(process.env.SCALE_TURNS ?? 100);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 10);
const WARMUP = Number(process.env.SCALE_WARMUP ?? 50);
/** The JDK's idle process reapers and carrier threads end after 60 s; wait that long for them after closing. */
const IDLE_MS = Number(process.env.SCALE_IDLE_MS ?? 75_000);
const TICK_MS = 10; // USER_HZ

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The real interpreter (not a version manager's shim, which would add its own start-up to each server). */
function python() {
  return execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
}

function servers(py, session) {
  return Array.from({ length: SERVERS }, (_, i) => ({
    name: `s${i}`, command: py, args: [path.join(FIXTURES, "echo-mcp-server.py")],
    env: [{ name: "ECHO_NAME", value: `session ${session} server ${i}` }],
  }));
}

/** Every session plays the same script with its own cursor: turn i calls server i mod SERVERS. */
function script(turns) {
  const lines = [];
  for (let i = 0; i < turns; i++) {
    lines.push({ toolCalls: [{ name: `mcp__s${i % SERVERS}__echo`, input: { text: `scale turn ${i}.` } }] });
    lines.push({ text: `turn ${i} done`, stop: "end_turn", expect: { toolResultContains: `scale turn ${i}.` } });
  }
  return `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
}

function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

function percentiles(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1], n: s.length };
}

async function main() {
  const dirs = makeTempDirs("tether-scale-");
  const scriptFile = path.join(dirs.root, "scale.jsonl");
  const turnsPerSession = 3 * TURNS + ROUNDS + WARMUP + 2;
  fs.writeFileSync(scriptFile, script(turnsPerSession));
  const py = python();
  const tether = await TetherClient.start({ script: scriptFile, dirs });
  const probe = new JvmProbe(tether.child.pid);
  const pid = tether.child.pid;
  const cursor = new Map();
  const problems = [];

  async function turn(sessionId) {
    const i = cursor.get(sessionId);
    cursor.set(sessionId, i + 1);
    const t0 = performance.now();
    const { stopReason } = await tether.prompt(sessionId, `turn ${i}`, 120_000);
    const elapsed = performance.now() - t0;
    const text = tether.timeline(sessionId).filter((e) => e.type === "update" && e.update.sessionUpdate === "agent_message_chunk")
      .map((e) => e.update.content?.text ?? "").join("");
    if (stopReason !== "end_turn" || !text.endsWith(`turn ${i} done`)) {
      problems.push(`turn ${i}: ${stopReason}, ${JSON.stringify(text.slice(-80))}`);
    }
    return elapsed;
  }

  async function open(s) {
    const { sessionId } = await tether.newSession({ mcpServers: servers(py, s) });
    cursor.set(sessionId, 0);
    await turn(sessionId); // the first turn waits at the catalog barrier for the session's servers
    return sessionId;
  }

  function state(label) {
    return { label, rss: rssMiB(pid), threads: probe.osThreads(), fds: probe.descriptors().count, children: probe.children() };
  }

  async function phase(name, body) {
    const cpu0 = cpuMs(pid);
    const w0 = performance.now();
    const times = await body();
    return { name, ...percentiles(times), cpuPerTurn: (cpuMs(pid) - cpu0) / times.length,
      wallPerTurn: (performance.now() - w0) / times.length };
  }

  try {
    await tether.initialize();
    const baseline = state("after initialize");
    const sessions = [await open(0)];
    for (let i = 0; i < WARMUP; i++) await turn(sessions[0]); // the JIT has seen whole turns before any is measured
    const phases = [];
    phases.push(await phase("single session (3 servers), turns one after another", async () => {
      const times = [];
      for (let i = 0; i < TURNS; i++) times.push(await turn(sessions[0]));
      return times;
    }));
    const opened = performance.now();
    for (let s = 1; s < SESSIONS; s++) sessions.push(await open(s));
    const openMs = performance.now() - opened;
    const loaded = state(`${SESSIONS} sessions open`);
    phases.push(await phase(`${SESSIONS} sessions open (${SESSIONS * SERVERS} servers), turns one after another`, async () => {
      const times = [];
      for (let i = 0; i < TURNS; i++) times.push(await turn(sessions[i % sessions.length]));
      return times;
    }));
    phases.push(await phase(`${SESSIONS} sessions, a turn in flight in every one at once (${ROUNDS} rounds)`, async () => {
      const times = [];
      for (let r = 0; r < ROUNDS; r++) times.push(...await Promise.all(sessions.map((id) => turn(id))));
      return times;
    }));
    const busy = state("after the all-at-once rounds");
    // The first single-session phase may still run partly interpreted; this one is as warm as the rest.
    for (const sessionId of sessions.slice(1)) await tether.request("session/close", { sessionId });
    phases.push(await phase(`single session again, the ${SESSIONS - 1} others closed (the warm reference)`, async () => {
      const times = [];
      for (let i = 0; i < TURNS; i++) times.push(await turn(sessions[0]));
      return times;
    }));
    await tether.request("session/close", { sessionId: sessions[0] });
    const closedAt = Date.now();
    while (Date.now() - closedAt < 15_000 && probe.children() > baseline.children) await sleep(100);
    const reapedMs = Date.now() - closedAt;
    await sleep(1000);
    const closed = state(`all closed (servers gone ${reapedMs} ms after the last close)`);
    const idleFrom = Date.now();
    while (Date.now() - idleFrom < IDLE_MS && probe.osThreads() > baseline.threads) await sleep(2000);
    const idle = state(`closed, then idle ${((Date.now() - idleFrom) / 1000).toFixed(0)} s`);
    const extra = probe.osThreadNames();

    const f = (n) => n.toFixed(1);
    console.log(`scale: ${SESSIONS} sessions × ${SERVERS} stdio MCP servers, one Tether process (pid ${pid}),`
      + ` ${SESSIONS - 1} more sessions opened in ${(openMs / 1000).toFixed(1)} s (each with its first turn)`);
    console.log("| phase | turns | p50 ms | p95 ms | p99 ms | max ms | CPU ms per turn | wall ms per turn |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const p of phases) {
      console.log(`| ${p.name} | ${p.n} | ${f(p.p50)} | ${f(p.p95)} | ${f(p.p99)} | ${f(p.max)} | ${f(p.cpuPerTurn)} | ${f(p.wallPerTurn)} |`);
    }
    const ref = phases[phases.length - 1];
    for (const p of phases.slice(0, -1)) {
      console.log(`${p.name}: p99 ${(p.p99 / ref.p99).toFixed(2)}× the warm single session's, p50 ${(p.p50 / ref.p50).toFixed(2)}×`);
    }
    console.log("| state | RSS MiB | OS threads | fds | child processes |");
    console.log("|---|---|---|---|---|");
    for (const s of [baseline, loaded, busy, closed, idle]) {
      console.log(`| ${s.label} | ${f(s.rss)} | ${s.threads} | ${s.fds} | ${s.children} |`);
    }
    if (idle.threads > baseline.threads) {
      const counts = new Map();
      for (const n of extra) counts.set(n.replace(/\d+/g, "#"), (counts.get(n.replace(/\d+/g, "#")) ?? 0) + 1);
      console.log(`every thread alive after the idle wait (digits as #): ${[...counts].map(([n, c]) => `${n} ×${c}`).join(", ")}`);
    }
    console.log(problems.length === 0 ? "every turn ended end_turn with its echo result seen by the model"
      : `${problems.length} turns went wrong; first: ${problems.slice(0, 5).join("; ")}`);
  } finally {
    await tether.close();
    dirs.cleanup();
  }
}

try {
  await main();
} catch (e) {
  console.log(`scale: n/a (${e.message.split("\n")[0]})`);
}
process.exit(0);
