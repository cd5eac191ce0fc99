// The /status page in a real browser: Debian's Chromium driven by playwright-core (never a
// downloaded browser). Tether runs with the reference server, server-everything, a 2026 server
// holding a task and a hostile server attached; the test opens the link /status gives, checks what
// a person sees, kills a server and watches the open page change without a reload, then tries the
// guards (cookie, Host, Origin, one-time link, CSRF) and the masking of a planted secret.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";
import { everythingStdio, mcp2026Stdio, ordersStdio } from "../lib/mcp-peers.mjs";
import { FIXTURES, script, startTether } from "../lib/testing.mjs";
import { makeTempDirs } from "../lib/client.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { attachableTetherCommand } from "../lib/attachable-jvm.mjs";

const CHROMIUM = process.env.TETHER_CHROMIUM ?? "/usr/bin/chromium";
// The flags that work on a closed network, as root, with a fresh profile (playwright adds --user-data-dir).
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync"];
const SECRET = "plnt-7Qx9vZ2mK4wR8tY1";
const SCREENSHOT = path.join(REPO_ROOT, "target", "status-page", "status-page.png");

/** A raw request, so that Host and Origin can be anything (fetch would not let a test set Host). */
function raw(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => { text += chunk; });
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, text }));
    });
    request.on("error", reject);
    if (body) request.write(body);
    request.end();
  });
}

/** Every file under `dir`, as text (the transcripts, audit logs and artifacts Tether wrote). */
function allText(dir) {
  let out = "";
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out += fs.readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), "latin1");
  }
  return out;
}

test("the /status page shows sessions and servers live in Chromium, and keeps its guards", { timeout: 120_000 }, async (t) => {
  assert.ok(fs.existsSync(CHROMIUM), `the browser test needs Debian's chromium package (${CHROMIUM} is missing): ` +
    "run ./scripts/test as root to install it, or apt-get install chromium");

  const dirs = makeTempDirs("tether-status-");
  t.after(() => dirs.cleanup());
  const stateFile = path.join(dirs.root, "hostile.started");
  const peer = mcp2026Stdio("peer");
  fs.mkdirSync(path.join(dirs.config, "tether"), { recursive: true });
  fs.writeFileSync(path.join(dirs.config, "tether", "config.json"), JSON.stringify({
    mcp: { taskForegroundSeconds: 1 },
    mcpServers: { peer: { command: peer.command, args: peer.args, tasks: true } },
  }));
  const tether = await startTether(t, { dirs, script: script("status-page.jsonl"), permission: "allow_once",
    // A provider key is a secret Tether knows: masked everywhere it shows anything.
    env: { ANTHROPIC_API_KEY: SECRET } });
  const hostile = { name: "hostile", command: process.execPath, args: [path.join(FIXTURES, "hostile-mcp-server.mjs")],
    env: [{ name: "PLANTED_SECRET", value: SECRET }, { name: "STATE_FILE", value: stateFile }] };
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio(), ordersStdio(), hostile] });

  const first = await tether.prompt(sessionId, "use the tools");
  assert.equal(first.stopReason, "end_turn", tether.text(sessionId) + tether.stderrTail());
  assert.ok(tether.permissions.some((p) => JSON.stringify(p.request).includes("bake")), "the user was asked about bake");

  // /status: a link for the user, answered without the model.
  const before = tether.text(sessionId).length;
  assert.equal((await tether.prompt(sessionId, "/status")).stopReason, "end_turn");
  const answer = tether.text(sessionId).slice(before);
  const link = answer.match(/http:\/\/127\.0\.0\.1:(\d+)\/\?ticket=([A-Za-z0-9_-]+)/);
  assert.ok(link, `/status answered with a link: ${answer}`);
  const origin = `http://127.0.0.1:${link[1]}`;
  const ticket = link[2];

  // The next model request holds nothing of it (the script's expect fails the turn otherwise).
  const second = await tether.prompt(sessionId, "after the status page");
  assert.equal(second.stopReason, "end_turn");
  assert.match(tether.text(sessionId), /Nothing of the link reached me/, tether.stderrTail());

  // Guards that need no browser: no cookie, a rebound name, a used link.
  assert.equal((await raw(`${origin}/`)).status, 401, "no cookie, no page");
  assert.equal((await raw(`${origin}/api/status`)).status, 401, "no cookie, no JSON");
  assert.equal((await raw(`${origin}/api/status`, { headers: { Host: `rebound.example:${link[1]}` } })).status, 421);

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  t.after(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(link[0]);
  assert.equal(response.status(), 200);
  assert.equal(new URL(page.url()).search, "", "the ticket left the address bar");
  const csp = response.headers()["content-security-policy"];
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  const [cookie] = await context.cookies(origin);
  assert.equal(cookie.name, "tether_status");
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, "Strict");

  // The link worked once: a second use is refused, even in the same browser.
  assert.equal((await raw(link[0])).status, 403, "a used ticket opens nothing");

  // What a person sees: the servers ready, the tool names, a task, a permission decision.
  const row = (server) => page.locator(`table.servers tr[data-server="${server}"]`);
  for (const server of ["everything", "orders", "hostile", "peer"]) {
    assert.equal(await row(server).getAttribute("data-state"), "ready", `${server} is ready`);
  }
  assert.match(await row("peer").innerText(), /user/, "the config file's server says where it came from");
  assert.match(await row("everything").innerText(), /editor/);
  const text = await page.locator("#status").textContent();
  for (const tool of ["mcp__everything__echo", "mcp__orders__get_order", "mcp__hostile__leak", "mcp__peer__bake"]) {
    assert.ok(text.includes(tool), `the page names ${tool}`);
  }
  const tasks = await page.locator("table.tasks").innerText();
  assert.match(tasks, /mcp_task_[0-9a-f]+/);
  assert.match(tasks, /bake/);
  assert.match(tasks, /working/);
  const decisions = await page.locator("table.decisions").innerText();
  assert.match(decisions, /mcp__peer__bake\s+allowed\s+user/, decisions);

  // A hostile description is text: no element made of it, nothing of it ran.
  assert.ok(text.includes("<script>document.title='pwned'"), "the description shows as text");
  assert.equal(await page.locator("#status script, #status img").count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.title(), "Tether status");

  // The planted secret: in the server's stderr and a tool result, never on the page or in the JSON.
  assert.ok(text.includes("debug: connecting with api_key"), "the stderr tail is on the page");
  const json = await page.evaluate(async () => (await fetch("/api/status")).text());
  assert.ok(json.includes("debug: raw"), "the stderr tail is in the JSON");
  assert.ok(!(await page.content()).includes(SECRET), "the secret is not on the page");
  assert.ok(!json.includes(SECRET), "the secret is not in the JSON");
  const snapshot = JSON.parse(json);
  const session = snapshot.sessions.find((s) => s.id === sessionId);
  assert.ok(session, "the JSON holds the session");
  assert.equal(session.servers.find((s) => s.name === "everything").state, "ready");

  // Live: the hostile server is killed; the open page turns without a reload.
  await page.evaluate(() => { window.__sameDocument = true; });
  await page.waitForFunction(() => document.getElementById("live")?.dataset.state === "live");
  process.kill(Number(fs.readFileSync(stateFile, "utf8")), "SIGKILL");
  await page.waitForFunction(() => ["recovering", "failed"].includes(
    document.querySelector('table.servers tr[data-server="hostile"]')?.dataset.state), null, { timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('table.servers tr[data-server="hostile"] td.error')?.textContent.trim() !== "",
    null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "no reload happened");
  const error = await row("hostile").locator("td.error").innerText();
  assert.doesNotMatch(error, /Exception|at dev\.tether|\bnull\b/, `the error is in plain words: ${error}`);
  fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  t.diagnostic(`screenshot: ${SCREENSHOT}`);
  assert.ok(!(await page.content()).includes(SECRET), "the secret is not on the page after the failure either");

  // The one action needs the cookie, this origin and the CSRF token.
  const jar = `tether_status=${cookie.value}`;
  const form = `session=${encodeURIComponent(sessionId)}&server=everything`;
  const post = (headers) => raw(`${origin}/api/reconnect`, { method: "POST", body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: `127.0.0.1:${link[1]}`, ...headers } });
  assert.equal((await raw(`${origin}/api/status`, { headers: { Cookie: jar, Origin: "http://evil.example" } })).status, 403,
    "another origin is refused");
  assert.equal((await post({ Cookie: jar, Origin: origin })).status, 403, "no CSRF token, no action");
  assert.equal((await post({ Origin: origin, "X-CSRF-Token": "guess" })).status, 401, "no cookie, no action");
  assert.equal((await post({ Cookie: jar, Origin: "http://evil.example", "X-CSRF-Token": "guess" })).status, 403);
  const [reconnect] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/reconnect")),
    page.click('tr[data-server="everything"] form.reconnect button'),
  ]);
  assert.equal(reconnect.status(), 202, "the page's own reconnect is accepted");
  await page.waitForFunction(() => document.querySelector('tr[data-server="everything"]')?.dataset.state === "ready"
    && /Reconnecting/.test(document.querySelector('tr[data-server="everything"] button')?.textContent ?? "") === false,
  null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.__sameDocument), true);

  // Nothing Tether wrote (transcripts, audit, artifacts) holds the ticket or the cookie.
  const written = allText(dirs.state);
  assert.ok(written.length > 0, "Tether wrote its transcript");
  assert.ok(!written.includes(ticket), "the ticket is in no file Tether wrote");
  assert.ok(!written.includes(cookie.value), "the cookie is in no file Tether wrote");
  const transcript = fs.readFileSync(path.join(dirs.state, "tether", "sessions", `${sessionId}.jsonl`), "utf8");
  assert.match(transcript, /"text":"\/status"/, "the transcript keeps the command");
  assert.doesNotMatch(transcript, /Tether's status page/, "but not the answer that held the link");
});

test("nothing of the status page loads before the first /status", { timeout: 60_000 }, async (t) => {
  const dirs = makeTempDirs("tether-status-lazy-");
  t.after(() => dirs.cleanup());
  const classLog = path.join(dirs.root, "classes.log");
  const loaded = () => fs.readFileSync(classLog, "utf8").split("\n")
    .filter((line) => /\] (io\.helidon\.|dev\.tether\.http\.status\.)/.test(line)).map((line) => line.replace(/^.*\] (\S+).*$/, "$1"));
  // The JVM bin/tether starts (its options and start-up cache), with its class loading logged.
  const { command, args } = attachableTetherCommand();
  const jar = args.indexOf("-jar");
  const logged = [...args.slice(0, jar), `-Xlog:class+load=info:file=${classLog}`, ...args.slice(jar)];
  const tether = await startTether(t, { dirs, command, args: logged, script: script("hello.jsonl") });
  const { sessionId } = await tether.newSession({ mcpServers: [everythingStdio()] });
  assert.equal((await tether.prompt(sessionId, "hi")).stopReason, "end_turn");
  assert.ok(fs.readFileSync(classLog, "utf8").includes("dev.tether.session.SessionRuntime"), "the class log is written");
  assert.deepEqual(loaded(), [], "initialize, session/new and a turn load neither Helidon nor the status page");

  assert.equal((await tether.prompt(sessionId, "/status")).stopReason, "end_turn");
  const origin = tether.text(sessionId).match(/(http:\/\/127\.0\.0\.1:\d+)\/\?ticket=/)?.[1];
  assert.ok(origin, tether.text(sessionId));
  assert.equal((await raw(`${origin}/`)).status, 401, "the page answers");
  const after = loaded();
  assert.ok(after.some((name) => name.startsWith("io.helidon.webserver.")), "the first /status started Helidon");
  assert.ok(after.includes("dev.tether.http.status.StatusServer"));

  // The page ends with the process.
  await tether.close();
  await assert.rejects(raw(`${origin}/`), /ECONNREFUSED/, "nothing answers on the page's port once Tether has exited");
});
