// Real MCP servers for Tether to talk to, and the session/new entries that name them.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { LOOPBACK_ONLY_CJS, REPO_ROOT, SERVER_EVERYTHING_JS } from "./paths.mjs";

/** server-everything over stdio, as Zed would list it (`env` as a list, no `type`). */
export function everythingStdio(name = "everything") {
  return { name, command: process.execPath, args: [SERVER_EVERYTHING_JS, "stdio"], env: [] };
}

/** Tether's own reference MCP server (the fictional order system) over stdio. */
export function ordersStdio(name = "orders") {
  return { name, command: path.join(REPO_ROOT, "bin", "tether"), args: ["reference-server"], env: [] };
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`MCP server exited with ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => { socket.end(); resolve(true); });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`MCP server did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * Starts server-everything over streamable HTTP on a free port of 127.0.0.1; returns
 * `{url, entry, stop}` where `entry` is the session/new `mcpServers` item for it.
 */
export function startEverythingHttp(name = "everything") {
  return startEverything("streamableHttp", "/mcp", "http", name);
}

/** As {@link startEverythingHttp}, in server-everything's legacy HTTP+SSE mode (GET /sse, POST /message). */
export function startEverythingSse(name = "everything") {
  return startEverything("sse", "/sse", "sse", name);
}

function startEverything(mode, urlPath, type, name) {
  return startHttpPeer(["--require", LOOPBACK_ONLY_CJS, SERVER_EVERYTHING_JS, mode], urlPath, type, name);
}

/**
 * Spawns `node <args>` with PORT set to a free port, waits until it listens there and returns
 * `{url, entry, stop}` for `http://127.0.0.1:<port><urlPath>`.
 */
async function startHttpPeer(args, urlPath, type, name) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c) => { stderr += c; });
  try {
    await waitForPort(port, child, 10_000);
  } catch (e) {
    child.kill("SIGKILL");
    throw new Error(`${e.message}\n${stderr}`);
  }
  const url = `http://127.0.0.1:${port}${urlPath}`;
  return {
    url,
    entry: { type, name, url, headers: [] },
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGTERM");
    }),
  };
}

// --- MCP 2026-07-28 peers: conformance/fixtures/mcp2026-server.mjs, on @modelcontextprotocol/server 2.4.0 ---

/** The 2026 fixture server's script. */
export const MCP2026_SERVER_JS = path.join(REPO_ROOT, "conformance", "fixtures", "mcp2026-server.mjs");

/** The 2026 fixture server over stdio, as an editor lists it. */
export function mcp2026Stdio(name = "peer") {
  return { name, command: process.execPath, args: [MCP2026_SERVER_JS], env: [] };
}

/**
 * Starts the 2026 fixture server over streamable HTTP on a free port of 127.0.0.1 (it binds
 * 127.0.0.1 itself); returns `{url, entry, stop}` as {@link startEverythingHttp} does.
 */
export function startMcp2026Http(name = "remote") {
  return startHttpPeer([MCP2026_SERVER_JS, "--http"], "/mcp", "http", name);
}
