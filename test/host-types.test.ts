import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOST_SERVERS, nodeServer, typemcp, writeMcpConfig } from "./support/host-cli.js";
import { fromRoot } from "./support/paths.js";

// `typemcp types` against real servers (typemcp's calculator and the reference "everything"
// server, which typemcp did not build), then the repository's TypeScript on a host program.
describe("typemcp types", { timeout: 120_000 }, () => {
  let dir: string;
  let config: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-types-"));
    config = writeMcpConfig(dir, { calc: nodeServer(HOST_SERVERS.calc), everything: nodeServer(HOST_SERVERS.everything, ["stdio"]) });
    fs.writeFileSync(path.join(dir, "package.json"), '{ "type": "module" }\n');
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          typeRoots: [fromRoot("node_modules/@types")],
          types: ["node"],
          paths: { "typemcp/host": [fromRoot("packages/framework/dist/host/index.d.ts")] },
        },
        files: ["host.ts", "mcp-tools.d.ts"],
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const tsc = (program: string) => {
    fs.writeFileSync(path.join(dir, "host.ts"), program);
    return spawnSync(process.execPath, [fromRoot("node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8", timeout: 60_000 });
  };
  const host = (calls: string) => `import { connectServer, createToolApi } from "typemcp/host";
import type * as Tools from "./mcp-tools.js";
const calc = await connectServer({ kind: "stdio", command: "node", args: ["calc.js"], inheritEnv: false }, { timeoutMs: 1000, clientName: "h", clientVersion: "1" });
const api = createToolApi<typeof Tools>([{ name: "calc", tools: calc.tools, call: calc.call }]);
${calls}
export {};
`;

  test("writes declarations for every tool of every server that a host program type-checks against", async () => {
    const run = await typemcp(["types", "--config", config, "--out", path.join(dir, "mcp-tools.d.ts")], { timeoutMs: 30_000 });
    expect(run.stderr).toBe(`typemcp: wrote ${path.join(dir, "mcp-tools.d.ts")}: calc (6 tools), everything (13 tools).\n`);
    expect(run.status).toBe(0);
    const text = fs.readFileSync(path.join(dir, "mcp-tools.d.ts"), "utf8");
    expect(text).toContain('/** The tools of server "calc". */\nexport declare namespace calc {');
    expect(text).toContain("   * Add two numbers and return their sum.\n");
    expect(text).toContain("  function add(args: {\n    /** The first addend. */\n    a: number;");
    // A server typemcp did not build: names made identifiers, results without an output schema typed as the CallToolResult.
    expect(text).toContain("export declare namespace everything {");
    expect(text).toContain("  function get_sum(args: {");
    expect(text).toMatch(/messageType: "error" \| "success" \| "debug";/);
    const good = tsc(
      host(
        'const sum: number = (await api.calc.add({ a: 2, b: 3 })).result;\nconst echoed = await api.everything.echo({ message: "hi" });\nconst first: string | undefined = echoed.content[0]?.text;\nconsole.log(sum, first);',
      ),
    );
    expect(good.stdout + good.stderr).toBe("");
    expect(good.status).toBe(0);
  });

  test("makes a call with wrong arguments fail tsc, naming what is wrong", async () => {
    if (!fs.existsSync(path.join(dir, "mcp-tools.d.ts")))
      await typemcp(["types", "--config", config, "--out", path.join(dir, "mcp-tools.d.ts")], { timeoutMs: 30_000 });
    // One program, four wrong calls: each is its own error (one tsc run keeps the test short).
    const wrong = tsc(
      host(
        'await api.calc.add({ a: 2, b: "3" });\nawait api.calc.add({ a: 2 });\nawait api.calc.modulo({ a: 2, b: 3 });\nawait api.everything.get_annotated_message({ messageType: "warning" });',
      ),
    );
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toMatch(/host\.ts\(5,28\): error TS2322: Type 'string' is not assignable to type 'number'\./);
    expect(wrong.stdout).toMatch(/host\.ts\(6,20\): error TS2345: [^\n]*\n\s+Property 'b' is missing/);
    expect(wrong.stdout).toMatch(/host\.ts\(7,16\): error TS2339: Property 'modulo' does not exist/);
    expect(wrong.stdout).toMatch(/host\.ts\(8,46\): error TS2322: Type '"warning"' is not assignable to type '"error" \| "success" \| "debug"'/);
  });

  test("prints the declarations of a -- server to stdout", async () => {
    const run = await typemcp(["types", "--name", "calc", "--", process.execPath, HOST_SERVERS.calc], { timeoutMs: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\/\/ MCP tools as TypeScript, written by `typemcp types` from calc \(6 tools\)\./);
    expect(run.stdout).toContain("  function sqrt(args: {");
  });
});
