import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { CALC_BUNDLE, CALC_SERVER, fromRoot } from "./support/paths.js";

const REPORT_BUILTINS = fromRoot("test/fixtures/report-builtins.cjs");
const REPORT_NEW_FUNCTION = fromRoot("test/fixtures/report-new-function.cjs");
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
};
const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list" };
const CALL = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add", arguments: { a: 2, b: 3 } } };

/** Runs the bundled calculator over stdio with `messages`, and reports the built-ins it loaded. */
function runCalc(messages: object[]): { replies: Array<{ id: number; result?: unknown }>; builtins: string[] } {
  const run = spawnSync(process.execPath, ["--require", REPORT_BUILTINS, CALC_SERVER], {
    cwd: os.tmpdir(),
    input: messages.map((m) => `${JSON.stringify(m)}\n`).join(""),
    encoding: "utf8",
    timeout: 20_000,
  });
  const report = /^builtins: (.*)$/m.exec(run.stderr);
  if (!report) throw new Error(`no built-in report; status ${run.status}, stderr: ${run.stderr}`);
  return {
    replies: run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line)),
    builtins: JSON.parse(report[1]!),
  };
}

describe("a bundled server over stdio", () => {
  test("answers initialize, tools/list and a call without loading Node's HTTP, HTTP/2, crypto or Web Crypto modules", () => {
    const { replies, builtins } = runCalc([INITIALIZE, LIST, CALL]);
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(replies[2]!.result).toMatchObject({ structuredContent: { result: 5 } });
    expect(builtins).toContain("net"); // the stdio pipes: the report itself works
    for (const unused of ["http", "_http_server", "http2", "crypto", "tls", "internal/crypto/webcrypto"]) expect(builtins).not.toContain(unused);
  });

  test("evaluates at start neither the HTTP transport nor jose: the files its bundle imports statically hold neither", () => {
    const dist = path.dirname(CALC_BUNDLE);
    // Every file the bundle reaches through static imports (`import … from "./x.js"`, `import "./x.js"`), not `import()`.
    const loaded = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/(?:\bfrom\s*|\bimport\s*)"(\.{1,2}\/[^"]+)"/g))
        visit(path.resolve(path.dirname(file), specifier!));
    };
    visit(CALC_BUNDLE);
    expect([...loaded].some((file) => file.startsWith(path.join(dist, "calc.chunks")))).toBe(true); // the walk follows chunks
    const holding = (marker: string) => [...loaded].filter((file) => fs.readFileSync(file, "utf8").includes(marker)).map((file) => path.relative(dist, file));
    expect(holding("function createHttpHandler(")).toEqual([]);
    expect(holding("function createRemoteJWKSet(")).toEqual([]);
    // Nor the MCP SDK (and zod): it is loaded at the first message the early answers leave to it.
    expect(holding("JSONRPCMessageSchema=")).toEqual([]);
    // Both are still in the build, for `--http`.
    const all = fs.readdirSync(path.join(dist, "calc.chunks")).map((name) => fs.readFileSync(path.join(dist, "calc.chunks", name), "utf8"));
    expect(all.some((text) => text.includes("function createHttpHandler("))).toBe(true);
  });

  test("answers initialize, ping and tools/list before it evaluates the MCP SDK, and loads it for its first call", async () => {
    const server = spawn(process.execPath, [CALC_SERVER], { cwd: os.tmpdir(), env: { ...process.env, NODE_DEBUG: "esm" }, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = readline.createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    const ask = async (message: object) => {
      server.stdin.write(`${JSON.stringify(message)}\n`);
      return JSON.parse((await lines.next()).value as string) as { id: number; result?: Record<string, unknown> };
    };
    // Node's ESM debug output names each module file as it is evaluated; the SDK's chunk is the one defining its message schema.
    const evaluated = () => [...stderr.matchAll(/Translating StandardModule (file:\S+)/g)].map((m) => fileURLToPath(m[1]!));
    const sdkEvaluated = () => evaluated().filter((file) => fs.readFileSync(file, "utf8").includes("JSONRPCMessageSchema="));
    try {
      expect((await ask(INITIALIZE)).result).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "calc" } });
      server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      expect((await ask({ jsonrpc: "2.0", id: 5, method: "ping" })).result).toEqual({});
      expect((await ask(LIST)).result?.tools).toContainEqual(expect.objectContaining({ name: "add" }));
      expect(evaluated()).toContain(CALC_BUNDLE); // the debug output is there to read
      expect(sdkEvaluated()).toEqual([]);
      expect((await ask(CALL)).result).toMatchObject({ structuredContent: { result: 5 } });
      expect(sdkEvaluated()).toHaveLength(1);
    } finally {
      server.kill();
    }
  });

  test("checks its first calls with validators compiled at build time: neither ajv nor a schema is compiled at run time", () => {
    const messages = [INITIALIZE, CALL, { ...CALL, id: 4, params: { name: "add", arguments: { a: "x", b: 3 } } }];
    const run = spawnSync(process.execPath, ["--require", REPORT_NEW_FUNCTION, CALC_SERVER], {
      cwd: os.tmpdir(),
      input: messages.map((m) => `${JSON.stringify(m)}\n`).join(""),
      encoding: "utf8",
      timeout: 20_000,
    });
    const replies = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: unknown });
    const byId = new Map(replies.map((r) => [r.id, r.result]));
    expect(byId.get(3)).toMatchObject({ structuredContent: { result: 5 } });
    expect(byId.get(4)).toEqual({
      content: [{ type: "text", text: 'Invalid arguments for tool "add":\n- a: expected number, got string "x"' }],
      isError: true,
    });
    const compiled = JSON.parse(/^functions compiled: (.*)$/m.exec(run.stderr)![1]!) as string[];
    expect(compiled).not.toContain("self,scope"); // ajv compiling a schema
    expect(compiled).not.toContain("module,exports"); // ajv's chunk being loaded
  });

  test("carries ajv as text in a chunk compiled only when needed (a schema its build did not compile)", () => {
    const dist = path.dirname(CALC_BUNDLE);
    const files = [CALC_BUNDLE, ...fs.readdirSync(path.join(dist, "calc.chunks")).map((name) => path.join(dist, "calc.chunks", name))];
    // ajv's code appears in one chunk only, inside the string that chunk compiles on first use.
    const withAjv = files.map((file) => fs.readFileSync(file, "utf8")).filter((text) => text.includes("ajv/dist/compile/codegen"));
    expect(withAjv).toHaveLength(1);
    const chunk = withAjv[0]!;
    const stringStart = chunk.indexOf("SOURCE=");
    const stringEnd = chunk.indexOf("function loadValidatorChunk(");
    expect(stringStart).toBeGreaterThan(0);
    expect(chunk.indexOf("ajv/dist/compile/codegen")).toBeGreaterThan(stringStart);
    expect(chunk.lastIndexOf("ajv/dist/")).toBeLessThan(stringEnd);
    const { replies } = runCalc([INITIALIZE, { ...CALL, params: { name: "add", arguments: { a: "x", b: 3 } } }]);
    expect(replies[1]!.result).toEqual({
      content: [{ type: "text", text: 'Invalid arguments for tool "add":\n- a: expected number, got string "x"' }],
      isError: true,
    });
  });
});
