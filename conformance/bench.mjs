#!/usr/bin/env node
// Start-up and turn figures for Tether. Prints numbers; never fails (exit 0 always).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TetherClient, makeTempDirs } from "./lib/client.mjs";
import { everythingStdio } from "./lib/mcp-peers.mjs";
import { REPO_ROOT } from "./lib/paths.mjs";

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

// The start-up cache comes from scripts/build (trained there); no run here records one.
await figure("spawn → initialize, with the trained cache", () => spawnToInitialize({}));
await figure("spawn → initialize, no cache", () => spawnToInitialize({ TETHER_NO_CACHE: "1" }));
// The npm package as users install it (scripts/bench packs it first: scripts/package --npm), against
// its own bin/tether started directly and its JVM started with no shell at all: the difference is
// what npm's link and the launcher cost. Runs interleaved, after one start that leaves the note.
async function npmStarts() {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "npm");
  const tarballs = fs.existsSync(dist) ? fs.readdirSync(dist).filter((f) => f.endsWith(".tgz")).map((f) => path.join(dist, f)) : [];
  if (tarballs.length < 2) throw new Error("no npm tarballs in dist/npm (scripts/package --npm)");
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "tether-bench-npm-"));
  try {
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--cache", path.join(prefix, ".npm-cache"), "--prefix", prefix, ...tarballs],
      { stdio: ["ignore", "ignore", "pipe"] });
    const pkg = path.join(prefix, "node_modules", "tether-acp");
    const variants = {
      "npm bin (node_modules/.bin link)": { command: path.join(prefix, "node_modules", ".bin", "tether-acp"), args: [] },
      "the package's bin/tether": { command: path.join(pkg, "bin", "tether"), args: [] },
    };
    const first = await TetherClient.start(variants["npm bin (node_modules/.bin link)"]);
    await first.initialize();
    await first.close();
    const [java, cache] = fs.readFileSync(path.join(pkg, "lib", "tether-launch.txt"), "utf8").split("\n").map((p) => path.resolve(pkg, "lib", p));
    variants["its JVM, no shell"] = { command: java, args: [`@${path.join(pkg, "bin", "jvm.args")}`, `-XX:AOTCache=${cache}`, "-XX:+UnlockDiagnosticVMOptions",
      "-XX:-AOTReplayTraining", "-cp", path.join(pkg, "lib", "tether.jar"), "dev.tether.cli.Main"] };
    const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const [name, options] of Object.entries(variants)) {
        const started = performance.now();
        const tether = await TetherClient.start(options);
        await tether.initialize();
        times[name].push(performance.now() - started);
        await tether.close();
      }
    }
    return Object.entries(times).map(([name, xs]) => `${name} ${stats(xs)}`).join("; ");
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}
await figure("spawn → initialize, installed npm package", npmStarts);
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

/**
 * What a user feels on opening the agent panel, each run in a fresh process (cold spawn, as an
 * editor does): spawn → initialize, session/new (with or without an MCP server), the first
 * turn ("say hello", the scripted model answering at once; with MCP it waits for the server).
 */
async function coldSession(mcpServers) {
  const init = [], created = [], first = [];
  for (let i = 0; i < Math.max(5, RUNS / 2); i++) {
    const dirs = makeTempDirs("tether-bench-");
    const script = scriptFile(dirs, [{ text: "hello", stop: "end_turn" }]);
    const t0 = performance.now();
    const tether = await TetherClient.start({ script, dirs });
    await tether.initialize();
    const t1 = performance.now();
    const { sessionId } = await tether.newSession({ mcpServers });
    const t2 = performance.now();
    await tether.prompt(sessionId, "say hello");
    first.push(performance.now() - t2);
    init.push(t1 - t0);
    created.push(t2 - t1);
    await tether.close();
    dirs.cleanup();
  }
  return `initialize ${stats(init)}; session/new ${stats(created)}; first turn ${stats(first)}`;
}

await figure("cold process, no MCP", () => coldSession([]));
await figure("cold process, server-everything over stdio", () => coldSession([everythingStdio()]));

/**
 * `tether exec` for a one-line answer (spawn to exit, the process's whole life) beside the same
 * over ACP (spawn → initialize → session/new → one turn answered), each run a fresh process.
 */
async function execBesideAcp() {
  const viaExec = [], viaAcp = [];
  for (let i = 0; i < Math.max(5, RUNS / 2); i++) {
    const dirs = makeTempDirs("tether-bench-");
    const script = scriptFile(dirs, [{ text: "hello", stop: "end_turn" }]);
    const env = { ...process.env, XDG_STATE_HOME: dirs.state, XDG_CONFIG_HOME: dirs.config, HOME: dirs.root,
      XDG_CACHE_HOME: path.join(dirs.root, "cache"), TETHER_MANAGED_SETTINGS: path.join(dirs.root, "managed-settings.json"),
      TETHER_PROVIDER: "scripted", TETHER_SCRIPT: script };
    const t0 = performance.now();
    const out = execFileSync(path.join(REPO_ROOT, "bin", "tether"), ["exec", "say hello"], { cwd: dirs.workspace, env, stdio: ["ignore", "pipe", "ignore"] });
    viaExec.push(performance.now() - t0);
    if (out.toString() !== "hello\n") throw new Error(`tether exec answered ${JSON.stringify(out.toString())}`);
    const t1 = performance.now();
    const tether = await TetherClient.start({ script, dirs });
    await tether.initialize();
    const { sessionId } = await tether.newSession({ mcpServers: [] });
    await tether.prompt(sessionId, "say hello");
    viaAcp.push(performance.now() - t1);
    await tether.close();
    dirs.cleanup();
  }
  return `tether exec (spawn → exit) ${stats(viaExec)}; over ACP (spawn → initialize → session/new → turn) ${stats(viaAcp)}`;
}
await figure("one-line answer: tether exec beside ACP", execBesideAcp);

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

// --- MCP runtime figures (issue "MCP runtime core") ---
import { spawn } from "node:child_process";
import readline from "node:readline";
import { FIXTURES } from "./lib/testing.mjs";

const chaosEntry = (name) => ({ name, command: process.execPath, args: [path.join(FIXTURES, "chaos-mcp-server.mjs")],
  env: [{ name: "CHAOS_NAME", value: name }] });

/** A chaos server driven directly: its own start-up time and its own echo round trip. */
async function directChaos(calls) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(FIXTURES, "chaos-mcp-server.mjs")], { stdio: ["pipe", "pipe", "ignore"] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = new Map();
  lines.on("line", (l) => { const m = JSON.parse(l); waiting.get(m.id)?.(m); });
  let id = 0;
  const rpc = (method, params) => new Promise((resolve) => {
    const n = ++id;
    waiting.set(n, resolve);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: n, method, params })}\n`);
  });
  await rpc("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
  const startup = performance.now() - t0;
  const times = [];
  for (let i = 0; i < calls; i++) {
    const c0 = performance.now();
    await rpc("tools/call", { name: "echo", arguments: { text: "x" } });
    times.push(performance.now() - c0);
  }
  child.kill("SIGKILL");
  times.sort((a, b) => a - b);
  return { startup, echo: times[Math.floor(times.length / 2)] };
}

async function readyTime(count) {
  const dirs = makeTempDirs("tether-bench-");
  const script = scriptFile(dirs, [{ text: "ready" }]);
  const tether = await TetherClient.start({ script, dirs });
  await tether.initialize();
  const servers = Array.from({ length: count }, (_, i) => chaosEntry(`s${i}`));
  const t0 = performance.now();
  const { sessionId } = await tether.newSession({ mcpServers: servers });
  await tether.prompt(sessionId, "hi"); // waits at the catalog barrier for every server
  const elapsed = performance.now() - t0;
  await tether.close();
  dirs.cleanup();
  return elapsed;
}

const direct = await directChaos(200);
await figure("one chaos MCP server's own start (spawn → initialize answer)", async () => ms(direct.startup));
for (const n of [5, 20]) {
  await figure(`session/new + first turn with ${n} stdio servers (all ready at the barrier)`, async () => {
    const tether = await readyTime(n);
    // The fair baseline: the same servers started at once without Tether, on the same 2 cores.
    const alone = await Promise.all(Array.from({ length: n }, () => directChaos(0)));
    const slowest = Math.max(...alone.map((a) => a.startup));
    return `${ms(tether)}; slowest of ${n} started together without Tether ${ms(slowest)}; difference ${ms(tether - slowest)}`;
  });
}
await figure("MCP call overhead through the whole loop (median of 200, minus the server's own echo)", async () => {
  const dirs = makeTempDirs("tether-bench-");
  const lines = [];
  for (let i = 0; i < 200; i++) {
    lines.push({ toolCalls: [{ name: "mcp__chaos__echo", input: { text: "x" } }] }, { text: "ok", stop: "end_turn" });
  }
  for (let i = 0; i < 200; i++) lines.push({ text: "ok", stop: "end_turn" });
  const tether = await TetherClient.start({ script: scriptFile(dirs, lines), dirs });
  await tether.initialize();
  const { sessionId } = await tether.newSession({ mcpServers: [chaosEntry("chaos")] });
  const median = async (n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await tether.prompt(sessionId, "go");
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
  const withCall = await median(200);
  const without = await median(200);
  await tether.close();
  dirs.cleanup();
  const overhead = withCall - without - direct.echo;
  return `${overhead.toFixed(2)} ms (turn with call ${withCall.toFixed(2)} ms, turn without ${without.toFixed(2)} ms, server echo ${direct.echo.toFixed(2)} ms)`;
});
await figure("50 MB MCP result (message limit raised to 80 MB): peak RSS growth of the Tether process", async () => {
  const dirs = makeTempDirs("tether-bench-");
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify({ mcp: { maxMessageMegabytes: 80 } }));
  const script = scriptFile(dirs, [{ text: "ready", stop: "end_turn" }, { toolCalls: [{ name: "mcp__chaos__big", input: { mb: 50 } }] }, { text: "ok", stop: "end_turn" }]);
  const tether = await TetherClient.start({ script, dirs });
  await tether.initialize();
  const { sessionId } = await tether.newSession({ mcpServers: [chaosEntry("chaos")] });
  await tether.prompt(sessionId, "warm up the barrier");
  const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${tether.child.pid}/status`, "utf8"))[1]) * 1024;
  const rss = () => rssKiB(tether.child.pid) * 1024;
  const before = rss();
  const t0 = performance.now();
  await tether.prompt(sessionId, "big");
  const elapsed = performance.now() - t0;
  const peak = hwm();
  await tether.close();
  dirs.cleanup();
  const mib = (b) => `${(b / 1048576).toFixed(0)} MiB`;
  return `${mib(peak - before)} over ${mib(before)} before (${((peak - before) / (50 * 1048576)).toFixed(1)}× the text); turn ${ms(elapsed)}`;
});
process.exit(0);
