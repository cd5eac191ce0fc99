// Shared set-up for the end-to-end tests: one Tether per test, torn down afterwards, and
// a wire check that every test gets for free.
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TetherClient, makeTempDirs } from "./client.mjs";

export const SCRIPTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "scripts");
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
export const TEST_TIMEOUT = 30_000;

/** Path of a scripted-model file next to the tests. */
export const script = (name) => path.join(SCRIPTS, name);

/**
 * Starts an initialized Tether for test `t`; on teardown it closes the process and asserts
 * that stdout carried only valid ACP frames. Options as for TetherClient.start.
 */
export async function startTether(t, options = {}) {
  const dirs = options.dirs ?? makeTempDirs();
  const tether = await TetherClient.start({ ...options, dirs });
  t.after(async () => {
    await tether.close();
    if (!options.dirs) dirs.cleanup();
  });
  t.after(() => assertCleanWire(tether));
  if (options.initialize !== false) await tether.initialize();
  return tether;
}

/** Resolves once `predicate()` holds (checked every 20 ms); fails after `timeoutMs`, naming `what`. */
export async function until(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Fails with every schema violation and non-JSON line Tether wrote. */
export function assertCleanWire(tether) {
  const report = tether.wireReport();
  assert.equal(report, "", `Tether wrote invalid frames:\n${report}\n${tether.stderrTail()}`);
}

/** The latest state of the single tool call whose rawInput/title mentions `needle`. */
export function toolCallNamed(tether, sessionId, predicate) {
  return tether.toolCalls(sessionId).find(predicate);
}

/** All text in a tool call's content items and rawOutput, for "did the result arrive" checks. */
export function toolResultText(call) {
  return JSON.stringify([call?.content ?? [], call?.rawOutput ?? null]);
}
