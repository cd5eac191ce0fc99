// The third-party MCP servers from npm that people run, pinned in package.json, as the
// session/new entries an editor would send for them (stdio, started with the test's own node).
import fs from "node:fs";
import path from "node:path";
import { CONFORMANCE_DIR } from "./paths.mjs";

const bin = (pkg, file = "dist/index.js") => path.join(CONFORMANCE_DIR, "node_modules", ...pkg.split("/"), file);

/** The entry points, for finding their processes. */
export const THIRD_PARTY_JS = {
  filesystem: bin("@modelcontextprotocol/server-filesystem"),
  memory: bin("@modelcontextprotocol/server-memory"),
  thinking: bin("@modelcontextprotocol/server-sequential-thinking"),
  dbhub: bin("@bytebase/dbhub"),
  git: bin("@cyanheads/git-mcp-server"),
  playwright: bin("@playwright/mcp", "cli.js"),
};

const entry = (name, script, args = [], env = {}) => ({
  name,
  command: process.execPath,
  args: [script, ...args],
  env: Object.entries(env).map(([k, v]) => ({ name: k, value: v })),
});

/** server-filesystem allowing `dirs` (none: it waits for the client's roots). */
export const filesystemStdio = (name, dirs = []) => entry(name, THIRD_PARTY_JS.filesystem, dirs);

/** server-memory keeping its graph in `file`. */
export const memoryStdio = (name, file) => entry(name, THIRD_PARTY_JS.memory, [], { MEMORY_FILE_PATH: file });

/** server-sequential-thinking. */
export const thinkingStdio = (name) => entry(name, THIRD_PARTY_JS.thinking);

/** dbhub on the SQLite file `file`. */
export const dbhubStdio = (name, file) => entry(name, THIRD_PARTY_JS.dbhub, ["--transport", "stdio", "--dsn", `sqlite://${file}`]);

/** git-mcp-server; it runs `git` itself, in its own process. */
export const gitStdio = (name) => entry(name, THIRD_PARTY_JS.git, [], { MCP_LOG_LEVEL: "warn", GIT_SIGN_COMMITS: "false" });

/** Debian's Chromium, which the browser tests use (never a downloaded browser). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * @playwright/mcp driving Debian's Chromium headless, with a profile in memory; its config file is
 * written to `dir`. Chromium's background traffic is switched off: the test machines' network is closed.
 */
export function playwrightStdio(name, dir) {
  const config = path.join(dir, "playwright-mcp.json");
  fs.writeFileSync(config, JSON.stringify({
    browser: {
      browserName: "chromium",
      isolated: true,
      launchOptions: {
        executablePath: CHROMIUM,
        headless: true,
        chromiumSandbox: false,
        args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync"],
      },
    },
  }));
  return entry(name, THIRD_PARTY_JS.playwright, ["--config", config]);
}
