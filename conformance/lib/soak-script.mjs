// The soak's scripted model and the check of each turn it plays. Every session plays the same
// script with its own cursor: turn i is one model response with MCP tool calls, then one with
// text that checks (through `expect`) that the echo's result reached the model.

/** Past the 25,000-character inline budget, so the result goes to an artifact. */
const LARGE_CHARS = 40_000;

/** The tool calls of turn `i`: an echo always, now and then a large echo or an image. */
export function turnCalls(i) {
  const calls = [{ name: "mcp__everything__echo", input: { message: `soak turn ${i}.` } }];
  if (i % 10 === 5) {
    const line = `large result of turn ${i}, for the artifact path;`;
    calls.push({ name: "mcp__everything__echo", input: { message: line.repeat(Math.ceil(LARGE_CHARS / line.length)) } });
  }
  if (i % 20 === 12) calls.push({ name: "mcp__everything__get-tiny-image", input: {} });
  return calls;
}

/** The script (JSON Lines) for `turns` turns. */
export function soakScript(turns) {
  const lines = [];
  for (let i = 0; i < turns; i++) {
    lines.push({ toolCalls: turnCalls(i) });
    // "." ends the number, so turn 1's check cannot match turn 10's result.
    lines.push({ text: `turn ${i} done`, stop: "end_turn", expect: { toolResultContains: `Echo: soak turn ${i}.` } });
  }
  return `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
}

/**
 * What went wrong in turn `i` (its timeline entries from the prompt on), or null: the stop
 * reason, the model's closing text (a failed `expect` replaces it with an error) and the status
 * of each tool call.
 */
export function checkTurn(i, stopReason, entries) {
  if (stopReason !== "end_turn") return `stop reason ${stopReason}`;
  let text = "";
  const status = new Map();
  for (const e of entries) {
    if (e.type !== "update") continue;
    const u = e.update;
    if (u.sessionUpdate === "agent_message_chunk" && u.content?.type === "text") text += u.content.text;
    if ((u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") && u.status) status.set(u.toolCallId, u.status);
  }
  if (text.trim() !== `turn ${i} done`) return `model text ${JSON.stringify(text.slice(0, 200))}`;
  const expected = turnCalls(i).length;
  const completed = [...status.values()].filter((s) => s === "completed").length;
  if (status.size !== expected || completed !== expected) {
    return `${completed} of ${expected} tool calls completed (${[...status.values()].join(", ")})`;
  }
  return null;
}
