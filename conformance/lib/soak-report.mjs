// The soak's printed report: the samples, each series' least-squares slope per 100 turns after
// the warm-up, whether it is flat, and the resources left once every session is closed.

const MiB = 1024 * 1024;

/**
 * The series and how each is judged. "relative": flat when the slope per 100 turns is under 1 %
 * of the series' mean (memory moves a little with what the conversations rightly keep); "level":
 * flat only when every sample after the warm-up is the same; "info": grows by design, shown only.
 */
const SERIES = [
  { key: "heap", title: "heap after GC (MiB)", scale: MiB, rule: "relative" },
  { key: "metaspace", title: "metaspace (MiB)", scale: MiB, rule: "relative" },
  { key: "osThreads", title: "OS threads", scale: 1, rule: "level" },
  { key: "javaThreads", title: "Java threads incl. virtual", scale: 1, rule: "level" },
  { key: "fds", title: "open fds", scale: 1, rule: "level" },
  { key: "children", title: "child processes", scale: 1, rule: "level" },
  { key: "stateBytes", title: "state dir on disk (MiB)", scale: MiB, rule: "info" },
  { key: "medianTurnMs", title: "median turn (ms)", scale: 1, rule: "info" },
];

const RELATIVE_LIMIT = 0.01;

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

/** The verdict for one series over the samples after the warm-up. */
export function judge(series, samples) {
  const points = samples.filter((s) => s[series.key] != null).map((s) => ({ x: s.turns, y: s[series.key] / series.scale }));
  if (points.length < 2) return { points, verdict: "not sampled" };
  const per100 = slope(points) * 100;
  const mean = points.reduce((a, p) => a + p.y, 0) / points.length;
  const ys = points.map((p) => p.y);
  const level = Math.max(...ys) === Math.min(...ys);
  let verdict;
  if (series.rule === "relative") {
    const share = mean === 0 ? 0 : Math.abs(per100) / mean;
    verdict = `${share < RELATIVE_LIMIT ? "flat" : "NOT flat"} (${(share * 100).toFixed(2)} % of the mean per 100 turns)`;
  } else if (series.rule === "level") {
    verdict = level ? "flat (level)" : `NOT flat (${Math.min(...ys)}–${Math.max(...ys)})`;
  } else {
    verdict = "grows by design (informational)";
  }
  return { points, per100, mean, verdict };
}

/** Names that `after` has more of than `before` (a multiset difference), with counts. */
function added(before, after) {
  const count = new Map();
  for (const n of before) count.set(n, (count.get(n) ?? 0) - 1);
  for (const n of after) count.set(n, (count.get(n) ?? 0) + 1);
  return [...count].filter(([, c]) => c !== 0).map(([n, c]) => `${c > 0 ? "+" : ""}${c} ${n}`);
}

const generic = (names) => names.map((n) => n.replace(/\d+/g, "#"));

/** The classes whose live bytes grew most between two histograms. */
function printHistogramDiff(label, before, after) {
  if (!before?.size || !after?.size) return;
  const grown = [];
  for (const [name, a] of after) {
    const b = before.get(name) ?? { instances: 0, bytes: 0 };
    if (a.bytes !== b.bytes) grown.push({ name, bytes: a.bytes - b.bytes, instances: a.instances - b.instances });
  }
  grown.sort((x, y) => y.bytes - x.bytes);
  const kib = (n) => `${n >= 0 ? "+" : ""}${(n / 1024).toFixed(0)} KiB`;
  console.log(`  ${label}, live objects that grew most: ${grown.slice(0, 8).map((g) => `${g.name} ${kib(g.bytes)} (${g.instances >= 0 ? "+" : ""}${g.instances})`).join("; ")}`);
}

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
  /^process reaper$/, // one per running child; idle ones leave after 60 s
  /^C# CompilerThre/, // JIT compiler threads, started and stopped with the compile queue
  /^\/dev\/u?random$/, // SecureRandom's seed files, opened once
];
const jdkOwn = (name) => JDK_OWN.some((re) => re.test(name));

/** Per kind (Java threads, OS threads, fds): the name differences, and which are not the JDK's. */
function differences(before, after) {
  const kinds = [
    ["Java threads", generic(before.threadNames ?? []), generic(after.threadNames ?? [])],
    ["OS threads", generic(before.osThreadNames ?? []), generic(after.osThreadNames ?? [])],
    ["fds", before.fdTargets ?? [], after.fdTargets ?? []],
  ];
  return kinds.map(([kind, b, a]) => {
    const diff = added(b, a);
    return { kind, diff, foreign: diff.filter((d) => !jdkOwn(d.replace(/^[+-]?\d+ /, ""))) };
  });
}

function printDiff(label, before, after) {
  for (const { kind, diff } of differences(before, after)) {
    if (diff.length) console.log(`  ${label}, ${kind}: ${diff.slice(0, 12).join("; ")}`);
  }
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
  const table = rows.map((row) => [row.label, ...SERIES.map((s) => fmt(row[s.key], s.scale))]);
  console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const line of table) console.log(`| ${line.join(" | ")} |`);

  const after = r.samples.filter((s) => s.turns >= r.warmup);
  console.log(`\nSlopes over the ${after.length} samples from turn ${r.warmup} on (the first ${r.warmup} turns are warm-up); `
    + `flat = heap and metaspace slope under ${RELATIVE_LIMIT * 100} % of the mean per 100 turns, threads, fds and children exactly level.`);
  console.log("| series | slope per 100 turns | first | last | verdict |\n|---|---|---|---|---|");
  for (const series of SERIES) {
    const j = judge(series, after);
    if (!j.points.length) {
      console.log(`| ${series.title} | n/a | n/a | n/a | not sampled |`);
      continue;
    }
    const first = j.points[0].y;
    const last = j.points[j.points.length - 1].y;
    const digits = series.scale === 1 ? 1 : 3;
    console.log(`| ${series.title} | ${j.per100 == null ? "n/a" : j.per100.toFixed(digits)} | ${first.toFixed(digits)} | ${last.toFixed(digits)} | ${j.verdict} |`);
  }
  if (after.length >= 2) {
    const [first, last] = [after[0], after[after.length - 1]];
    printDiff(`turn ${first.turns} → ${last.turns}`, first, last);
    printHistogramDiff(`turn ${first.turns} → ${last.turns}`, first.histogram, last.histogram);
  }

  console.log(`\nAfter closing every session (at once / ${r.idle.label}), against the post-initialize baseline:`);
  const diffs = Object.fromEntries(differences(r.baseline, r.idle).map((d) => [d.kind, d]));
  const kindOf = { osThreads: "OS threads", javaThreads: "Java threads", fds: "fds" };
  for (const key of ["osThreads", "javaThreads", "fds", "children"]) {
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
  if (r.baseline.heap != null && r.idle.heap != null) {
    console.log(`  heap after GC: ${fmt(r.baseline.heap, MiB)} → ${fmt(r.closed.heap, MiB)} / ${fmt(r.idle.heap, MiB)} MiB `
      + `(peak while sessions were open ${fmt(Math.max(...r.samples.map((s) => s.heap)), MiB)} MiB)`);
  }
  printDiff("baseline → closed and idle", r.baseline, r.idle);
  printHistogramDiff("baseline → closed and idle", r.baseline.histogram, r.idle.histogram);
}
