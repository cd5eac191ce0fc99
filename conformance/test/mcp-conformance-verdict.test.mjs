import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT, CONFORMANCE_DIR } from "../lib/paths.mjs";

// scripts/mcp-conformance judged by what the runner writes, never by its text: the real script, in a
// copy of the repository's layout, against a stand-in for the suite that writes the checks.json each
// scenario below names (where the runner writes it: a subdirectory named for the scenario and the
// time) and exits as a runner would. No Tether, no JVM: the results are fed to it.

const SUCCESS = (id, name = id) => ({ id, name, status: "SUCCESS" });
const SKIPPED = (id, name = id) => ({ id, name, status: "SKIPPED", errorMessage: `${name} was not exercised` });
const INFO = (id) => ({ id, name: id, status: "INFO" });

// scenario@version → what the stand-in runner does: the checks it writes (none: no checks.json) and its exit code.
const RUNS = {
  "all-pass@2025-11-25": { checks: [SUCCESS("a"), INFO("incoming"), SUCCESS("b")], exit: 0 },
  "all-pass@2026-07-28": { checks: [SUCCESS("a")], exit: 0 },
  // The runner's own verdict is "Passed: 0/0 ... OVERALL: PASSED" for these two.
  "empty@2025-11-25": { checks: [], exit: 0 },
  "only-info@2025-11-25": { checks: [INFO("incoming"), INFO("outgoing")], exit: 0 },
  "unexpected-skip@2025-11-25": { checks: [SUCCESS("a"), SKIPPED("headers", "MethodHeader_prompts_get")], exit: 0 },
  "expected-skip@2026-07-28": { checks: [SUCCESS("a"), SKIPPED("headers", "MethodHeader_initialize")], exit: 0 },
  // Same check id, another name: the list names exactly one of them.
  "skip-of-another-name@2026-07-28": { checks: [SUCCESS("a"), SKIPPED("headers", "MethodHeader_initialize"),
    SKIPPED("headers", "MethodHeader_resources_read")], exit: 0 },
  "stale-skip@2026-07-28": { checks: [SUCCESS("a"), SUCCESS("headers", "MethodHeader_initialize")], exit: 0 },
  "warning@2025-11-25": { checks: [SUCCESS("a"), { id: "w", name: "w", status: "WARNING", errorMessage: "a SHOULD" }], exit: 1 },
  "failure@2025-11-25": { checks: [SUCCESS("a"), { id: "f", name: "f", status: "FAILURE", errorMessage: "wrong" }], exit: 1 },
  "client-failed@2025-11-25": { checks: [SUCCESS("a")], exit: 1 },
  "not-applicable@2025-11-25": { checks: null, exit: 0, stdout: "SKIPPED: scenario 'not-applicable' is not applicable" },
  "ext-pass@extension": { checks: [SUCCESS("sep-2640-host-no-prefetch")], exit: 0 },
  "ext-skipped@extension": { checks: [SKIPPED("sep-2640-host-no-prefetch", "SkillsClientNoPrefetch")], exit: 0 },
};

const LISTING = {
  "all-pass": "2025-11-25,2026-07-28", empty: "2025-11-25", "only-info": "2025-11-25",
  "unexpected-skip": "2025-11-25", "expected-skip": "2026-07-28", "skip-of-another-name": "2026-07-28",
  "stale-skip": "2026-07-28", warning: "2025-11-25", failure: "2025-11-25", "client-failed": "2025-11-25",
  "not-applicable": "2025-11-25", "ext-pass": "extension", "ext-skipped": "extension",
};

const EXPECTED_SKIPS = {
  skips: ["expected-skip", "skip-of-another-name", "stale-skip"].map((scenario) => ({
    scenario, version: "2026-07-28", check: "headers", name: "MethodHeader_initialize",
    reason: "no initialize at a stateless revision",
  })),
};

const FAKE_SUITE = `
import fs from "node:fs";
import path from "node:path";
const runs = ${JSON.stringify(RUNS)};
const listing = ${JSON.stringify(LISTING)};
const args = process.argv.slice(2);
if (args[0] === "list") {
  console.log("Client scenarios:");
  for (const [name, versions] of Object.entries(listing)) console.log("  - " + name + " [" + versions + "]");
  process.exit(0);
}
const flag = (f) => args[args.indexOf(f) + 1];
const scenario = flag("--scenario");
const version = args.includes("--spec-version") ? flag("--spec-version") : "extension";
const run = runs[scenario + "@" + version];
if (run.stdout) console.log(run.stdout);
if (run.checks) {
  const dir = path.join(flag("-o"), scenario + "-2026-12-04T16-20-16-200Z");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "checks.json"), JSON.stringify(run.checks, null, 2));
  console.error("Passed: " + run.checks.filter((c) => c.status === "SUCCESS").length + "/" + run.checks.length);
}
process.exit(run.exit);
`;

/** A copy of the repository's layout that scripts/mcp-conformance runs in: the script, its libraries, a built stamp. */
function layout(t) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tether-verdict-"));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, "scripts", "lib"), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "scripts", "mcp-conformance"), path.join(root, "scripts", "mcp-conformance"));
  for (const f of fs.readdirSync(path.join(REPO_ROOT, "scripts", "lib"))) {
    fs.copyFileSync(path.join(REPO_ROOT, "scripts", "lib", f), path.join(root, "scripts", "lib", f));
  }
  fs.mkdirSync(path.join(root, "conformance"));
  fs.writeFileSync(path.join(root, "conformance", "package-lock.json"), "{}");
  fs.mkdirSync(path.join(root, "conformance", "node_modules"));
  fs.writeFileSync(path.join(root, "conformance", "expected-skips.json"), JSON.stringify(EXPECTED_SKIPS));
  fs.writeFileSync(path.join(root, "fake-suite.mjs"), FAKE_SUITE);
  // The client's test classes count as built (the stamp is newer than the sources), so the script asks Maven for nothing.
  fs.mkdirSync(path.join(root, "src"));
  fs.writeFileSync(path.join(root, "pom.xml"), "<project/>");
  fs.mkdirSync(path.join(root, "target", "mcp-conformance"), { recursive: true });
  fs.writeFileSync(path.join(root, "target", "test-classpath.txt"), "");
  const later = new Date(Date.now() + 60_000);
  fs.writeFileSync(path.join(root, "target", "mcp-conformance", ".built"), "");
  fs.utimesSync(path.join(root, "target", "mcp-conformance", ".built"), later, later);
  fs.utimesSync(path.join(root, "conformance", "node_modules"), later, later);
  return root;
}

function runScript(root, scenarios) {
  const result = spawnSync("bash", [path.join(root, "scripts", "mcp-conformance"), "--scenarios", scenarios], {
    encoding: "utf8",
    env: {
      ...process.env,
      // This node (22 or newer under the test runner) is the one the script finds first.
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      TETHER_MCP_CONFORMANCE_SUITE: path.join(root, "fake-suite.mjs"),
    },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The line of `scenario` and the reasons printed under it. */
function section(out, scenario) {
  const lines = out.split("\n");
  const start = lines.findIndex((l) => l.startsWith(scenario + " "));
  assert.ok(start >= 0, `no line for ${scenario} in:\n${out}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !l.startsWith("    "));
  return [lines[start], ...rest.slice(0, end < 0 ? rest.length : end)].join("\n");
}

test("scenarios whose every check ran and passed pass, the expected skip included", { timeout: 60_000 }, (t) => {
  const root = layout(t);
  const { code, out, err } = runScript(root, "all-pass,expected-skip,ext-pass");
  assert.equal(code, 0, out + err);
  assert.match(section(out, "all-pass"), /all-pass +pass .*\(2025-11-25 pass 2\/2, 2026-07-28 pass 1\/1\)/);
  assert.match(section(out, "expected-skip"), /pass .*\(2026-07-28 pass 1\/1\)/);
  assert.match(section(out, "ext-pass"), /pass .*\(extension pass 1\/1\)/);
  assert.match(out, /^3 passed, 0 failed \(4 runs, 0 failed\)$/m);
});

test("a run with no check, or only records, fails though the runner passed it", { timeout: 60_000 }, (t) => {
  const root = layout(t);
  const { code, out } = runScript(root, "empty,only-info,not-applicable");
  assert.equal(code, 1);
  assert.match(section(out, "empty"), /empty +FAIL .*FAIL 0\/0[\s\S]*no check ran/);
  assert.match(section(out, "only-info"), /FAIL 0\/0[\s\S]*no check ran \(2 records, none a SUCCESS\)/);
  assert.match(section(out, "not-applicable"), /wrote no checks\.json/);
  assert.match(out, /^0 passed, 3 failed \(3 runs, 3 failed\)$/m);
});

test("a skip not on the list fails the run and is named; the list names checks by id and name", { timeout: 60_000 }, (t) => {
  const root = layout(t);
  const { code, out } = runScript(root, "unexpected-skip,skip-of-another-name,ext-skipped");
  assert.equal(code, 1);
  assert.match(section(out, "unexpected-skip"), /skipped, and not on the expected-skip list: headers \(MethodHeader_prompts_get\)/);
  const other = section(out, "skip-of-another-name");
  assert.match(other, /not on the expected-skip list: headers \(MethodHeader_resources_read\)/);
  assert.doesNotMatch(other, /MethodHeader_initialize/, "the listed skip of the same run is excused");
  assert.match(section(out, "ext-skipped"), /FAIL 0\/0[\s\S]*SkillsClientNoPrefetch/);
});

test("an expected skip whose check runs again is stale and fails the run", { timeout: 60_000 }, (t) => {
  const root = layout(t);
  const { code, out } = runScript(root, "stale-skip");
  assert.equal(code, 1);
  assert.match(section(out, "stale-skip"), /stale expected skip: headers \(MethodHeader_initialize\) now runs \(SUCCESS\); remove it/);
});

test("failures, warnings and a client that failed fail the run, whatever else passed", { timeout: 60_000 }, (t) => {
  const root = layout(t);
  const { code, out } = runScript(root, "warning,failure,client-failed,all-pass@2026-07-28");
  assert.equal(code, 1);
  assert.match(section(out, "warning"), /warned: w: a SHOULD/);
  assert.match(section(out, "failure"), /failed: f: wrong/);
  assert.match(section(out, "client-failed"), /FAIL 1\/1[\s\S]*the runner exited 1/);
  assert.match(section(out, "all-pass"), /all-pass +pass/);
  assert.match(out, /^1 passed, 3 failed \(4 runs, 3 failed\)$/m);
});

test("the project's expected-skip list names its checks and says why for each", () => {
  const list = JSON.parse(fs.readFileSync(path.join(CONFORMANCE_DIR, "expected-skips.json"), "utf8"));
  assert.ok(Array.isArray(list.skips));
  for (const entry of list.skips) {
    for (const key of ["scenario", "version", "check", "name", "reason"]) {
      assert.equal(typeof entry[key], "string", `${JSON.stringify(entry)} lacks ${key}`);
      assert.ok(entry[key].trim().length > 0, `${JSON.stringify(entry)} has an empty ${key}`);
    }
    assert.ok(entry.reason.length >= 40, `the reason of ${entry.name} explains nothing: ${entry.reason}`);
  }
  const suite = execFileSync(process.execPath, [path.join(CONFORMANCE_DIR, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"), "list", "--client"], { encoding: "utf8" });
  for (const entry of list.skips) {
    assert.match(suite, new RegExp(`- ${entry.scenario} \\[[^\\]]*${entry.version}`), `${entry.scenario}@${entry.version} is not a run the suite lists`);
  }
});
