// The third-party MCP servers from npm that people run, pinned in package.json, as the
// session/new entries an editor would send for them (stdio, started with the test's own node).
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
