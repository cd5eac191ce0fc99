#!/usr/bin/env node
// Cold session/new of two or more Tether builds, interleaved run by run (a loaded machine drifts;
// interleaving keeps the comparison fair). Each run: a fresh process, initialize, session/new
// (without MCP, or with server-everything over stdio), then the first "say hello" turn with the
// scripted model. Prints, per build: wall time of session/new and of the first turn (median, min)
// and the agent's CPU time (user + system, all threads) spent between the initialize answer and
// the session/new answer. A benchmark: it prints figures and always exits 0.
//
//   node conformance/bench-session-new.mjs [<bin/tether of a build> ...]   (default: this tree's)
//   BENCH_RUNS=8 (runs per build and case)
import fs from "node:fs";
import path from "node:path";
import { TetherClient, makeTempDirs } from "./lib/client.mjs";
import { everythingStdio } from "./lib/mcp-peers.mjs";
import { REPO_ROOT } from "./lib/paths.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const builds = process.argv.length > 2 ? process.argv.slice(2) : [path.join(REPO_ROOT, "bin", "tether")];
const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}

async function once(command, mcpServers) {
  const dirs = makeTempDirs("tether-bench-");
  const script = path.join(dirs.root, "bench.jsonl");
  fs.writeFileSync(script, JSON.stringify({ text: "hello", stop: "end_turn" }));
  const tether = await TetherClient.start({ command, script, dirs });
  try {
    await tether.initialize();
    const cpu0 = cpuMs(tether.child.pid);
    const t0 = performance.now();
    const { sessionId } = await tether.newSession({ mcpServers });
    const created = performance.now() - t0;
    const cpu = cpuMs(tether.child.pid) - cpu0;
    const t1 = performance.now();
    await tether.prompt(sessionId, "say hello");
    return { created, cpu, first: performance.now() - t1 };
  } finally {
    await tether.close();
    dirs.cleanup();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const min = (xs) => Math.min(...xs);
const f = (n) => `${n.toFixed(0)}`;

for (const [label, servers] of [["no MCP", []], ["server-everything", [everythingStdio()]]]) {
  const results = builds.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    // Alternate the order so neither build always runs right after the other.
    const order = builds.map((_, b) => b);
    if (i % 2 === 1) order.reverse();
    for (const b of order) {
      try {
        results[b].push(await once(builds[b], servers));
      } catch (e) {
        console.log(`${builds[b]} (${label}): run failed: ${e.message.split("\n")[0]}`);
      }
    }
  }
  for (const [b, rs] of results.entries()) {
    if (rs.length === 0) continue;
    const pick = (k) => rs.map((r) => r[k]);
    console.log(`${label} | ${builds[b]} | session/new median ${f(median(pick("created")))} ms (min ${f(min(pick("created")))})`
      + ` | CPU init→answer median ${f(median(pick("cpu")))} ms (min ${f(min(pick("cpu")))})`
      + ` | first turn median ${f(median(pick("first")))} ms (min ${f(min(pick("first")))}) | n=${rs.length}`);
  }
}
process.exit(0);
