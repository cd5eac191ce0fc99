// Where things live, computed once from this file's location so every entry point
// (tests, demo, bench) agrees regardless of the current directory.
import { fileURLToPath } from "node:url";
import path from "node:path";

/** The `conformance/` folder. */
export const CONFORMANCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The repository root (the folder that holds `bin/tether` and `pom.xml`). */
export const REPO_ROOT = path.resolve(CONFORMANCE_DIR, "..");

/** The ACP v1 JSON schema shipped in the pinned `@agentclientprotocol/sdk` package. */
export const PINNED_ACP_SCHEMA_PATH = path.join(
  CONFORMANCE_DIR, "node_modules", "@agentclientprotocol", "sdk", "schema", "v1", "schema.json");

/**
 * The pinned package's unstable v1 schema: subagents, session/fork and plan operations, which the
 * package still marks unstable, are checked against it (with the `session` tool call content added
 * from `src/test/resources/acp/session-content.json`).
 */
export const PINNED_ACP_UNSTABLE_SCHEMA_PATH = path.join(path.dirname(PINNED_ACP_SCHEMA_PATH), "schema.unstable.json");

/** Tether's one addition to the unstable schema: the `session` tool call content. */
export const SESSION_CONTENT_SCHEMA_PATH = path.join(REPO_ROOT, "src", "test", "resources", "acp", "session-content.json");

/** The schema the frames are checked against: the pinned package's, unless `ACP_SCHEMA` names another. */
export const ACP_SCHEMA_PATH = process.env.ACP_SCHEMA || PINNED_ACP_SCHEMA_PATH;

/** server-everything's entry point; run it with `node <this> stdio|streamableHttp|sse`. */
export const SERVER_EVERYTHING_JS = path.join(
  CONFORMANCE_DIR, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");

/**
 * Preloaded (`node --require`) into every server-everything HTTP start: its express app listens on
 * all interfaces when given only a port; this makes such a listen bind 127.0.0.1.
 */
export const LOOPBACK_ONLY_CJS = path.join(CONFORMANCE_DIR, "fixtures", "loopback-only.cjs");

/** The command that starts Tether as an ACP agent: `TETHER_CMD` (split on spaces) or `bin/tether`. */
export function tetherCommand() {
  const fromEnv = process.env.TETHER_CMD?.trim();
  if (fromEnv) {
    const [command, ...args] = fromEnv.split(/\s+/);
    return { command, args };
  }
  return { command: path.join(REPO_ROOT, "bin", "tether"), args: [] };
}
