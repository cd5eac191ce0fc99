// The soak's printed report: the samples, each series' least-squares slope per 100 turns after
// the warm-up, whether it is flat, and the resources left once every session is closed.

const MiB = 1024 * 1024;
const RELATIVE_LIMIT = 0.01;

/**
 * The series and how each is judged.
 * - "memory": flat when the slope per 100 turns is under 1 % of the mean. Open sessions keep
 *   their conversations (no compaction), so the heap may also pass as "held by the
 *   conversations" when every class that grows with the turns is part of a conversation and
 *   closing the sessions gives the growth back.
 * - "level": flat only when every sample after the warm-up is the same.
 * - "pools": the raw thread counts; they include the JDK's elastic pools, so they are flat when
 *   level or when only those pools moved (the series without them is judged "level").
 * - "info": grows by design, shown only.
 */
const SERIES = [
  { key: "heap", title: "heap used after GC (MiB)", scale: MiB, rule: "memory" },
  { key: "liveHeap", title: "live heap, no dead wood (MiB)", scale: MiB, rule: "memory" },
  { key: "metaspace", title: "metaspace (MiB)", scale: MiB, rule: "memory" },
  { key: "osThreads", title: "OS threads", scale: 1, rule: "pools" },
  { key: "javaThreads", title: "Java threads incl. virtual", scale: 1, rule: "pools" },
  { key: "ownThreads", title: "Java threads without JDK pools", scale: 1, rule: "level" },
  { key: "fds", title: "open fds", scale: 1, rule: "level" },
  { key: "children", title: "child processes", scale: 1, rule: "level" },
  { key: "stateBytes", title: "state dir on disk (MiB)", scale: MiB, rule: "info" },
  { key: "medianTurnMs", title: "median turn (ms)", scale: 1, rule: "info" },
];

/**
 * What the JDK starts and stops on its own, by name (digits as #; OS names are cut to 15
 * bytes): elastic pools whose idle workers leave after a keep-alive, threads and files it opens
 * once on first use. A difference made only of these is not Tether's.
 */
const JDK_OWN = [
  /^ForkJoinPool-#-worker-#$/, // virtual-thread carriers, as many as the load needs
  /^ForkJoinPool-#-delayScheduler$/, // started once, at a virtual thread's first timed wait
  /^ForkJoinPool\.commonPool-worker-#$/,
  /^ForkJoinPool/, // the same pools under the kernel's 15-byte names
  /^process reaper/, // one per running child ("process reaper (pid N)" while it waits); idle ones leave after 60 s
  /^C# CompilerThre/, // JIT compiler threads, started and stopped with the compile queue
  /^\/dev\/u?random$/, // SecureRandom's seed files, opened once
];
const generic = (name) => name.replace(/\d+/g, "#");
export const jdkOwn = (name) => JDK_OWN.some((re) => re.test(generic(name)));

/** What a conversation is made of: the model's messages and parts and the values that hold their content. */
const CONVERSATION = /^(dev\.tether\.model\.|\[B$|java\.lang\.String$|\[Ljava\.lang\.Object;$|java\.util\.(ImmutableCollections\$|HashMap|LinkedHashMap|ArrayList)|\[Ljava\.util\.HashMap\$Node;$|tools\.jackson\.databind\.node\.)/;

/** Least-squares slope of y over x. */
export function slope(points) {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

const fmt = (v, scale) => (v == null ? "n/a" : scale === 1 ? String(Math.round(v * 10) / 10) : (v / scale).toFixed(2));

/** Names that `after` has more (or fewer) of than `before`, as "+n name". */
function added(before, after) {
  const count = new Map();
  for (const n of before.map(generic)) count.set(n, (count.get(n) ?? 0) - 1);
  for (const n of after.map(generic)) count.set(n, (count.get(n) ?? 0) + 1);
  return [...count].filter(([, c]) => c !== 0).map(([n, c]) => ({ name: n, text: `${c > 0 ? "+" : ""}${c} ${n}` }));
}

/** Per kind (Java threads, OS threads, fds): the name differences, and those that are not the JDK's. */
function differences(before, after) {
  return [
    ["Java threads", before.threadNames, after.threadNames],
    ["OS threads", before.osThreadNames, after.osThreadNames],
    ["fds", before.fdTargets, after.fdTargets],
  ].map(([kind, b, a]) => {
    const diff = added(b ?? [], a ?? []);
    return { kind, diff: diff.map((d) => d.text), foreign: diff.filter((d) => !jdkOwn(d.name)).map((d) => d.text) };
  });
}

function printDiff(label, before, after) {
  for (const { kind, diff } of differences(before, after)) {
    if (diff.length) console.log(`  ${label}, ${kind}: ${diff.slice(0, 12).join("; ")}`);
  }
}

/** Classes whose live bytes changed between two histograms, most grown first. */
function grownClasses(before, after) {
  const grown = [];
  for (const [name, a] of after ?? []) {
    if (name.includes("jdk.internal.vm.Filler")) continue; // the collector's dead wood, not objects
    const b = before?.get(name) ?? { instances: 0, bytes: 0 };
    if (a.bytes !== b.bytes) grown.push({ name, bytes: a.bytes - b.bytes, instances: a.instances - b.instances });
  }
  return grown.sort((x, y) => y.bytes - x.bytes);
}

const signed = (n) => `${n >= 0 ? "+" : ""}${n}`;
const showClasses = (list) => list.map((g) => `${g.name} ${signed(Math.round(g.bytes / 1024))} KiB (${signed(g.instances)})`).join("; ");

/** The verdict for one series over the samples after the warm-up; `context` has the heap evidence. */
function judge(series, samples, context) {
  const points = samples.filter((s) => s[series.key] != null).map((s) => ({ x: s.turns, y: s[series.key] / series.scale }));
  if (points.length < 2) return { points, verdict: "not sampled" };
  const per100 = slope(points) * 100;
  const mean = points.reduce((a, p) => a + p.y, 0) / points.length;
  const ys = points.map((p) => p.y);
  const level = Math.max(...ys) === Math.min(...ys);
  const first = samples[0];
  let verdict;
  switch (series.rule) {
    case "memory": {
      const share = mean === 0 ? 0 : Math.abs(per100) / mean;
      const pct = `${(share * 100).toFixed(2)} % of the mean per 100 turns`;
      if (share < RELATIVE_LIMIT) verdict = `flat (${pct})`;
      else if (series.key !== "metaspace" && context.heldByConversations) verdict = `held by the open conversations (${pct}; see below)`;
      else verdict = `NOT flat (${pct})`;
      break;
    }
    case "level":
      verdict = level ? "flat (level)" : `NOT flat (${Math.min(...ys)}–${Math.max(...ys)})`;
      break;
    case "pools": {
      const kind = series.key === "osThreads" ? "OS threads" : "Java threads";
      const foreign = samples.flatMap((s) => differences(first, s).find((d) => d.kind === kind).foreign);
      verdict = level ? "flat (level)" : foreign.length ? `NOT flat (${Math.min(...ys)}–${Math.max(...ys)})` : `flat but for the JDK's pools (${Math.min(...ys)}–${Math.max(...ys)})`;
      break;
    }
    default:
      verdict = "grows by design (informational)";
  }
  return { points, per100, verdict };
}

/**
 * Whether the heap's growth after the warm-up is the conversations': every class whose instances
 * grow by at least one per four turns is part of a conversation, and closing the sessions freed
 * at least the growth.
 */
function heapEvidence(after, closed) {
  if (after.length < 2 || !after[0].histogram?.size || !after[after.length - 1].histogram?.size) return { heldByConversations: false };
  const [first, last] = [after[0], after[after.length - 1]];
  const turns = last.turns - first.turns;
  const grown = grownClasses(first.histogram, last.histogram);
  const perTurn = grown.filter((g) => g.instances >= turns / 4);
  const foreign = perTurn.filter((g) => !CONVERSATION.test(g.name));
  const growth = last.liveHeap - first.liveHeap;
  const freed = last.liveHeap - closed.liveHeap;
  return { first, last, grown, perTurn, foreign, growth, freed, heldByConversations: foreign.length === 0 && freed >= growth };
}

export function printReport(r) {
  console.log(`Soak: ${r.sessions} sessions × ${r.turnsPerSession} turns = ${r.sessions * r.turnsPerSession} turns, `
    + `one Tether process (${r.executable}), ${r.cores} cores, ${r.seconds.toFixed(0)} s`);
  for (const note of r.notes) console.log(`note: ${note}`);
  if (r.problems.length) {
    console.log(`turns that did not go as scripted: ${r.problems.length} (first ones below); the figures still stand`);
    for (const p of r.problems.slice(0, 5)) console.log(`  ${p}`);
  } else {
    console.log("every turn: end_turn, all MCP calls completed, the echo's result reached the model");
  }
  if (r.wire) console.log(`wire problems:\n${r.wire.slice(0, 2000)}`);

  const rows = [r.baseline, ...r.samples, r.closed, r.idle];
  const header = ["sample", ...SERIES.map((s) => s.title)];
  console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${[row.label, ...SERIES.map((s) => fmt(row[s.key], s.scale))].join(" | ")} |`);

  const after = r.samples.filter((s) => s.turns >= r.warmup);
  const evidence = heapEvidence(after, r.closed);
  console.log(`\nSlopes over the ${after.length} samples from turn ${r.warmup} on (the first ${r.warmup} turns are warm-up). `
    + `Flat: memory slope under ${RELATIVE_LIMIT * 100} % of the mean per 100 turns (or, for the heap, all of it held by the open `
    + "conversations and given back on close); threads without the JDK's pools, fds and children exactly level.");
  console.log("| series | slope per 100 turns | first | last | verdict |\n|---|---|---|---|---|");
  for (const series of SERIES) {
    const j = judge(series, after, evidence);
    if (!j.points.length) {
      console.log(`| ${series.title} | n/a | n/a | n/a | not sampled |`);
      continue;
    }
    const digits = series.scale === 1 ? 1 : 3;
    const [first, last] = [j.points[0].y, j.points[j.points.length - 1].y];
    console.log(`| ${series.title} | ${j.per100 == null ? "n/a" : j.per100.toFixed(digits)} | ${first.toFixed(digits)} | ${last.toFixed(digits)} | ${j.verdict} |`);
  }
  if (after.length >= 2) printDiff(`turn ${after[0].turns} → ${after[after.length - 1].turns}`, after[0], after[after.length - 1]);
  if (evidence.grown) {
    const { first, last } = evidence;
    console.log(`  live heap, turn ${first.turns} → ${last.turns}: ${fmt(evidence.growth, MiB)} MiB more; closing the sessions freed ${fmt(evidence.freed, MiB)} MiB`);
    console.log(`  classes growing by ≥ 1 instance per 4 turns: ${showClasses(evidence.perTurn)}`);
    console.log(`  of those, not part of a conversation: ${evidence.foreign.length ? showClasses(evidence.foreign) : "none"}`);
  }

  console.log(`\nAfter closing every session (at once / ${r.idle.label}), against the post-initialize baseline:`);
  const diffs = Object.fromEntries(differences(r.baseline, r.idle).map((d) => [d.kind, d]));
  const kindOf = { osThreads: "OS threads", javaThreads: "Java threads", ownThreads: "Java threads", fds: "fds" };
  for (const key of ["osThreads", "javaThreads", "ownThreads", "fds", "children"]) {
    const series = SERIES.find((s) => s.key === key);
    const [b, c, i] = [r.baseline[key], r.closed[key], r.idle[key]];
    const foreign = kindOf[key] ? diffs[kindOf[key]].foreign : [];
    let verdict;
    if (b == null) verdict = "(not sampled)";
    else if (b === i && !foreign.length) verdict = "(back to baseline)";
    else if (!foreign.length && key !== "children") verdict = "(back to baseline but for the JDK's own pools and once-opened files, below)";
    else verdict = `(NOT back to baseline${foreign.length ? `: ${foreign.join("; ")}` : ""})`;
    console.log(`  ${series.title}: ${fmt(b, 1)} → ${fmt(c, 1)} / ${fmt(i, 1)} ${verdict}`);
  }
  for (const key of ["heap", "liveHeap"]) {
    const series = SERIES.find((s) => s.key === key);
    if (r.baseline[key] == null || r.idle[key] == null) continue;
    console.log(`  ${series.title}: ${fmt(r.baseline[key], MiB)} → ${fmt(r.closed[key], MiB)} / ${fmt(r.idle[key], MiB)} `
      + `(at the last turn ${fmt(r.samples[r.samples.length - 1][key], MiB)})`);
  }
  printDiff("baseline → closed and idle", r.baseline, r.idle);
  const kept = grownClasses(r.baseline.histogram, r.idle.histogram);
  if (kept.length) console.log(`  baseline → closed and idle, live objects that grew most: ${showClasses(kept.slice(0, 8))}`);
}
