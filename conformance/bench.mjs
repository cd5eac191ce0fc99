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
await figure("session/new with server-everything (stdio)", async () => {
  const { tether } = await timedStart();
  const t0 = performance.now();
  await tether.newSession({ mcpServers: [everythingStdio()] });
  const elapsed = performance.now() - t0;
  await tether.close();
  return ms(elapsed);
});
await figure("scripted turn with one MCP tool call", async () => {
  const dirs = makeTempDirs("tether-bench-");
  const file = path.join(dirs.root, "bench.jsonl");
  fs.writeFileSync(file, [
    JSON.stringify({ toolCalls: [{ name: "mcp__everything__echo", input: { message: "bench" } }] }),
    JSON.stringify({ text: "done", stop: "end_turn" }),
  ].join("\n"));
  const tether = await TetherClient.start({ script: file, dirs });
  await tether.initialize();
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  const t0 = performance.now();
  const { stopReason } = await tether.prompt(sessionId, "echo");
  const elapsed = performance.now() - t0;
  await tether.close();
  dirs.cleanup();
  return `${ms(elapsed)} (${stopReason})`;
});
process.exit(0);
