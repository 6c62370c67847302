import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { frameworkVersion, fromRoot } from "./support/paths.js";
import { node24Path } from "./support/node24.js";
import { run, runAsync } from "./support/run.js";

// typemcp reads types with its own TypeScript, whatever compiler the project runs. Here the packed
// framework goes into fresh npm projects the way packages/framework/README.md says
// (`npm install --save-dev typemcp typescript`, with the project's TypeScript version named, and
// once with no TypeScript at all), each builds one server (test/fixtures/ts-versions) with
// `typemcp build`, and every project must serve the same tools/list and ask the same question.
// The server carries the value-plan corpus too (issue #36): cursors, discriminated unions, branded
// ids, Partial/Pick/Omit/Required, tuples, readonly arrays, template-literal keys, recursive JSON.

const VERSIONS = ["5.0.4", "5.9.3", "6.0.3", "7.0.2"] as const;
const npmCache = path.join(os.tmpdir(), "typemcp-e2e-npm-cache");
const env = {
  NO_COLOR: "1",
  npm_config_cache: npmCache,
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};
let work: string;
let tarball: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-ts-versions-"));
  run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: fromRoot("packages/framework"), env });
  tarball = path.join(work, `typemcp-${frameworkVersion()}.tgz`);
}, 120_000);

// Six projects' node_modules: removed without blocking the worker, and given time on a busy disk.
afterAll(async () => {
  if (work) await fs.promises.rm(work, { recursive: true, force: true });
}, 180_000);

/** What one project's server shows a client: its tools, and the question its `close` tool asks. */
interface Served {
  tools: unknown;
  question: unknown;
}

/** A fresh npm project holding the fixture server, with `packages` installed as the README says. */
async function createProject(name: string, packages: string[]): Promise<{ dir: string; install: string }> {
  const dir = path.join(work, name);
  fs.cpSync(fromRoot("test/fixtures/ts-versions"), dir, { recursive: true });
  fs.copyFileSync(fromRoot("test/fixtures/src/corpus-tools.ts"), path.join(dir, "src/corpus-tools.ts"));
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }, null, 2)}\n`);
  const installed = await runAsync("npm", ["install", "--save-dev", ...packages], { cwd: dir, env });
  return { dir, install: installed.stdout + installed.stderr };
}

/** Starts `node <entry>` in `dir` over stdio, lists its tools and calls `close`, answering its question. */
async function served(dir: string, entry: string, node = process.execPath): Promise<Served> {
  const transport = new StdioClientTransport({ command: node, args: [entry], cwd: dir, stderr: "pipe" });
  const client = new Client({ name: "ts-versions", version: "0.0.0" }, { capabilities: { elicitation: {} } });
  let question: unknown;
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    question = request.params;
    return { action: "accept", content: { confirm: true } };
  });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const result = await client.callTool({ name: "close", arguments: { key: "OPS-7" } });
    expect(result.content).toEqual([{ type: "text", text: "Closed OPS-7" }]);
    expect(result.structuredContent).toBeUndefined();
    return { tools, question };
  } finally {
    await client.close();
  }
}

/** Builds `dir` with `typemcp build` (on `node`), failing with its output. */
async function build(dir: string, args: string[] = [], node = process.execPath): Promise<void> {
  await runAsync(node, [path.join(dir, "node_modules/typemcp/bin/typemcp.js"), "build", ...args], { cwd: dir, env });
}

test("typemcp build gives the same tools/list and question on TypeScript 5.0.4, 5.9.3, 6.0.3, 7.0.2 and none", { timeout: 600_000 }, async () => {
  const byVersion = await Promise.all(
    VERSIONS.map(async (version) => {
      const { dir, install } = await createProject(`ts-${version}`, [tarball, `typescript@${version}`]);
      // The project keeps the TypeScript it asked for; npm has nothing to warn about.
      expect(JSON.parse(fs.readFileSync(path.join(dir, "node_modules/typescript/package.json"), "utf8")).version).toBe(version);
      expect(install).not.toMatch(/peer|ERESOLVE/i);
      // The fixture is valid TypeScript for the project's own compiler (`tsc` 7 is the native one).
      await runAsync("npx", ["tsc", "--noEmit", "-p", "."], { cwd: dir, env });
      await build(dir);
      const main = await served(dir, "dist/server.js");
      if (version.startsWith("5.")) return { version, main };
      // A config written for 6 and 7 (their defaults, their values) reads as their `tsc` reads it:
      // the same strictness, and rootDir is the config's folder, so the entry lands in out/src.
      await runAsync("npx", ["tsc", "--noEmit", "-p", "tsconfig.newer.json"], { cwd: dir, env });
      await build(dir, ["--project", "tsconfig.newer.json"]);
      const newer = await served(dir, "out/src/server.js");
      // Users of TypeScript 7 are mostly on Node 24 LTS: the same build there.
      const onNode24 = version === "7.0.2" ? await node24Build(dir) : undefined;
      return { version, main, newer, onNode24 };
    }),
  );
  const none = await createProject("no-typescript", [tarball]);
  await build(none.dir);
  const withoutTypescript = await served(none.dir, "dist/server.js");

  const reference = byVersion.find((entry) => entry.version === "5.9.3")!.main;
  for (const entry of byVersion) {
    expect({ version: entry.version, ...entry.main }).toEqual({ version: entry.version, ...reference });
    if ("newer" in entry) expect({ version: entry.version, ...entry.newer }).toEqual({ version: entry.version, ...reference });
    if (entry.onNode24) expect(entry.onNode24).toEqual(reference);
  }
  expect(withoutTypescript).toEqual(reference);

  // The corpus is served, all of it, under every version (so the comparison above covers it).
  const names = (reference.tools as Array<{ name: string }>).map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining(["listIssues", "getIssue", "updateIssue", "createIssue", "apply", "labelWorkload", "storeDocument", "upload", "bounds"]),
  );
  // And what they all serve is what the types say.
  const open = (reference.tools as Array<{ name: string; inputSchema: { properties: Record<string, unknown> } }>).find((t) => t.name === "open")!;
  expect(open.inputSchema.properties).toMatchObject({
    labels: { type: "array", items: { type: "string" } },
    due: { type: "string", format: "date-time" },
    watchers: { type: "array", items: { type: "string" }, uniqueItems: true },
    link: { type: "string", format: "uri", description: "A page about the problem." },
    priority: { type: "string", enum: ["low", "high"], default: "low" },
  });
  expect(reference.question).toMatchObject({
    message: "Close OPS-7?",
    requestedSchema: {
      type: "object",
      properties: {
        confirm: { type: "boolean", description: "Whether to close it." },
        reason: { type: "string", description: "Why, for the ticket's history." },
        notify: { type: "array", items: { type: "string", enum: ["reporter", "watchers"] }, description: "Who is told." },
      },
      required: ["confirm"],
    },
  });

  // A typemcp whose compiler was lost from the install says so in one line.
  fs.rmSync(path.join(none.dir, "node_modules/typescript"), { recursive: true });
  const broken = await runAsync(process.execPath, [path.join(none.dir, "node_modules/typemcp/bin/typemcp.js"), "build"], {
    cwd: none.dir,
    env,
    allowFailure: true,
  });
  expect(broken.status).toBe(1);
  expect(broken.stderr.trim().split("\n")).toEqual([
    "typemcp: typemcp cannot find its TypeScript compiler (typescript@5.9.3, a dependency of typemcp); reinstall typemcp: npm install --save-dev typemcp",
  ]);
});

// A CommonJS project ("module": "commonjs", no "type" in package.json) whose build checks a test
// importing typemcp/testing and typemcp/host, and a view importing typemcp/view: the project's own
// tsc, typemcp build, vitest and the built server all work, on TypeScript 5.9 and 7.
test("a CommonJS project builds, tests and serves with typemcp/testing, typemcp/host and a view, on TypeScript 5.9.3 and 7.0.2", {
  timeout: 600_000,
}, async () => {
  for (const version of ["5.9.3", "7.0.2"]) {
    const dir = path.join(work, `commonjs-${version}`);
    fs.cpSync(fromRoot("test/fixtures/ts-commonjs"), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: `commonjs-${version}`, version: "1.0.0", private: true }, null, 2)}\n`);
    await runAsync("npm", ["install", "--save-dev", tarball, `typescript@${version}`, "vitest@4"], { cwd: dir, env });
    await runAsync("npx", ["tsc", "--noEmit", "-p", "."], { cwd: dir, env });
    // The build type-checks the test (typemcp/testing, typemcp/host) and the view (typemcp/view), then bundles the view.
    const built = await runAsync(process.execPath, [path.join(dir, "node_modules/typemcp/bin/typemcp.js"), "build"], { cwd: dir, env });
    expect(built.stdout).toContain("greet(name) with a view");
    const tested = await runAsync("npx", ["vitest", "run"], { cwd: dir, env });
    expect(tested.stdout).toMatch(/1 passed/);
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/server.js"], cwd: dir, stderr: "pipe" });
    const client = new Client({ name: "commonjs", version: "0.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["greet"]);
      const result = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
      expect(result.structuredContent).toEqual({ greeting: "Hello, Ada!" });
    } finally {
      await client.close();
    }
  }
});

/** Builds the project again on Node 24 and serves it there. */
async function node24Build(dir: string): Promise<Served> {
  const node24 = node24Path();
  await build(dir, [], node24);
  return served(dir, "dist/server.js", node24);
}
