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
 * Writes `dir` afresh: the `count` tools as classes in `src/` (with `files`, that many files of
 * one class each, `src/tools-<n>.ts`, as a large project splits them; else one class in
 * `src/tools.ts`), their shared types in `src/types.ts`, and a tsconfig extending the
 * workspace's; with `entry`, also `src/<entry>.ts`, a server that serves every class. Returns
 * the source files of the tools.
 */
export function generateToolsProject(dir, count, { entry, files } = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "src/types.ts"),
    `export interface Filters {
  /** Most results. */
  limit?: number;
  tags?: string[];
  since?: Date;
}
export interface Page { items: string[]; total: number }
export interface Place { name: string; lat: number; lon: number; kind: "city" | "town" }
`,
  );
  const parts = files ?? 1;
  const perFile = Math.ceil(count / parts);
  const classes = [];
  for (let part = 0; part < parts; part++) {
    const first = part * perFile;
    const last = Math.min(count, first + perFile);
    const methods = Array.from({ length: last - first }, (_, k) => SHAPES[(first + k) % SHAPES.length](first + k)).join("\n\n  ");
    const name = files ? `ManyTools${part}` : "ManyTools";
    const file = files ? `tools-${part}` : "tools";
    classes.push({ name, file });
    fs.writeFileSync(
      path.join(dir, `src/${file}.ts`),
      `import { tool } from "typemcp";
import type { Filters, Page, Place } from "./types.js";
export class ${name} {
  ${methods}
}
`,
    );
  }
  if (entry) {
    const imports = classes.map((c) => `import { ${c.name} } from "./${c.file}.js";`).join("\n");
    const served = classes.length === 1 ? `new ${classes[0].name}()` : `[${classes.map((c) => `new ${c.name}()`).join(", ")}]`;
    const serving =
      classes.length === 1
        ? `await serve(${served}, { name: "${entry}", version: "1.0.0" });`
        : `await serve(createServer(${served}, { name: "${entry}", version: "1.0.0" }));`;
    fs.writeFileSync(
      path.join(dir, `src/${entry}.ts`),
      `import { ${classes.length === 1 ? "serve" : "createServer, serve"} } from "typemcp";\n${imports}\n\n${serving}\n`,
    );
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: entry, private: true, type: "module", bin: { [entry]: `./dist/${entry}.js` } }));
  }
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../../../tsconfig.base.json", compilerOptions: { rootDir: "src", outDir: "dist" }, include: ["src"] }, null, 2),
  );
  return classes.map((c) => path.join(dir, `src/${c.file}.ts`));
}

/** The wall time, in ms, of running `command` with `args` in `dir` (its stderr shown). */
export function timeIn(dir, command, args) {
  const start = process.hrtime.bigint();
  execFileSync(command, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return Number(process.hrtime.bigint() - start) / 1e6;
}
