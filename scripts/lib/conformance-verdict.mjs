// The verdict on one run of the MCP conformance suite (one scenario at one protocol version), read
// from the runner's structured results (checks.json), never from its text:
//
//   node conformance-verdict.mjs --scenario S --version V --skips FILE --runner-exit N DIR
//
// DIR is the run's output directory (the runner's -o); the runner writes checks.json into a
// subdirectory named after the scenario and the time. A run passes only when the runner exited 0,
// exactly one checks.json is there, at least one check succeeded, and no check failed, warned or
// was skipped, except a skip the expected-skip list FILE names for this scenario and version with
// its reason. An entry of that list whose check no longer skips is stale and fails the run too, so
// the list cannot outlive what it excuses. Prints "pass N/M" or "FAIL" on the first line, then one
// line per reason; exits 0 on a pass, 1 otherwise, 2 on bad usage.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every checks.json below dir. */
export function findResults(dir) {
  const found = [];
  const walk = (d) => {
    let names;
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const path = join(d, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (name === 'checks.json' && stat?.isFile()) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** The entries of the expected-skip list for one scenario and version; throws on a malformed list. */
export function expectedSkips(list, scenario, version) {
  if (!list || !Array.isArray(list.skips)) throw new Error('the expected-skip list has no "skips" array');
  for (const [i, entry] of list.skips.entries()) {
    for (const key of ['scenario', 'version', 'check', 'name', 'reason']) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '') {
        throw new Error(`expected-skip entry ${i} has no ${key}: every skip names its check and says why`);
      }
    }
  }
  return list.skips.filter((e) => e.scenario === scenario && e.version === version);
}

const label = (check) => (check.name && check.name !== check.id ? `${check.id} (${check.name})` : String(check.id));
const sameCheck = (entry, check) => entry.check === check.id && entry.name === (check.name ?? check.id);

/**
 * The verdict on one run's checks: { pass, succeeded, counted, reasons }. counted is the checks
 * that passed or failed (as the runner counts them); INFO records are neither.
 */
export function judge(checks, { expected = [], runnerExit = 0 } = {}) {
  const reasons = [];
  if (!Array.isArray(checks)) {
    return { pass: false, succeeded: 0, counted: 0, reasons: ['checks.json does not hold an array of checks'] };
  }
  const by = (status) => checks.filter((c) => c?.status === status);
  const succeeded = by('SUCCESS').length;
  const counted = succeeded + by('FAILURE').length;
  if (runnerExit !== 0) reasons.push(`the runner exited ${runnerExit}`);
  if (succeeded === 0) reasons.push(`no check ran (${checks.length} records, none a SUCCESS): a run that checks nothing proves nothing`);
  for (const c of by('FAILURE')) reasons.push(`failed: ${label(c)}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
  for (const c of by('WARNING')) reasons.push(`warned: ${label(c)}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
  for (const c of by('SKIPPED')) {
    if (!expected.some((e) => sameCheck(e, c))) {
      reasons.push(`skipped, and not on the expected-skip list: ${label(c)}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
    }
  }
  for (const e of expected) {
    const matching = checks.filter((c) => sameCheck(e, c));
    if (matching.length > 0 && matching.every((c) => c.status !== 'SKIPPED')) {
      reasons.push(`stale expected skip: ${e.check} (${e.name}) now runs (${matching.map((c) => c.status).join(', ')}); remove it from the list`);
    }
  }
  const known = new Set(['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO']);
  for (const c of checks.filter((c) => !known.has(c?.status))) reasons.push(`unknown status ${JSON.stringify(c?.status)}: ${label(c ?? {})}`);
  return { pass: reasons.length === 0, succeeded, counted, reasons };
}

/** The verdict on the run whose output directory is dir. */
export function judgeRun(dir, { scenario, version, skipsFile, runnerExit }) {
  const expected = expectedSkips(JSON.parse(readFileSync(skipsFile, 'utf8')), scenario, version);
  const results = findResults(dir);
  if (results.length !== 1) {
    const why = results.length === 0
      ? 'the runner wrote no checks.json (not applicable at this version, or it stopped before the checks)'
      : `the runner wrote ${results.length} checks.json files; expected one`;
    return { pass: false, succeeded: 0, counted: 0, reasons: [why, ...(runnerExit !== 0 ? [`the runner exited ${runnerExit}`] : [])] };
  }
  let checks;
  try {
    checks = JSON.parse(readFileSync(results[0], 'utf8'));
  } catch (e) {
    return { pass: false, succeeded: 0, counted: 0, reasons: [`${results[0]} is not JSON: ${e.message}`] };
  }
  return judge(checks, { expected, runnerExit });
}

function main(argv) {
  const options = {};
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (['--scenario', '--version', '--skips', '--runner-exit'].includes(arg)) options[arg.slice(2)] = argv[++i];
    else rest.push(arg);
  }
  const exit = Number(options['runner-exit'] ?? 0);
  if (!options.scenario || !options.version || !options.skips || rest.length !== 1 || !Number.isInteger(exit)) {
    process.stderr.write('usage: conformance-verdict.mjs --scenario S --version V --skips FILE [--runner-exit N] DIR\n');
    return 2;
  }
  let verdict;
  try {
    verdict = judgeRun(rest[0], { scenario: options.scenario, version: options.version, skipsFile: options.skips, runnerExit: exit });
  } catch (e) {
    verdict = { pass: false, succeeded: 0, counted: 0, reasons: [e.message] };
  }
  const lines = [verdict.pass ? `pass ${verdict.succeeded}/${verdict.counted}` : `FAIL ${verdict.succeeded}/${verdict.counted}`,
    ...verdict.reasons];
  process.stdout.write(lines.join('\n') + '\n');
  return verdict.pass ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
