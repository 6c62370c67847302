// Code mode's speed target (issue #50, item 2): a typed program's whole run (start, type check,
// run, answer) against the start of a bare `deno eval 'console.log(1)'` measured in the same run,
// on both sandboxes. Rounds alternate: a bare Deno start, then each sandbox's empty typed program
// and typed program making three tool calls; the medians of ROUNDS (20) after one warm-up round,
// each a ratio to the bare start, MET when ≤ 2.5. A program with a type error must still be
// reported as one (no speed bought by skipping the check). Load average printed before and after.
//   node bench/code-mode-speed.mjs [--rounds 20] [--only deno|workerd] [--dist DIR] [--deno BIN] [--workerd BIN]
// --dist points at another build of the framework (e.g. one before a change); the runtimes come
// from npm as the tests get them (deno@2.9.6, workerd@1.20261117.1, cached under the OS temp folder).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { median } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "20" },
    only: { type: "string" },
    dist: { type: "string" },
    deno: { type: "string" },
    workerd: { type: "string" },
  },
});
const rounds = Number(args.rounds);
const dist = path.resolve(args.dist ?? path.join(import.meta.dirname, "../packages/framework/dist"));
const codeMode = await import(pathToFileURL(path.join(dist, "host/code-mode/index.js")).href);
const LIMIT = 2.5;

// The runtime's binary from npm, installed once into the folder the tests use (test/support/runtimes.ts).
function fromNpm(spec, command) {
  const folder = path.join(os.tmpdir(), `typemcp-tools-${spec.replace(/[@./]/g, "_")}`);
  const bin = path.join(folder, "node_modules", ".bin", command);
  if (!fs.existsSync(path.join(folder, ".installed"))) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "package.json"), '{ "name": "typemcp-test-tools", "private": true }\n');
    const env = { ...process.env, npm_config_cache: path.join(os.tmpdir(), "typemcp-e2e-npm-cache") };
    if (spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", spec], { cwd: folder, env, stdio: "inherit" }).status === 0)
      fs.writeFileSync(path.join(folder, ".installed"), "");
  }
  return bin;
}

const deno = args.deno ?? fromNpm("deno@2.9.6", "deno");
const sandboxes = [];
if (args.only !== "workerd") sandboxes.push({ name: "deno", sandbox: codeMode.createDenoSandbox({ deno }) });
if (args.only !== "deno") {
  if (codeMode.createWorkerdSandbox)
    sandboxes.push({ name: "workerd", sandbox: codeMode.createWorkerdSandbox({ workerd: args.workerd ?? fromNpm("workerd@1.20261117.1", "workerd") }) });
  else console.log("workerd: this build has no workerd sandbox (createWorkerdSandbox)");
}

const declarations = "declare namespace crm {\n  function get(args: { id: number }): Promise<{ id: number; name: string }>;\n}\n";
const program = (code) => ({
  code,
  language: "typescript",
  declarations,
  namespaces: { crm: { get: "crm__get" } },
  onCall: async (_tool, callArgs) => ({ ok: true, value: { id: callArgs.id, name: `record ${callArgs.id}` } }),
});
const PROGRAMS = {
  empty: "",
  "three calls": "for (const id of [1, 2, 3]) console.log((await crm.get({ id })).name);",
};

const bareStart = () =>
  new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(deno, ["eval", "console.log(1)"], { stdio: "ignore", env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" } });
    child.on("error", reject);
    child.on("close", () => resolve(performance.now() - t0));
  });

async function timed(sandbox, code) {
  const t0 = performance.now();
  const outcome = await sandbox.run(program(code));
  const ms = performance.now() - t0;
  if (outcome.failure) throw new Error(`${code || "(empty)"} failed: ${outcome.failure.message}`);
  return ms;
}

console.log(`load average before: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
console.log(`framework: ${dist}\n${rounds} rounds after one warm-up round; ratio = median ÷ median bare \`deno eval\` start (target ≤ ${LIMIT})`);
const samples = { bare: [] };
for (let round = 0; round <= rounds; round++) {
  const bare = await bareStart();
  if (round > 0) samples.bare.push(bare);
  for (const { name, sandbox } of sandboxes) {
    for (const [label, code] of Object.entries(PROGRAMS)) {
      const ms = await timed(sandbox, code);
      if (round > 0) (samples[`${name}: ${label}`] ??= []).push(ms);
    }
  }
}
const bare = median(samples.bare);
console.log(`\nbare deno eval start: median ${bare.toFixed(1)} ms`);
for (const [label, values] of Object.entries(samples)) {
  if (label === "bare") continue;
  const ratio = median(values) / bare;
  console.log(`${label.padEnd(22)} median ${median(values).toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)} ×  ${ratio <= LIMIT ? "MET" : "NOT MET"}`);
}
for (const { name, sandbox } of sandboxes) {
  const wrong = await sandbox.run(program('await crm.get({ id: "7" });'));
  const reported = wrong.failure?.kind === "type-error" && wrong.calls === 0;
  console.log(`${name}: a type error is reported before the program runs: ${reported ? "yes" : `NO (${JSON.stringify(wrong)})`}`);
  await sandbox.close?.();
}
console.log(`load average after: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
