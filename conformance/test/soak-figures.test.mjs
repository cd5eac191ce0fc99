// The soak benchmark's arithmetic and parsing (the soak itself runs from scripts/bench --soak).
import { test } from "node:test";
import assert from "node:assert/strict";
import { liveBytes, parseHeapInfo } from "../lib/jvm-probe.mjs";
import { jdkOwn, slope } from "../lib/soak-report.mjs";
import { checkTurn, soakScript, turnCalls } from "../lib/soak-script.mjs";

test("slope is the least-squares fit, and null when it cannot be fitted", () => {
  assert.equal(slope([{ x: 100, y: 10 }, { x: 200, y: 12 }, { x: 300, y: 14 }]), 0.02);
  assert.equal(slope([{ x: 0, y: 3 }, { x: 50, y: 5 }, { x: 100, y: 3 }]), 0);
  assert.equal(slope([{ x: 1, y: 1 }]), null);
  assert.equal(slope([{ x: 5, y: 1 }, { x: 5, y: 2 }]), null);
});

test("heap used sums the generations of GC.heap_info for serial and G1, not its spaces or metaspace", () => {
  const serial = [
    "4308:",
    "DefNew     total 116224K, used 100K [0x0000000687400000, 0x000000068f210000, 0x0000000704d50000)",
    " eden space 103360K,   0% used [0x0000000687400000, 0x0000000687400000, 0x000000068d8f0000)",
    "Tenured    total 258048K, used 3154K [0x0000000704d50000, 0x0000000714950000, 0x0000000800000000)",
    " the  space 258048K,   1% used [0x0000000704d50000, 0x0000000705064a88, 0x0000000714950000)",
    " Metaspace       used 6700K, committed 7000K, reserved 1114112K",
  ].join("\n");
  assert.deepEqual(parseHeapInfo(serial), { heap: (100 + 3154) * 1024 });
  const g1 = " garbage-first heap   total reserved 4194304K, committed 264192K, used 12345K [0x1, 0x2)\n  region size 2048K, 3 young (6144K)";
  assert.deepEqual(parseHeapInfo(g1), { heap: 12345 * 1024 });
  assert.deepEqual(parseHeapInfo("nothing here"), { heap: null });
});

test("live bytes leave out the collector's fillers", () => {
  const histogram = new Map([
    ["[B", { instances: 10, bytes: 1000 }],
    ["[Ljdk.internal.vm.FillerElement;", { instances: 2, bytes: 5000 }],
    ["jdk.internal.vm.FillerObject", { instances: 1, bytes: 16 }],
  ]);
  assert.equal(liveBytes(histogram), 1000);
  assert.equal(liveBytes(new Map()), null);
});

test("only the JDK's elastic pools and once-opened files count as the JDK's own", () => {
  for (const name of ["ForkJoinPool-1-worker-3", "ForkJoinPool.commonPool-worker-2", "process reaper", "process reaper (pid 1760)", "ForkJoinPool-1-", "/dev/urandom"]) {
    assert.ok(jdkOwn(name), name);
  }
  for (const name of ["mcp-everything-stderr", "mcp-everything-writer", "acp-reader", "pipe:", "socket:"]) assert.ok(!jdkOwn(name), name);
});

test("each scripted turn calls echo, and a turn passes only when it ended as scripted", () => {
  assert.equal(soakScript(100).trim().split("\n").length, 200);
  assert.deepEqual(turnCalls(5).map((c) => c.name), ["mcp__everything__echo", "mcp__everything__echo"]);
  assert.ok(turnCalls(5)[1].input.message.length > 25_000, "past the inline budget");
  const update = (u) => ({ type: "update", update: u });
  const good = [
    update({ sessionUpdate: "tool_call", toolCallId: "a", status: "pending" }),
    update({ sessionUpdate: "tool_call_update", toolCallId: "a", status: "completed" }),
    update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "turn 1 done" } }),
  ];
  assert.equal(checkTurn(1, "end_turn", good), null);
  assert.match(checkTurn(1, "cancelled", good), /stop reason cancelled/);
  assert.match(checkTurn(1, "end_turn", good.slice(0, 1).concat(good[2])), /0 of 1 tool calls completed/);
  const failedExpect = [...good.slice(0, 2), update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "scripted model: line 4 expectation failed" } })];
  assert.match(checkTurn(1, "end_turn", failedExpect), /model text/);
});
