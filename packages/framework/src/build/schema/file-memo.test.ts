import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { buildProgram } from "./build-project.js";
import { ProjectSession } from "./project-session.js";

// The one declaration these projects import: the build knows `@tool` by its tag, as typemcp's own.
const TYPEMCP =
  "/** @typemcpDecorator tool */\nexport declare function tool(options?: object): (method: unknown, context: ClassMethodDecoratorContext) => void;\n";
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project on disk: `files` under src/, a tsconfig that finds typemcp's fixture declarations. */
function project(files: Record<string, string>): { session: ProjectSession; write(name: string, text: string): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-file-memo-"));
  dirs.push(dir);
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2023"],
    types: [],
    skipLibCheck: true,
    rootDir: "src",
    outDir: "dist",
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  fs.mkdirSync(path.join(dir, "src"));
  fs.mkdirSync(path.join(dir, "node_modules/typemcp"), { recursive: true });
  fs.writeFileSync(path.join(dir, "node_modules/typemcp/package.json"), JSON.stringify({ name: "typemcp", types: "index.d.ts" }));
  fs.writeFileSync(path.join(dir, "node_modules/typemcp/index.d.ts"), TYPEMCP);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, "src", name), text);
  const session = new ProjectSession(path.join(dir, "tsconfig.json"));
  return {
    session,
    write(name, text) {
      fs.writeFileSync(path.join(dir, "src", name), text);
      session.invalidate([path.join(dir, "src", name)]);
    },
  };
}

const TYPES = `export interface Place { name: string }\n`;
const AT = `import { tool } from "typemcp";\nimport type { Place } from "./types.js";\nexport class At {\n  /** Where. */\n  @tool() at(place: Place): string { return place.name; }\n}\n`;
const ADD = `import { tool } from "typemcp";\nexport class Add {\n  /** Add. */\n  @tool() add(a: number, b: number): number { return a + b; }\n}\n`;

/** The files whose probe value `session`'s memory worked out afresh in a build of its current program. */
function recomputed(session: ProjectSession, commit = true): string[] {
  const program = session.current();
  const computed: string[] = [];
  for (const file of program.getSourceFiles().filter((f) => !f.isDeclarationFile && f.fileName.includes("/src/"))) {
    session.memory.remember("probe", file, () => computed.push(path.basename(file.fileName)));
  }
  if (commit) session.memory.commit();
  return computed.sort();
}

describe("FileMemo, through a kept project", () => {
  test("works out again only the changed file and the files that import it", () => {
    const { session, write } = project({ "types.ts": TYPES, "at.ts": AT, "add.ts": ADD });
    expect(recomputed(session)).toEqual(["add.ts", "at.ts", "types.ts"]);
    expect(recomputed(session)).toEqual([]);
    write("add.ts", ADD.replace("/** Add. */", "/** Add two numbers. */"));
    expect(recomputed(session)).toEqual(["add.ts"]);
    write("types.ts", TYPES.replace("name: string", "name: string; lat: number"));
    expect(recomputed(session)).toEqual(["at.ts", "types.ts"]);
  });

  test("forgets everything when a change can reach files that do not import it", () => {
    const { session, write } = project({ "types.ts": TYPES, "at.ts": AT, "add.ts": ADD });
    recomputed(session);
    write("add.ts", `${ADD}declare global {\n  interface Place { extra: number }\n}\n`);
    expect(recomputed(session)).toEqual(["add.ts", "at.ts", "types.ts"]);
    write("ambient.d.ts", "declare const VERSION: string;\n");
    expect(recomputed(session)).toEqual(["add.ts", "at.ts", "types.ts"]);
  });

  test("keeps nothing from a build that did not commit", () => {
    const { session, write } = project({ "types.ts": TYPES, "at.ts": AT, "add.ts": ADD });
    recomputed(session);
    write("add.ts", ADD.replace("/** Add. */", "/** Sum. */"));
    expect(recomputed(session, false)).toEqual(["add.ts"]);
    write("types.ts", TYPES.replace("name: string", "name: string; kind: string"));
    // add.ts's value of the build that did not commit was not kept.
    expect(recomputed(session)).toEqual(["add.ts", "at.ts", "types.ts"]);
  });

  test("a rebuild derives a changed imported type into the tool that uses it, and keeps the other tools' definitions", () => {
    const { session, write } = project({ "types.ts": TYPES, "at.ts": AT, "add.ts": ADD });
    const build = () => {
      const result = buildProgram(session.current(), { inMemory: true, memory: session.memory });
      return Object.fromEntries(result.components.flatMap((c) => (c.kind === "tool" ? [[c.name, c.definition]] : [])));
    };
    const first = build();
    expect(first.at?.inputSchema).toMatchObject({ properties: { place: { properties: { name: { type: "string" } }, required: ["name"] } } });
    write("types.ts", TYPES.replace("name: string", "name: string;\n  /** Degrees north. */\n  lat: number"));
    const second = build();
    expect(second.at?.inputSchema).toMatchObject({
      properties: { place: { properties: { lat: { type: "number", description: "Degrees north." } }, required: ["name", "lat"] } },
    });
    // Not derived again: the very object the first build derived.
    expect(second.add).toBe(first.add);
  });
});
