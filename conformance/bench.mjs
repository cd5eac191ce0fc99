#!/usr/bin/env node
// Start-up and turn figures for Tether. Prints numbers; never fails (exit 0 always).
import fs from "node:fs";
import path from "node:path";
import { TetherClient, makeTempDirs } from "./lib/client.mjs";
import { everythingStdio } from "./lib/mcp-peers.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ms = (n) => `${n.toFixed(0)} ms`;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${ms(s[Math.floor(s.length / 2)])}, range ${ms(s[0])}–${ms(s[s.length - 1])} (n=${s.length})`;
};

async function timedStart(env = {}) {
  const started = performance.now();
  const tether = await TetherClient.start({ env });
  await tether.initialize();
  const elapsed = performance.now() - started;
  return { tether, elapsed };
}

async function spawnToInitialize(env) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { tether, elapsed } = await timedStart(env);
    times.push(elapsed);
    await tether.close();
  }
  return stats(times);
}

function rssKiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

async function figure(label, fn) {
  try {
    console.log(`${label}: ${await fn()}`);
  } catch (e) {
    console.log(`${label}: n/a (${e.message.split("\n")[0]})`);
  }
}

await figure("warm-up (creates the start-up cache)", async () => ms((await timedStart().then(async (r) => (await r.tether.close(), r))).elapsed));
await figure("spawn → initialize, with cache", () => spawnToInitialize({}));
await figure("spawn → initialize, no cache", () => spawnToInitialize({ TETHER_NO_CACHE: "1" }));
await figure("idle RSS after initialize", async () => {
  const { tether } = await timedStart();
  await new Promise((r) => setTimeout(r, 500));
  const kib = rssKiB(tether.child.pid);
  await tether.close();
  return `${(kib / 1024).toFixed(1)} MiB`;
});
function scriptFile(dirs, lines) {
  const file = path.join(dirs.root, "bench.jsonl");
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n"));
  return file;
}

await figure("session/new with server-everything (stdio)", async () => {
  const dirs = makeTempDirs("tether-bench-");
  const script = scriptFile(dirs, [{ text: "unused" }]);
  const { tether } = await (async () => {
    const tether = await TetherClient.start({ script, dirs });
    await tether.initialize();
    return { tether };
  })();
  const times = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await tether.newSession({ mcpServers: [everythingStdio()] });
    times.push(performance.now() - t0);
  }
  await tether.close();
  dirs.cleanup();
  return stats(times);
});

await figure("scripted turns (trivial; one MCP tool call, first and warm)", async () => {
  const dirs = makeTempDirs("tether-bench-");
  const echo = { toolCalls: [{ name: "mcp__everything__echo", input: { message: "bench" } }] };
  const done = { text: "done", stop: "end_turn" };
  const script = scriptFile(dirs, [done, echo, done, echo, done]);
  const tether = await TetherClient.start({ script, dirs });
  await tether.initialize();
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  const timed = async (text) => {
    const t0 = performance.now();
    const { stopReason } = await tether.prompt(sessionId, text);
    return `${ms(performance.now() - t0)} (${stopReason})`;
  };
  // The first turn also waits at the catalog barrier for server-everything to start.
  const trivial = await timed("hello");
  const first = await timed("echo");
  const warm = await timed("echo again");
  await tether.close();
  dirs.cleanup();
  return `trivial (incl. MCP start-up) ${trivial}; tool call ${first}; warm tool call ${warm}`;
});
process.exit(0);
