import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CALC_BUNDLE, CALC_SERVER, ROOT, TYPEMCP_CLI, fromRoot } from "./support/paths.js";
import { connectToServer } from "./support/stdio-client.js";
import { createDevProject } from "./support/dev-project.js";
import { importGraph } from "./support/import-graph.js";

function typemcp(...args: string[]) {
  return spawnSync(process.execPath, [TYPEMCP_CLI, ...args], { cwd: ROOT, encoding: "utf8" });
}

describe("typemcp build", () => {
  // Scratch projects live in the OS temp folder, typemcp linked in.
  const scratch: Array<{ remove(): void }> = [];
  afterAll(() => scratch.forEach((project) => project.remove()));

  test("fails on signatures it cannot serve, naming file:line, method and parameter", () => {
    const run = typemcp("build", "--project", "test/fixtures/bad/tsconfig.json");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'error test/fixtures/bad/src/bad-tools.ts:6:16 - BadTools.withCallback: parameter "onDone": a function cannot be sent as JSON',
    );
    // `any` is served as any JSON value, with a warning; only the callback stops the build.
    expect(run.stderr).toContain('warning test/fixtures/bad/src/bad-tools.ts:13:9 - BadTools.loose: parameter "value" is typed `any` or `unknown`');
    expect(run.stderr).toContain("typemcp build failed: 1 error(s).");
    expect(fs.existsSync(fromRoot("test/fixtures/bad/dist"))).toBe(false);
  });

  test("fails on a ctx.elicit<T>(message) whose T MCP elicitation cannot ask for, naming file:line:column and the property", () => {
    const project = createDevProject(
      'import { tool, type Context } from "typemcp";\nexport class T {\n  /** x */\n  @tool() async f(ctx: Context): Promise<string> {\n    const reply = await ctx.elicit<{\n      address: { city: string };\n    }>("Where?");\n    return String(reply.action);\n  }\n}\n',
    );
    scratch.push(project);
    const run = typemcp("build", "--project", path.join(project.dir, "tsconfig.json"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /src\/server\.ts:6:7 - ctx\.elicit<\{ address: \{ city: string \}; \}>: property "address": a nested object \(`\{ city: string; \}`\) cannot be asked for/,
    );
    expect(fs.existsSync(path.join(project.dir, "dist"))).toBe(false);
  });

  test("lists the tools the entry serves, and names a tool in a file no entry loads as not served", () => {
    const project = createDevProject(
      'import { serve, tool } from "typemcp";\nclass T {\n  /** x */\n  @tool() served(): string {\n    return "yes";\n  }\n}\nawait serve(new T(), { name: "t", version: "1" });\n',
    );
    scratch.push(project);
    fs.writeFileSync(
      path.join(project.dir, "src", "greet.ts"),
      'import { tool } from "typemcp";\nexport class Greeter {\n  /** Greets. */\n  @tool() greet(name: string): string {\n    return name;\n  }\n}\n',
    );
    const run = typemcp("build", "--project", path.join(project.dir, "tsconfig.json"));
    expect(run.status, run.stderr).toBe(0);
    const summary = run.stdout.split("\n");
    expect(summary[0]).toMatch(/^typemcp build: 1 tool\(s\) from .*src\/server\.ts in /);
    expect(summary).toContain("  served()");
    expect(summary).not.toContain("  greet(name)");
    expect(summary.find((line) => line.includes("not served"))).toMatch(/^ {2}\(not served: tool greet in .*src\/greet\.ts, a file no entry loads\)$/);
  });

  test("fails on type errors the way tsc reports them", () => {
    const project = createDevProject(
      'import { tool } from "typemcp";\nexport class T {\n  /** x */\n  @tool() f(a: number): number {\n    return a.toUpperCase();\n  }\n}\n',
    );
    scratch.push(project);
    const run = typemcp("build", "--project", path.join(project.dir, "tsconfig.json"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/server\.ts\(5,14\): error TS2339: Property 'toUpperCase' does not exist on type 'number'/);
  });

  test("picks up a changed parameter type and JSDoc on rebuild, with no other edit", async () => {
    const source = (type: string, doc: string) =>
      `import { serve, tool } from "typemcp";\nclass T {\n  /** Shout. @param word ${doc} */\n  @tool() shout(word: ${type}): string {\n    return String(word).toUpperCase();\n  }\n}\nawait serve(new T(), { name: "t", version: "1" });\n`;
    const project = createDevProject(source("string", "The word."));
    scratch.push(project);
    const schemaAfterBuild = async (type: string, doc: string) => {
      project.write(source(type, doc));
      expect(typemcp("build", "--project", path.join(project.dir, "tsconfig.json")).status).toBe(0);
      const session = await connectToServer(path.join(project.dir, "dist/server.js"));
      try {
        return (await session.client.listTools()).tools[0]?.inputSchema.properties?.word;
      } finally {
        await session.close();
      }
    };
    expect(await schemaAfterBuild("string", "The word.")).toEqual({ type: "string", description: "The word." });
    expect(await schemaAfterBuild('"hello" | "bye"', "A greeting.")).toEqual({ type: "string", enum: ["hello", "bye"], description: "A greeting." }); // enum values in the author's order
    // Two whole builds and two server starts: the time a loaded machine needs, not a quiet one's.
  }, 60_000);

  test("makes a server compiled with plain tsc refuse to start and say why", () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-plain-tsc-"));
    scratch.push({ remove: () => fs.rmSync(outDir, { recursive: true, force: true }) });
    fs.mkdirSync(path.join(outDir, "node_modules"));
    fs.symlinkSync(fromRoot("packages/framework"), path.join(outDir, "node_modules", "typemcp"), "dir");
    execFileSync(process.execPath, [fromRoot("node_modules/typescript/bin/tsc"), "-p", "test/fixtures/tsconfig.tc39.json", "--outDir", outDir], { cwd: ROOT });
    const run = spawnSync(process.execPath, [path.join(outDir, "tc39.js")], { input: "", encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "typemcp: SampleTools.echo is marked @tool() but carries no definition: compile this server with `typemcp build`, not plain tsc.\n",
    );
  });

  test("bundles a server's entry point into a bundle and its chunks, started by a loader beside them, that run with no node_modules around them", async () => {
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-bundle-"));
    try {
      fs.copyFileSync(CALC_SERVER, path.join(alone, "calc.js"));
      fs.copyFileSync(CALC_BUNDLE, path.join(alone, "calc.bundle.js"));
      fs.cpSync(path.join(path.dirname(CALC_BUNDLE), "calc.chunks"), path.join(alone, "calc.chunks"), { recursive: true });
      const session = await connectToServer(path.join(alone, "calc.js"));
      try {
        expect((await session.client.listTools()).tools).toHaveLength(6);
      } finally {
        await session.close();
      }
    } finally {
      fs.rmSync(alone, { recursive: true, force: true });
    }
    expect(fs.readFileSync(CALC_SERVER, "utf8").startsWith("#!/usr/bin/env node")).toBe(true);
    const bundle = fs.readFileSync(CALC_BUNDLE, "utf8");
    expect(bundle.startsWith("#!")).toBe(false);
    expect(bundle).not.toMatch(/(from|import|require\()\s*["']typescript["']/);
  });

  test("a bundle's source map leads a stack trace back to the TypeScript source", () => {
    const project = createDevProject(
      'import { tool } from "typemcp";\nexport class T {\n  /** x */\n  @tool() f(): string {\n    return "f";\n  }\n}\nthrow new Error("thrown at start-up");\n',
    );
    scratch.push(project);
    const tsconfig = path.join(project.dir, "tsconfig.json");
    const config = JSON.parse(fs.readFileSync(tsconfig, "utf8"));
    fs.writeFileSync(tsconfig, JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, sourceMap: true } }));
    const build = typemcp("build", "--project", tsconfig, "--entry", path.join(project.dir, "src/server.ts"));
    expect(build.status, build.stderr).toBe(0);
    const map = JSON.parse(fs.readFileSync(path.join(project.dir, "dist/server.bundle.js.map"), "utf8")) as { sources: string[] };
    expect(map.sources).toContain("../src/server.ts");
    const run = spawnSync(process.execPath, ["--enable-source-maps", path.join(project.dir, "dist/server.js")], { encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Error: thrown at start-up");
    expect(run.stderr).toMatch(/src[\\/]server\.ts:8:7/);
  });

  test("emits unbundled servers whose import graph never reaches typescript", () => {
    const modules = importGraph(fromRoot("test/fixtures/dist/tc39/tc39.js"));
    expect(modules.some((m) => m.includes("/node_modules/@modelcontextprotocol/server/"))).toBe(true);
    // One SDK in a server: the v2 server package, never the 1.x line too.
    expect(modules.filter((m) => m.includes("/node_modules/@modelcontextprotocol/sdk/"))).toEqual([]);
    expect(modules.filter((m) => /\/node_modules\/(typescript|typescript-json-schema|esbuild)\//.test(m))).toEqual([]);
  });
});
