// A generated package of many tools of five signature shapes, for the build benchmark and the
// scaling rows of bench/scaling.mjs. Tool 0 (and every fifth) is `add(a, b)`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

/**
 * Writes `dir` afresh: `src/tools.ts` with a class of `count` tools and a tsconfig extending the
 * workspace's; with `entry`, also `src/<entry>.ts`, a server that serves them.
 */
export function generateToolsProject(dir, count, { entry } = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  const methods = Array.from({ length: count }, (_, i) => SHAPES[i % SHAPES.length](i)).join("\n\n  ");
  fs.writeFileSync(
    path.join(dir, "src/tools.ts"),
    `import { tool } from "typemcp";
export interface Filters {
  /** Most results. */
  limit?: number;
  tags?: string[];
  since?: Date;
}
export interface Page { items: string[]; total: number }
export interface Place { name: string; lat: number; lon: number; kind: "city" | "town" }
export class ManyTools {
  ${methods}
}
`,
  );
  if (entry) {
    fs.writeFileSync(
      path.join(dir, `src/${entry}.ts`),
      `import { serve } from "typemcp";\nimport { ManyTools } from "./tools.js";\n\nawait serve(new ManyTools(), { name: "${entry}", version: "1.0.0" });\n`,
    );
  }
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../../../tsconfig.base.json", compilerOptions: { rootDir: "src", outDir: "dist" }, include: ["src"] }, null, 2),
  );
}

/** The wall time, in ms, of running `command` with `args` in `dir` (its stderr shown). */
export function timeIn(dir, command, args) {
  const start = process.hrtime.bigint();
  execFileSync(command, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return Number(process.hrtime.bigint() - start) / 1e6;
}
