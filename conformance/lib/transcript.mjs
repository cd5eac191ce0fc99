// Renders what the editor saw in one session as plain text: the view a user of Zed's
// agent panel would have, minus the pixels.

const clip = (text, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
const indent = (text, pad = "    ") => text.replace(/\n/g, `\n${pad}`);

function contentBlock(block) {
  switch (block?.type) {
    case "text": return block.text;
    case "image": return `[image ${block.mimeType}, ${block.data?.length ?? 0} base64 chars]`;
    case "audio": return `[audio ${block.mimeType}]`;
    case "resource_link": return `[link ${block.name ?? ""} ${block.uri}]`;
    case "resource": return `[resource ${block.resource?.uri}]`;
    default: return JSON.stringify(block);
  }
}

function toolContent(item) {
  switch (item.type) {
    case "content": return contentBlock(item.content);
    case "diff": return `diff ${item.path}\n${item.oldText == null ? "(new file)" : `- ${clip(item.oldText, 200)}`}\n+ ${clip(item.newText, 200)}`;
    case "terminal": return `[terminal ${item.terminalId}]`;
    default: return JSON.stringify(item);
  }
}

function toolLine(u, isNew) {
  const parts = [isNew ? "tool_call" : "tool_update", u.toolCallId];
  if (u.title) parts.push(JSON.stringify(u.title));
  if (u.kind) parts.push(`kind=${u.kind}`);
  if (u.status) parts.push(`status=${u.status}`);
  const permission = u._meta?.tether?.permission;
  if (permission) parts.push(`permission ${permission.decision} by ${permission.by}`);
  const lines = [`  ${parts.join(" ")}`];
  if (isNew && u.rawInput !== undefined) lines.push(`    input: ${clip(JSON.stringify(u.rawInput))}`);
  for (const item of u.content ?? []) lines.push(`    ${indent(clip(toolContent(item)))}`);
  if (u.rawOutput !== undefined && u.rawOutput !== null) lines.push(`    output: ${clip(JSON.stringify(u.rawOutput))}`);
  return lines.join("\n");
}

/** One session's timeline from {@link TetherClient} as readable text. */
export function renderTranscript(timeline, { terminals } = {}) {
  const out = [];
  const terminalIds = new Map(); // toolCallId → terminal ids named in any of its updates
  let stream = null; // consecutive chunks of one kind are joined
  const flush = () => {
    if (stream) out.push(`${stream.label} ${indent(stream.text.trim(), "    ")}`);
    stream = null;
  };
  for (const event of timeline) {
    if (event.type === "update" && /_chunk$/.test(event.update.sessionUpdate)) {
      const label = { agent_message_chunk: "agent:", agent_thought_chunk: "thinking:", user_message_chunk: "user:" }[event.update.sessionUpdate];
      if (stream?.label !== label) flush();
      stream ??= { label, text: "" };
      stream.text += contentBlock(event.update.content);
      continue;
    }
    flush();
    if (event.type === "user") out.push(`> ${event.blocks.map(contentBlock).join(" ")}`);
    else if (event.type === "stop") out.push(`[stop: ${event.stopReason}]`);
    else if (event.type === "permission") {
      const { request, outcome } = event.record;
      const options = request.options.map((o) => o.optionId).join(", ");
      const answer = outcome?.outcome === "selected" ? outcome.optionId : outcome?.outcome ?? "(unanswered)";
      out.push(`  permission? ${JSON.stringify(request.toolCall?.title ?? request.toolCall?.toolCallId)} [${options}] -> ${answer}`);
    } else if (event.type === "update") {
      const u = event.update;
      const ids = (u.content ?? []).filter((c) => c.type === "terminal").map((c) => c.terminalId);
      if (ids.length) terminalIds.set(u.toolCallId, ids);
      out.push(renderUpdate(u) + (u.status === "completed" ? terminalOutput(terminalIds.get(u.toolCallId), terminals) : ""));
    }
  }
  flush();
  return out.join("\n");
}

function renderUpdate(u) {
  switch (u.sessionUpdate) {
    case "tool_call": return toolLine(u, true);
    case "tool_call_update": return toolLine(u, false);
    case "plan": return `  plan:\n${u.entries.map((e) => `    [${e.status}] ${e.content} (${e.priority})`).join("\n")}`;
    case "usage_update": return `  usage: ${u.used}/${u.size}${u.cost ? ` cost ${u.cost.amount} ${u.cost.currency}` : ""}`;
    case "available_commands_update": return `  commands: ${u.availableCommands.map((c) => `/${c.name}`).join(" ")}`;
    case "current_mode_update": return `  mode: ${u.currentModeId}`;
    case "session_info_update": return `  session: ${u.title ?? ""}`;
    case "config_option_update": return `  config options: ${u.configOptions.map((o) => o.id).join(", ")}`;
    default: return `  ${u.sessionUpdate}: ${clip(JSON.stringify(u))}`;
  }
}

function terminalOutput(ids, terminals) {
  if (!terminals || !ids) return "";
  return ids
    .map((id) => terminals.created.find((t) => t.id === id))
    .filter(Boolean)
    .map((t) => `\n    $ ${t.params.command} ${(t.params.args ?? []).join(" ")}\n    ${indent(clip(t.output.trimEnd()))}`)
    .join("");
}
