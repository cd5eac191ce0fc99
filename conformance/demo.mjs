#!/usr/bin/env node
// The main job end to end: Tether with the scripted model, the reference order server and
// server-everything, one turn that uses every kind of tool, printed as Zed would show it.
// Exit status 1 when a frame broke the schema or the turn did not end with end_turn.
import fs from "node:fs";
import path from "node:path";
import { TetherClient } from "./lib/client.mjs";
import { everythingStdio, ordersStdio } from "./lib/mcp-peers.mjs";
import { CONFORMANCE_DIR } from "./lib/paths.mjs";
import { renderTranscript } from "./lib/transcript.mjs";

const script = process.argv[2] ?? path.join(CONFORMANCE_DIR, "scripts", "demo.jsonl");
const tether = await TetherClient.start({ script, permission: "allow_once" });
let failed = false;
try {
  fs.writeFileSync(path.join(tether.dirs.workspace, "NOTES.md"), "# Notes\n\nOpen orders: (unknown)\n");
  const init = await tether.initialize();
  console.log(`agent: ${init.agentInfo?.name} ${init.agentInfo?.version} (protocol ${init.protocolVersion})`);
  const { sessionId } = await tether.newSession({ mcpServers: [ordersStdio(), everythingStdio()] });
  const { stopReason } = await tether.prompt(sessionId, "Give me a status report on the open orders.", 60_000);
  console.log(renderTranscript(tether.timeline(sessionId), { terminals: tether.terminals }));
  console.log(`\nNOTES.md now: ${JSON.stringify(fs.readFileSync(path.join(tether.dirs.workspace, "NOTES.md"), "utf8"))}`);
  if (stopReason !== "end_turn") {
    console.error(`demo: the turn ended with ${stopReason}, not end_turn`);
    failed = true;
  }
} catch (e) {
  console.error(`demo: ${e.message}`);
  failed = true;
} finally {
  const exit = await tether.close();
  const report = tether.wireReport();
  if (report) {
    console.error(`demo: invalid frames on stdout:\n${report}`);
    failed = true;
  } else {
    console.log(`wire: ${tether.tap.frames.length} frames, all valid ACP`);
  }
  if (failed) console.error(tether.stderrTail(40));
  console.log(`tether exited with ${exit.code ?? exit.signal}`);
}
process.exit(failed ? 1 : 0);
