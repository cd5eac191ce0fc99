import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTether, script } from "../lib/testing.mjs";

// Tether as users install it (docs/reference/packaging.md): the packages scripts/package writes
// to dist/, unpacked or `npm install`ed into temp folders with no network, and driven as Zed and
// the ACP registry's checks drive them. Building the packages takes minutes the first time
// (jlink, then training the start-up cache), so ./scripts/test builds them once before the node
// suite (`scripts/package --npm`) and sets TETHER_TEST_REQUIRE=1, under which missing packages
// fail these tests; run alone without fresh packages in dist/, they are skipped and say so.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIST = path.join(ROOT, "dist");
const REQUIRED = process.env.TETHER_TEST_REQUIRE === "1";
const NPM_NAME = "tether-acp";
const PLATFORMS = { "linux-x64": "linux-x86_64", "linux-arm64": "linux-aarch64", "darwin-x64": "darwin-x86_64", "darwin-arm64": "darwin-aarch64" };
const NPM_PLATFORM = `${process.platform}-${process.arch}`;
const REGISTRY_PLATFORM = PLATFORMS[NPM_PLATFORM];

/** The packages of one scripts/package --npm run, when they are all there and newer than the jar. */
function packages() {
  const jar = path.join(ROOT, "target", "tether.jar");
  const agentJson = path.join(DIST, "registry", "tether", "agent.json");
  if (!fs.existsSync(jar) || !fs.existsSync(agentJson)) return null;
  const { version } = JSON.parse(fs.readFileSync(agentJson, "utf8"));
  const files = {
    version,
    agentJson,
    icon: path.join(DIST, "registry", "tether", "icon.svg"),
    platformTar: path.join(DIST, `tether-${version}-${REGISTRY_PLATFORM}.tar.gz`),
    javaTar: path.join(DIST, `tether-${version}-java.tar.gz`),
    javaZip: path.join(DIST, `tether-${version}-java.zip`),
    npmMain: path.join(DIST, "npm", `${NPM_NAME}-${version}.tgz`),
    npmPlatform: path.join(DIST, "npm", `${NPM_NAME}-${NPM_PLATFORM}-${version}.tgz`),
  };
  const jarTime = fs.statSync(jar).mtimeMs;
  const fresh = Object.values(files).slice(1).every((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= jarTime);
  return fresh ? files : null;
}

const dist = packages();
const skip = dist || REQUIRED ? false : "no fresh packages in dist/ (scripts/package --npm writes them; ./scripts/test does)";
// The sessions below read /proc/<pid>/maps and /proc/<pid>/exe of the started process.
const procSkip = skip || (process.platform !== "linux" && "reads /proc (Linux only)");

function requireDist() {
  assert.ok(dist, "scripts/package --npm left no complete set of packages newer than target/tether.jar in dist/");
  return dist;
}

function tempDir(t, prefix) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A JDK 21+ to stand for the user's own: the one the tests run with. */
function userJavaHome() {
  if (process.env.JAVA_HOME && fs.existsSync(path.join(process.env.JAVA_HOME, "bin", "java"))) return process.env.JAVA_HOME;
  return execFileSync("sh", ["-c", 'tether_root="$1"; . "$1/scripts/lib/java.sh"; tether_java_home', "sh", ROOT]).toString().trim();
}

/**
 * An environment with no Java to be found: JAVA_HOME names nothing, no JDK folders are searched,
 * and PATH holds only the few tools the launcher uses (no java, no node).
 */
function noJava(dir) {
  const bin = path.join(dir, "tools");
  fs.mkdirSync(bin, { recursive: true });
  for (const tool of ["readlink", "uname", "touch", "mv", "rm", "sed", "cat", "dirname", "basename", "stat", "mktemp"]) {
    const found = ["/usr/bin", "/bin"].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (found && !fs.existsSync(path.join(bin, tool))) fs.symlinkSync(found, path.join(bin, tool));
  }
  return { JAVA_HOME: path.join(dir, "no-jdk-here"), TETHER_JAVA_DIRS: "", PATH: bin };
}

/** `npm install` of the given tarballs into a fresh prefix, offline; returns the prefix. */
function npmInstall(t, tarballs) {
  const prefix = tempDir(t, "tether-npm-");
  const cache = path.join(prefix, ".npm-cache");
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--cache", cache, "--prefix", prefix, ...tarballs],
    { cwd: prefix, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_registry: "http://127.0.0.1:9/" } });
  return prefix;
}

/** A full session: the scripted model calls the bundled reference server's tool through MCP. */
async function orderSession(t, command, env) {
  const tether = await startTether(t, { command, args: [], script: script("orders.jsonl"), env });
  const mapsAtStart = fs.readFileSync(`/proc/${tether.child.pid}/maps`, "utf8");
  const exe = fs.readlinkSync(`/proc/${tether.child.pid}/exe`);
  const { sessionId } = await tether.newSession({ mcpServers: [{ name: "orders", command, args: ["reference-server"], env: [] }] });
  const { stopReason } = await tether.prompt(sessionId, "Who ordered A-1003?");
  assert.equal(stopReason, "end_turn", tether.stderrTail());
  assert.equal(tether.text(sessionId), "Order A-1003 belongs to Grace Hopper.");
  return { tether, mapsAtStart, exe };
}

const NO_CACHE_TROUBLE = /start-up cache|\[aot\]|\[cds\]|warning|error/i;

test("the linux archive starts from its own runtime and cache with no Java installed", { timeout: 120_000, skip: procSkip || (!REGISTRY_PLATFORM && "no archive for this platform") }, async (t) => {
  const { platformTar, version } = requireDist();
  const dir = tempDir(t, "tether-archive-");
  execFileSync("tar", ["-xzf", platformTar, "-C", dir]);
  const top = path.join(dir, `tether-${version}-${REGISTRY_PLATFORM}`);
  for (const file of ["bin/tether", "bin/tether.cmd", "bin/jvm.args", "lib/tether.jar", "lib/tether-launch.txt", "runtime/bin/java", "README.md"]) {
    assert.ok(fs.existsSync(path.join(top, file)), `the archive holds ${file}`);
  }
  const { tether, mapsAtStart, exe } = await orderSession(t, path.join(top, "bin", "tether"), noJava(dir));
  assert.equal(exe, path.join(top, "runtime", "bin", "java"), "the bundled runtime runs Tether");
  assert.match(mapsAtStart, /tether-[^/\n]*\.aot/, "the start-up cache is mapped");
  assert.doesNotMatch(tether.stderr(), NO_CACHE_TROUBLE, "the bundled cache fits the bundled runtime");
  assert.match(fs.readFileSync(path.join(top, "README.md"), "utf8"), /agent_servers/, "the README says how to use it from Zed");
});

test("the -java archives hold the jar and launchers and run on the user's Java, saying there is no cache", { timeout: 120_000, skip: procSkip }, async (t) => {
  const { javaTar, javaZip, version } = requireDist();
  const top = `tether-${version}-java`;
  const expected = ["bin/tether", "bin/tether.cmd", "bin/jvm.args", "lib/tether.jar", "scripts/lib/java.sh", "README.md"].map((f) => `${top}/${f}`);
  const tarEntries = execFileSync("tar", ["-tzf", javaTar]).toString().split("\n");
  const jarTool = path.join(userJavaHome(), "bin", "jar"); // reads the .zip where no unzip is installed
  const zipEntries = execFileSync(jarTool, ["--list", "--file", javaZip]).toString().split("\n");
  for (const entry of expected) {
    assert.ok(tarEntries.includes(entry), `the .tar.gz holds ${entry}`);
    assert.ok(zipEntries.includes(entry), `the .zip holds ${entry}`);
  }
  assert.ok(!tarEntries.some((e) => /\/runtime\/|\.aot$|\.jsa$/.test(e)), "no runtime or cache in the -java archive");
  const unzipped = tempDir(t, "tether-zip-");
  execFileSync(jarTool, ["--extract", "--file", javaZip, `${top}/bin/tether.cmd`], { cwd: unzipped });
  const cmd = fs.readFileSync(path.join(unzipped, top, "bin", "tether.cmd"), "utf8");
  assert.match(cmd, /\r\n/, "the Windows launcher has CRLF line ends");
  assert.match(cmd, /@%TETHER_BIN%jvm\.args/, "the Windows launcher passes the same JVM options file");

  const dir = tempDir(t, "tether-java-");
  execFileSync("tar", ["-xzf", javaTar, "-C", dir]);
  const javaHome = userJavaHome();
  const env = { ...noJava(dir), JAVA_HOME: javaHome };
  const { tether, exe } = await orderSession(t, path.join(dir, top, "bin", "tether"), env);
  assert.equal(exe, fs.realpathSync(path.join(javaHome, "bin", "java")), "JAVA_HOME's java runs Tether");
  assert.match(tether.stderr(), /no start-up cache for this Java, so each start takes a few hundred milliseconds longer; '.*train-cache' records one/);

  // What the message says to do works: a cache for this Java, which the next start uses.
  const launcher = path.join(dir, top, "bin", "tether");
  const trained = spawnSync(launcher, ["train-cache"], { env: { ...process.env, ...env }, encoding: "utf8" });
  assert.equal(trained.status, 0, trained.stderr);
  assert.equal(trained.stdout, "");
  const next = spawnSync(launcher, ["--version"], { env: { ...process.env, ...env }, encoding: "utf8" });
  assert.equal(next.status, 0, next.stderr);
  assert.doesNotMatch(next.stderr, NO_CACHE_TROUBLE, "the trained cache serves the next start");
});

test("npm install of the two tarballs, offline: the bin execs the platform package's runtime with its start-up cache", { timeout: 180_000, skip: procSkip || (!REGISTRY_PLATFORM && "no platform package for this platform") }, async (t) => {
  const { npmMain, npmPlatform } = requireDist();
  const prefix = npmInstall(t, [npmMain, npmPlatform]);
  const bin = path.join(prefix, "node_modules", ".bin", NPM_NAME);
  const platformDir = path.join(prefix, "node_modules", `${NPM_NAME}-${NPM_PLATFORM}`);
  assert.equal(fs.realpathSync(bin), path.join(prefix, "node_modules", NPM_NAME, "bin", "tether"), "the package's bin is the sh launcher itself");
  t.diagnostic(`the jar's time after npm install: ${fs.statSync(path.join(prefix, "node_modules", NPM_NAME, "lib", "tether.jar")).mtime.toISOString()}`);

  const dir = tempDir(t, "tether-npm-env-");
  const { tether, mapsAtStart, exe } = await orderSession(t, bin, noJava(dir));
  assert.equal(exe, path.join(platformDir, "runtime", "bin", "java"), "the launcher exec'd the platform runtime: no sh or node in between");
  const cache = fs.readdirSync(path.join(platformDir, "cache")).find((f) => f.endsWith(".aot") || f.endsWith(".jsa"));
  assert.ok(mapsAtStart.includes(path.join(platformDir, "cache", cache)), "the JVM mapped the platform package's start-up cache");
  assert.doesNotMatch(tether.stderr(), NO_CACHE_TROUBLE, "the cache fits the installed jar and runtime");
  const note = fs.readFileSync(path.join(prefix, "node_modules", NPM_NAME, "lib", "tether-launch.txt"), "utf8").split("\n");
  assert.equal(note[1], `../../${NPM_NAME}-${NPM_PLATFORM}/cache/${cache}`, "the first start left the note later starts read");

  // A later start goes by the note, and still uses the cache.
  const again = spawnSync(bin, ["--version"], { env: { ...process.env, ...noJava(dir) }, encoding: "utf8" });
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /^tether \d+\.\d+\.\d+/);
  assert.doesNotMatch(again.stderr, NO_CACHE_TROUBLE);
});

test("npm install without the platform package: the bin runs on JAVA_HOME's Java; with no Java it says what to install", { timeout: 180_000, skip: procSkip }, async (t) => {
  const { npmMain } = requireDist();
  const prefix = npmInstall(t, [npmMain]);
  const bin = path.join(prefix, "node_modules", ".bin", NPM_NAME);
  assert.ok(!fs.readdirSync(path.join(prefix, "node_modules")).some((d) => d.startsWith(`${NPM_NAME}-`)), "no platform package installed");
  const dir = tempDir(t, "tether-npm-env-");

  const javaHome = userJavaHome();
  const { exe } = await orderSession(t, bin, { ...noJava(dir), JAVA_HOME: javaHome });
  assert.equal(exe, fs.realpathSync(path.join(javaHome, "bin", "java")));

  const none = spawnSync(bin, [], { input: "", env: { ...process.env, ...noJava(dir) }, encoding: "utf8" });
  assert.notEqual(none.status, 0);
  assert.equal(none.stdout, "", "nothing on stdout, which belongs to the protocol");
  assert.match(none.stderr, /Tether needs Java 21 or newer, and none was found/);
  assert.match(none.stderr, /install a Java 21\+ runtime/);

  // A Java that is too old is named, and not run.
  const old = path.join(dir, "jdk-17");
  fs.mkdirSync(path.join(old, "bin"), { recursive: true });
  fs.writeFileSync(path.join(old, "release"), 'JAVA_VERSION="17.0.12"\n');
  fs.writeFileSync(path.join(old, "bin", "java"), "#!/bin/sh\necho 'this java must not run' >&2\nexit 3\n", { mode: 0o755 });
  const tooOld = spawnSync(bin, [], { input: "", env: { ...process.env, ...noJava(dir), JAVA_HOME: old }, encoding: "utf8" });
  assert.notEqual(tooOld.status, 0);
  assert.equal(tooOld.stdout, "");
  assert.match(tooOld.stderr, /JAVA_HOME is Java 17/);
  assert.doesNotMatch(tooOld.stderr, /must not run/);
});

// The ACP registry's daily protocol matrix and its auth check, through the installed package: no
// key, no sign-in, no scripted model. Each answer is recorded in target/registry-probes.json.
test("the registry's unauthenticated probes answer with valid authMethods, a result or a spec error", { timeout: 180_000, skip: skip || (!REGISTRY_PLATFORM && "no platform package for this platform") }, async (t) => {
  const { npmMain, npmPlatform } = requireDist();
  const prefix = npmInstall(t, [npmMain, npmPlatform]);
  const bin = path.join(prefix, "node_modules", ".bin", NPM_NAME);
  const env = { ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, TETHER_PROVIDER: undefined,
    TETHER_SCRIPT: undefined, TETHER_MODEL: undefined, HOME: tempDir(t, "tether-home-") };
  const tether = await startTether(t, { command: bin, args: [], env, initialize: false });
  const answers = [];
  const ask = async (method, params) => {
    try {
      const result = await tether.request(method, params);
      answers.push({ method, result });
      return { result };
    } catch (error) {
      assert.equal(typeof error.code, "number", `${method} failed without a JSON-RPC error: ${error.message}`);
      answers.push({ method, error: { code: error.code, message: error.rpcMessage } });
      return { error };
    }
  };
  const init = await ask("initialize", { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true } });
  assert.ok(init.result, "initialize answers");
  const methods = init.result.authMethods;
  assert.ok(Array.isArray(methods) && methods.length > 0, "authMethods are advertised");
  for (const m of methods) {
    assert.ok(typeof m.id === "string" && m.id && typeof m.name === "string" && m.name, JSON.stringify(m));
    assert.ok(m.type === undefined || ["env_var", "terminal", "agent"].includes(m.type), `an ACP auth method type: ${JSON.stringify(m)}`);
  }
  assert.ok(methods.some((m) => m.type === undefined || m.type === "agent" || m.type === "terminal"),
    "the registry lists agents with an agent or terminal auth method");

  const created = await ask("session/new", { cwd: tether.dirs.workspace, mcpServers: [] });
  if (created.error) assert.equal(created.error.code, -32000, "without a key, session/new answers ACP's auth_required");
  const sessionId = created.result?.sessionId ?? "sess_registry_probe";
  const probes = [
    ["session/list", { cwd: tether.dirs.workspace }],
    ["session/fork", { sessionId, cwd: tether.dirs.workspace, mcpServers: [] }],
    ["session/resume", { sessionId, cwd: tether.dirs.workspace, mcpServers: [] }],
    ["session/set_model", { sessionId, modelId: "probe" }],
    ["session/close", { sessionId }],
  ];
  for (const [method, params] of probes) {
    const { error } = await ask(method, params);
    if (error) {
      assert.ok([-32601, -32602, -32000, -32002].includes(error.code) || (error.code <= -32000 && error.code >= -32099),
        `${method} answered a spec error, not ${error.code}`);
    }
  }
  assert.equal(answers.length, 2 + probes.length, "every probe was answered");
  fs.mkdirSync(path.join(ROOT, "target"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "target", "registry-probes.json"), `${JSON.stringify(answers, null, 2)}\n`);
  t.diagnostic(answers.map((a) => `${a.method}: ${a.error ? `error ${a.error.code}` : "result"}`).join("; "));
});

// The registry's documented format (agentclientprotocol/registry, FORMAT.md and its schema), and
// every file the entry names.
test("dist/registry/tether/agent.json follows the registry's format and names only files in dist/", { timeout: 60_000, skip }, async (t) => {
  const { agentJson, icon, version } = requireDist();
  const entry = JSON.parse(fs.readFileSync(agentJson, "utf8"));
  const allowed = ["id", "name", "version", "description", "repository", "website", "authors", "license", "license_url", "icon", "distribution"];
  for (const key of Object.keys(entry)) assert.ok(allowed.includes(key), `unknown field ${key}`);
  assert.match(entry.id, /^[a-z][a-z0-9-]*$/);
  assert.equal(path.basename(path.dirname(agentJson)), entry.id, "the folder is named as the id");
  assert.ok(entry.name.length > 0 && entry.description.length > 0);
  assert.match(entry.version, /^[0-9]+\.[0-9]+\.[0-9]+/);
  assert.equal(entry.version, version);
  const pom = fs.readFileSync(path.join(ROOT, "pom.xml"), "utf8");
  assert.ok(pom.includes(`<version>${version}</version>`), "the project's version");
  assert.ok(Array.isArray(entry.authors) && entry.authors.every((a) => typeof a === "string"));
  assert.equal(typeof entry.license, "string");
  if (entry.repository !== undefined) assert.doesNotThrow(() => new URL(entry.repository));

  const dists = entry.distribution;
  for (const key of Object.keys(dists)) assert.ok(["binary", "npx", "uvx"].includes(key), `unknown distribution ${key}`);
  const platforms = ["darwin-aarch64", "darwin-x86_64", "linux-aarch64", "linux-x86_64", "windows-aarch64", "windows-x86_64"];
  assert.ok(Object.keys(dists.binary).length >= 1);
  for (const [platform, target] of Object.entries(dists.binary)) {
    assert.ok(platforms.includes(platform), `a registry platform: ${platform}`);
    for (const key of Object.keys(target)) assert.ok(["archive", "sha256", "cmd", "args", "env"].includes(key), `unknown field ${key}`);
    const url = new URL(target.archive);
    assert.match(url.pathname, /\.(zip|tar\.gz|tgz|tar\.bz2|tbz2)$/);
    const file = path.join(DIST, path.basename(url.pathname));
    assert.ok(fs.existsSync(file), `${target.archive} is in dist/`);
    assert.match(target.sha256, /^[a-f0-9]{64}$/);
    assert.equal(target.sha256, crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"), "the checksum is the archive's");
    const entries = execFileSync("tar", ["-tzf", file]).toString().split("\n");
    assert.ok(entries.includes(target.cmd.replace(/^\.\//, "")), `the archive holds ${target.cmd}`);
  }
  assert.equal(dists.npx.package, `${NPM_NAME}@${version}`);
  for (const key of Object.keys(dists.npx)) assert.ok(["package", "args", "env"].includes(key));
  assert.ok(fs.existsSync(path.join(DIST, "npm", `${NPM_NAME}-${version}.tgz`)), "the npm package it names was packed");
  const pkg = JSON.parse(execFileSync("tar", ["-xzOf", path.join(DIST, "npm", `${NPM_NAME}-${version}.tgz`), "package/package.json"]).toString());
  assert.deepEqual(pkg.bin, { [NPM_NAME]: "bin/tether" }, "npx runs the sh launcher");
  assert.equal(pkg.scripts, undefined, "no install scripts");

  // The icon: 16x16 SVG, monochrome through currentColor.
  const svg = fs.readFileSync(icon, "utf8");
  assert.match(svg, /^<svg [^>]*width="16"[^>]*height="16"/);
  for (const [, color] of svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)) assert.ok(["currentColor", "none"].includes(color), `color ${color}`);
});
