// Build-time benchmark: a generated package with 100 tools of varied signatures, built with
// `typemcp build --check` (derive every schema, write nothing) and type-checked with plain tsc
// for comparison, in one run. Prints medians.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const RUNS = process.argv.includes("--quick") ? 1 : 3;
const TOOLS = 100;
const dir = here(".generated/hundred-tools");

const SHAPES = [
  (i) => `/** Tool ${i}: add two numbers. @param a First. @param b Second. */\n  @tool() t${i}(a: number, b: number): number { return a + b; }`,
  (i) =>
    `/** Tool ${i}: greet someone. @param name Who. @param loud Shout it. */\n  @tool() t${i}(name: string, loud = false): string { return loud ? name.toUpperCase() : name; }`,
  (i) =>
    `/** Tool ${i}: search. @param query Words. @param filters Narrow it down. */\n  @tool() async t${i}(query: string, filters?: Filters): Promise<Page> { return { items: [query], total: filters?.limit ?? 1 }; }`,
  (i) =>
    `/** Tool ${i}: pick a unit. @param unit Which. @param values Numbers. */\n  @tool() t${i}(unit: "c" | "f" | "k", values: number[]): { unit: string; sum: number } { return { unit, sum: values.reduce((x, y) => x + y, 0) }; }`,
  (i) =>
    `/** Tool ${i}: schedule. @param when Start. @param place Where. */\n  @tool() t${i}(when: Date, place: Place | null): Place[] { return place ? [place] : []; }`,
];

function generate() {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  const methods = Array.from({ length: TOOLS }, (_, i) => SHAPES[i % SHAPES.length](i)).join("\n\n  ");
  fs.writeFileSync(
    path.join(dir, "src/tools.ts"),
    `import { tool } from "typemcp";
export interface Filters { /** Most results. */ limit?: number; tags?: string[]; since?: Date }
export interface Page { items: string[]; total: number }
export interface Place { name: string; lat: number; lon: number; kind: "city" | "town" }
export class HundredTools {
  ${methods}
}
`,
  );
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../../../tsconfig.base.json", compilerOptions: { rootDir: "src", outDir: "dist" }, include: ["src"] }, null, 2),
  );
}

function time(command, args) {
  const start = process.hrtime.bigint();
  execFileSync(command, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

generate();
const cli = here("../packages/framework/bin/typemcp.js");
const tsc = here("../node_modules/typescript/bin/tsc");
const build = [];
const check = [];
for (let i = 0; i < RUNS; i++) {
  check.push(time(process.execPath, [tsc, "--noEmit", "-p", "tsconfig.json"]));
  build.push(time(process.execPath, [cli, "build", "--check"]));
}
const b = median(build);
const c = median(check);
console.log(`\n${TOOLS} tools, median of ${RUNS} on Node ${process.version}`);
console.log(`  tsc --noEmit (type-check only)        ${(c / 1000).toFixed(2)} s`);
console.log(`  typemcp build --check (check + derive) ${(b / 1000).toFixed(2)} s`);
console.log(`  schema generation (the difference)    ${((b - c) / 1000).toFixed(2)} s   target ≤ 3 s: ${b - c <= 3000 ? "met" : "NOT MET"}`);
