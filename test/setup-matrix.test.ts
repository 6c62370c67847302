import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";
import { listToolNames } from "./support/list-tools.js";
import { runAsync } from "./support/run.js";

// Every project setup a TypeScript developer starts from either builds to a server Node runs
// or fails the build naming the file and line, what is wrong and the fix. One small server is
// built and started under each setup. The cases live in one folder in the OS temp folder whose
// node_modules links this repository's typemcp, so they share its one install instead of
// installing each.
// The cases are independent and each mostly waits on its child processes (the build, the
// server): they run concurrently, as many at a time as the project's maxConcurrency allows.

type Ext = ".ts" | ".mts" | ".cts";
interface Setup {
  /** package.json "type"; undefined leaves the field out. */
  type?: "module" | "commonjs";
  module: string;
  moduleResolution: string;
  target: string;
  ext?: Ext;
  legacy?: boolean;
  /** Emit beside the sources: no outDir, rootDir or include. */
  inPlace?: boolean;
  /** Replaces src/server.ts's body (the greeter import is kept). */
  server?: string;
  /** Replaces src/greeter.ts. */
  greeter?: string;
  manifest?: Record<string, unknown>;
  args?: string[];
  /** Leave skipLibCheck out, so dependencies' declaration files are type-checked too. */
  libCheck?: boolean;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-setup-matrix-"));
fs.mkdirSync(path.join(root, "node_modules"));
fs.symlinkSync(fromRoot("packages/framework"), path.join(root, "node_modules", "typemcp"), "dir");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const GREETER = `import { tool } from "typemcp";

export class Greeter {
  /** Greet someone. @param name Who to greet. */
  @tool() greet(name: string): string {
    return \`Hello, \${name}\`;
  }
}
`;

function create(name: string, setup: Setup): string {
  const dir = path.join(root, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  const ext = setup.ext ?? ".ts";
  const js = ext.replace("t", "j");
  const manifest = { name, version: "1.0.0", ...(setup.type ? { type: setup.type } : {}), ...setup.manifest };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  const compilerOptions = {
    module: setup.module,
    moduleResolution: setup.moduleResolution,
    target: setup.target,
    strict: true,
    ...(setup.libCheck ? {} : { skipLibCheck: true }),
    types: [],
    ...(setup.legacy ? { experimentalDecorators: true, emitDecoratorMetadata: true } : {}),
    ...(setup.inPlace ? {} : { rootDir: "src", outDir: "dist" }),
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, ...(setup.inPlace ? {} : { include: ["src"] }) }, null, 2));
  fs.writeFileSync(path.join(dir, `src/greeter${ext}`), setup.greeter ?? GREETER);
  const body = setup.server ?? `serve(new Greeter(), { name: "${name}", version: "1.0.0" });\n`;
  fs.writeFileSync(path.join(dir, `src/server${ext}`), `import { serve } from "typemcp";\nimport { Greeter } from "./greeter${js}";\n\n${body}`);
  return dir;
}

function build(dir: string, args: readonly string[] = []) {
  return runAsync(process.execPath, [TYPEMCP_CLI, "build", ...args], { cwd: dir, allowFailure: true });
}

/** The server file a setup's build writes. */
function serverFile(dir: string, setup: Setup): string {
  const js = (setup.ext ?? ".ts").replace("t", "j");
  return path.join(dir, setup.inPlace ? "src" : "dist", `server${js}`);
}

const RUNS: Record<string, Setup> = {
  "module + nodenext + ES2022 (the scaffold)": { type: "module", module: "nodenext", moduleResolution: "nodenext", target: "ES2022" },
  "commonjs + nodenext + ES2022": { type: "commonjs", module: "nodenext", moduleResolution: "nodenext", target: "ES2022" },
  "no type + nodenext + ESNext + legacy decorators": { module: "nodenext", moduleResolution: "nodenext", target: "ESNext", legacy: true },
  "commonjs + esnext/bundler + ESNext (tsc --init's target)": { type: "commonjs", module: "esnext", moduleResolution: "bundler", target: "ESNext" },
  "module + esnext/bundler + ES2021 + legacy, emitted beside the sources": {
    type: "module",
    module: "esnext",
    moduleResolution: "bundler",
    target: "ES2021",
    legacy: true,
    inPlace: true,
  },
  "no type + commonjs/node10 + ES2020 + legacy": { module: "commonjs", moduleResolution: "node10", target: "ES2020", legacy: true },
  "module + commonjs/node10 + ES2022": { type: "module", module: "commonjs", moduleResolution: "node10", target: "ES2022" },
  "module + node16 + ES2023": { type: "module", module: "node16", moduleResolution: "node16", target: "ES2023" },
  "no type + .mts + nodenext + ESNext": { module: "nodenext", moduleResolution: "nodenext", target: "ESNext", ext: ".mts" },
  "module + .cts + nodenext + ES2022 + legacy": {
    type: "module",
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    ext: ".cts",
    legacy: true,
  },
  "module + nodenext + ESNext, --no-bundle (decorators lowered, nothing bundled)": {
    type: "module",
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ESNext",
    args: ["--no-bundle"],
  },
  // No @types/node (types: []) and no skipLibCheck: the SDK's declarations name Buffer.
  "module + nodenext + ES2022, no skipLibCheck and no @types/node": {
    type: "module",
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    libCheck: true,
  },
  "module + nodenext + top-level await": {
    type: "module",
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    server: 'await serve(new Greeter(), { name: "tla", version: "1.0.0" });\n',
  },
};

describe.concurrent("typemcp build under each project setup", () => {
  for (const [name, setup] of Object.entries(RUNS)) {
    test(`${name}: builds a server that starts and lists its tool`, async () => {
      const dir = create(name.replace(/[^a-z0-9]+/gi, "-"), setup);
      const result = await build(dir, setup.args);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      if (!setup.args?.includes("--no-bundle")) expect(result.stdout).toContain(`→ ${path.relative(dir, serverFile(dir, setup))} (bundled)`);
      expect(await listToolNames(process.execPath, [serverFile(dir, setup)], dir)).toEqual(["greet"]);
    }, 120_000);
  }

  test("finds the entry named by package.json's typemcp field, and by --entry", async () => {
    const setup: Setup = {
      type: "module",
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "ES2022",
      server: 'export function start() {\n  serve(new Greeter(), { name: "field", version: "1.0.0" });\n}\n',
      manifest: { typemcp: { entry: "src/main.ts" } },
    };
    const dir = create("entry-field", setup);
    fs.writeFileSync(path.join(dir, "src/main.ts"), 'import { start } from "./server.js";\n\nstart();\n');
    expect((await build(dir)).stdout).toContain("→ dist/main.js (bundled)");
    expect(await listToolNames(process.execPath, ["dist/main.js"], dir)).toEqual(["greet"]);

    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "entry-flag", type: "module" }));
    const flagged = await build(dir, ["--entry", "src/main.ts"]);
    expect(flagged.stdout).toContain("→ dist/main.js (bundled)");
    expect(flagged.stdout).not.toContain("dist/server.js (bundled)");
    expect(await listToolNames(process.execPath, ["dist/main.js"], dir)).toEqual(["greet"]);
  }, 120_000);
});

const ESM_IN_CJS = 'Fix: add "type": "module" to package.json';

describe.concurrent("typemcp build refuses a setup that cannot run, with the fix", () => {
  test("node16 in a CommonJS package: TypeScript's error, and the change that fixes it", async () => {
    const dir = create("node16-cjs", { module: "node16", moduleResolution: "node16", target: "ES2022" });
    const result = await build(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/src\/greeter\.ts\(1,22\): error TS1479: /);
    expect(result.stderr).toContain('fix: add "type": "module" to package.json (or name the file .mts)');
    expect(result.stderr).toContain("typemcp build failed: 2 error(s).");
    expect(fs.existsSync(path.join(dir, "dist"))).toBe(false);
  }, 120_000);

  test("top-level await in a server Node reads as CommonJS", async () => {
    const dir = create("tla-cjs", {
      type: "commonjs",
      module: "esnext",
      moduleResolution: "bundler",
      target: "ES2022",
      server: 'await serve(new Greeter(), { name: "x", version: "1.0.0" });\n',
    });
    const result = await build(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `error src/server.ts:4:1 - top-level await cannot run here: Node reads dist/server.js as CommonJS (no "type": "module" in package.json). ${ESM_IN_CJS}, or call serve(...) without await.`,
    );
    expect(result.stderr).toContain("typemcp build failed: 1 error(s).");
    expect(fs.existsSync(path.join(dir, "dist"))).toBe(false);
  }, 120_000);

  test("a failed build leaves the previous dist/ as it was", async () => {
    const dir = create("keeps-dist", { type: "module", module: "nodenext", moduleResolution: "nodenext", target: "ES2022" });
    expect((await build(dir)).status).toBe(0);
    const before = fs.readFileSync(path.join(dir, "dist/server.js"), "utf8");
    fs.writeFileSync(path.join(dir, "src/greeter.ts"), GREETER.replace("name: string", "name: () => void"));
    expect((await build(dir)).status).toBe(1);
    expect(fs.readFileSync(path.join(dir, "dist/server.js"), "utf8")).toBe(before);
    expect(fs.readdirSync(path.join(dir, "dist")).sort()).toEqual(["greeter.js", "server.bundle.js", "server.chunks", "server.js"]);
  }, 120_000);

  test("a build removes the chunks of the build before it from the entry's chunk folder", async () => {
    const dir = create("prunes-chunks", { type: "module", module: "nodenext", moduleResolution: "nodenext", target: "ES2022" });
    expect((await build(dir)).status).toBe(0);
    const chunks = path.join(dir, "dist/server.chunks");
    const current = fs.readdirSync(chunks).sort();
    fs.writeFileSync(path.join(chunks, "chunk-OLDBUILD.js"), "export {};\n");
    expect((await build(dir)).status).toBe(0);
    expect(fs.readdirSync(chunks).sort()).toEqual(current);
  }, 120_000);
});

const MISPLACED = `import { tool } from "typemcp";

export class Greeter {
  @tool() get total(): number {
    return 1;
  }
  @tool() shout = (word: string) => word.toUpperCase();
  @tool() static make(): Greeter {
    return new Greeter();
  }
  /** Greet someone. @param name Who to greet. */
  @tool() greet(name: string): string {
    return \`Hello, \${name}\`;
  }
}
`;

describe.concurrent("typemcp build on misplaced decorators and name collisions", () => {
  for (const legacy of [false, true]) {
    test(`reports each misplaced @tool() at its line (${legacy ? "experimentalDecorators" : "TC39 decorators"})`, async () => {
      const dir = create(`misplaced-${legacy ? "legacy" : "tc39"}`, {
        type: "module",
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "ES2022",
        legacy,
        greeter: MISPLACED,
      });
      const result = await build(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        [
          'error src/greeter.ts:4:3 - @tool() applies to instance methods only; "total" is a getter. Write it as a method: total() { … }.',
          'error src/greeter.ts:7:3 - @tool() applies to instance methods only; "shout" is a field holding a function. Write it as a method: shout(…) { … }.',
          'error src/greeter.ts:8:3 - @tool() applies to instance methods only; "make" is static. Remove `static`: a tool is called on the instance you pass to serve().',
          "typemcp build failed: 3 error(s).",
          "",
        ].join("\n"),
      );
    }, 120_000);
  }

  test("two classes served together with one tool name: an error naming both", async () => {
    const dir = create("collision", {
      type: "module",
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "ES2022",
      server:
        'import { tool } from "typemcp";\n\nclass Other {\n  /** Also greets. @param name Who. */\n  @tool() greet(name: string): string {\n    return name;\n  }\n}\n\nconst server = await serve(new Greeter(), { name: "c", version: "1.0.0" });\nserver.add(new Other());\n',
    });
    const result = await build(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'error src/server.ts:8:3 - tool "greet" is declared twice in what src/server.ts serves: Other.greet here and Greeter.greet at src/greeter.ts:5; rename one with @tool({ name: "…" }).',
    );
  }, 120_000);

  test("a collision the build cannot see stops the server at start-up, naming both methods", async () => {
    const greeter = GREETER.replace(
      "export class Greeter {",
      'const NAME = ["gr", "eet"].join("");\n\nexport class Greeter {\n  /** Says hi. */\n  @tool({ name: NAME }) hello(): string {\n    return "hi";\n  }\n',
    );
    const dir = create("collision-runtime", { type: "module", module: "nodenext", moduleResolution: "nodenext", target: "ES2022", greeter });
    expect((await build(dir)).status).toBe(0);
    const started = await runAsync(process.execPath, ["dist/server.js"], { cwd: dir, allowFailure: true });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe("");
    expect(started.stderr).toBe('typemcp: tool "greet" is served twice: by Greeter.hello and by Greeter.greet. Rename one with @tool({ name: "…" }).\n');
  }, 120_000);
});
