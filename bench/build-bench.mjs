// Build-time benchmark: a generated package with 100 tools of varied signatures, built with
// `typemcp build --check` (derive every schema, write nothing) and type-checked with plain tsc
// for comparison, in one run. Prints medians.
import { fileURLToPath } from "node:url";
import { generateToolsProject, timeIn } from "./lib/generated-tools.mjs";
import { median } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const RUNS = process.argv.includes("--quick") ? 1 : 3;
const TOOLS = 100;
const dir = here(".generated/hundred-tools");

generateToolsProject(dir, TOOLS);
const cli = here("../packages/framework/bin/typemcp.js");
const tsc = here("../node_modules/typescript/bin/tsc");
const build = [];
const check = [];
for (let i = 0; i < RUNS; i++) {
  check.push(timeIn(dir, process.execPath, [tsc, "--noEmit", "-p", "tsconfig.json"]));
  build.push(timeIn(dir, process.execPath, [cli, "build", "--check"]));
}
const b = median(build);
const c = median(check);
console.log(`\n${TOOLS} tools, median of ${RUNS} on Node ${process.version}`);
console.log(`  tsc --noEmit (type-check only)        ${(c / 1000).toFixed(2)} s`);
console.log(`  typemcp build --check (check + derive) ${(b / 1000).toFixed(2)} s`);
console.log(`  schema generation (the difference)    ${((b - c) / 1000).toFixed(2)} s   target ≤ 3 s: ${b - c <= 3000 ? "met" : "NOT MET"}`);
