#!/usr/bin/env node
// Soak benchmark: one Tether process (bin/tether's JVM, options and cache, but with the attach
// mechanism on for jcmd: lib/attachable-jvm.mjs; scripted model), 10 sessions, 1,000 turns in
// all, each turn calling server-everything over stdio (one server per session) through the real
// ACP client. Every 50 turns it samples the JVM's heap after a full GC, its threads, descriptors
// and child processes; at the end it prints the samples, each series' slope and whether it is
// flat, then closes every session and compares with the post-initialize baseline.
// A benchmark: it prints figures and always exits 0.
//
//   node conformance/soak.mjs            (or scripts/bench --soak)
//   SOAK_SESSIONS=2 SOAK_TURNS=10 SOAK_EVERY=4 SOAK_WARMUP=8 SOAK_IDLE_MS=5000 node conformance/soak.mjs
//   (a quick try: sessions, turns per session, sample interval and warm-up in turns, the wait
//   after closing for idle JDK pools to shrink)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { attachableTetherCommand } from "./lib/attachable-jvm.mjs";
import { TetherClient, makeTempDirs } from "./lib/client.mjs";
import { everythingStdio } from "./lib/mcp-peers.mjs";
import { JvmProbe, liveBytes, treeBytes } from "./lib/jvm-probe.mjs";
import { soakScript, checkTurn } from "./lib/soak-script.mjs";
import { jdkOwn, printReport } from "./lib/soak-report.mjs";

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 10);
const TURNS_PER_SESSION = Number(process.env.SOAK_TURNS ?? 100);
const EVERY = Number(process.env.SOAK_EVERY ?? 50);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 100);
const SETTLE_MS = 250;
/** Idle pools (process reapers, the common pool) let their threads go after 60 s. */
const IDLE_AFTER_CLOSE_MS = Number(process.env.SOAK_IDLE_MS ?? 75_000);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function sample(probe, dirs, label, turns, extra = {}) {
  await sleep(SETTLE_MS);
  const { heap, metaspace } = await probe.heapAfterGc();
  const histogram = await probe.classHistogram();
  const java = await probe.javaThreads();
  const fds = probe.descriptors();
  return {
    label, turns, heap, liveHeap: liveBytes(histogram), metaspace,
    osThreads: probe.osThreads(), javaThreads: java.count,
    ownThreads: java.count == null ? null : java.names.filter((n) => !jdkOwn(n)).length,
    fds: fds.count, children: probe.children(), stateBytes: treeBytes(dirs.state),
    histogram, threadNames: java.names, osThreadNames: probe.osThreadNames(), fdTargets: fds.targets,
    ...extra,
  };
}

async function main() {
  const dirs = makeTempDirs("tether-soak-");
  const script = path.join(dirs.root, "soak.jsonl");
  fs.writeFileSync(script, soakScript(TURNS_PER_SESSION));

  // jcmd needs the attach mechanism, which bin/tether turns off.
  const command = attachableTetherCommand();
  // The first start after a build creates the start-up cache in a training run; keep that out.
  const warm = await TetherClient.start({ script, dirs, ...command });
  try {
    await warm.initialize();
  } finally {
    await warm.close();
  }

  const tether = await TetherClient.start({ script, dirs, ...command });
  const probe = new JvmProbe(tether.child.pid);
  const started = performance.now();
  try {
    await tether.initialize();
    await probe.heapAfterGc(); // the first attach starts the JVM's attach listener: part of the baseline
    const baseline = await sample(probe, dirs, "after initialize", null);

    const sessions = [];
    for (let s = 0; s < SESSIONS; s++) {
      const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
      sessions.push(sessionId);
    }
    const samples = [];
    const problems = [];
    let turns = 0;
    let windowTimes = [];
    for (let round = 0; round < TURNS_PER_SESSION; round++) {
      // Every session has a turn in flight at once; one round is one turn of each session.
      const times = await Promise.all(sessions.map(async (sessionId) => {
        const from = tether.timeline(sessionId).length;
        const t0 = performance.now();
        const { stopReason } = await tether.prompt(sessionId, `turn ${round}`, 60_000);
        const elapsed = performance.now() - t0;
        const problem = checkTurn(round, stopReason, tether.timeline(sessionId).slice(from));
        if (problem) problems.push(`session ${sessions.indexOf(sessionId)} turn ${round}: ${problem}`);
        return elapsed;
      }));
      windowTimes.push(...times);
      const before = turns;
      turns += sessions.length;
      if (Math.floor(turns / EVERY) > Math.floor(before / EVERY) || round === TURNS_PER_SESSION - 1) {
        windowTimes.sort((a, b) => a - b);
        const median = windowTimes[Math.floor(windowTimes.length / 2)];
        windowTimes = [];
        samples.push(await sample(probe, dirs, `${turns} turns`, turns, { medianTurnMs: median }));
        process.stderr.write(`soak: ${turns} turns, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      }
    }

    for (const sessionId of sessions) await tether.request("session/close", { sessionId });
    // Closing ends each session's server; note how long the processes take to be gone.
    const closedAt = Date.now();
    while (Date.now() - closedAt < 10_000 && probe.children() > baseline.children) await sleep(50);
    const reaped = Date.now() - closedAt;
    await sleep(1000);
    const closed = await sample(probe, dirs, `all sessions closed (servers gone ${reaped} ms after the last close)`, null);
    const idleFrom = Date.now();
    while (Date.now() - idleFrom < IDLE_AFTER_CLOSE_MS && probe.osThreads() > baseline.osThreads) await sleep(2000);
    const idle = await sample(probe, dirs, `closed, then idle ${((Date.now() - idleFrom) / 1000).toFixed(0)} s`, null);

    printReport({
      sessions: SESSIONS, turnsPerSession: TURNS_PER_SESSION, every: EVERY, warmup: WARMUP,
      baseline, samples, closed, idle, problems, notes: probe.notes(),
      wire: tether.wireReport(),
      executable: probe.executable(), cores: os.availableParallelism(),
      seconds: (performance.now() - started) / 1000,
    });
  } finally {
    await tether.close();
    dirs.cleanup();
  }
}

try {
  await main();
} catch (e) {
  console.log(`soak: n/a (${e.message.split("\n")[0]})`);
}
process.exit(0);
