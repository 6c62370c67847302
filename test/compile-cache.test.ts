import { spawnSync } from "node:child_process";
import fs from "node:fs";
import nodeModule from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { node24Path } from "./support/node24.js";
import { CALC_SERVER, frameworkVersion, TYPEMCP_CLI } from "./support/paths.js";

// Node's compile cache exists from Node 22.1; this machine runs Node 20, so the cache is checked
// on Node 24 LTS from npm (pinned, cached by npx), as bench/ and the conformance script get theirs.
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
};
const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list" };
const CACHE_FOLDER = `typemcp-compile-cache-${process.getuid!()}`;

let node24: string;
let scratch: string;

beforeAll(() => {
  node24 = node24Path();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-cache-test-"));
}, 130_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Starts the built calculator on `node` with `env` added, lists its tools, and returns what it wrote on stderr. */
function startCalc(node: string, env: Record<string, string>): string {
  const run = spawnSync(node, [CALC_SERVER], {
    env: { ...process.env, ...env },
    input: `${JSON.stringify(INITIALIZE)}\n${JSON.stringify(LIST)}\n`,
    encoding: "utf8",
    timeout: 20_000,
  });
  const replies = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[] } });
  expect(replies.map((r) => r.id)).toEqual([1, 2]);
  expect(replies[1]!.result!.tools).toHaveLength(6);
  return run.stderr;
}

/** A fresh folder to serve as the OS temp folder of one run. */
function tempFolder(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  return dir;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe("the compile cache of a bundled server", () => {
  test("on Node 24 it lives in a folder of the user's own in the OS temp folder, and the next start compiles from it", () => {
    const tmp = tempFolder("own");
    startCalc(node24, { TMPDIR: tmp });
    const folder = path.join(tmp, CACHE_FOLDER);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    // One cached file per module compiled after the loader: the bundle and the chunks it loads at start.
    const cached = filesUnder(folder);
    expect(cached.length).toBeGreaterThanOrEqual(2);
    for (const file of cached) expect(file).toMatch(/^v24\.22\.3-x64-[0-9a-f]+-\d+\/[0-9a-f]+$/);
    const again = startCalc(node24, { TMPDIR: tmp, NODE_DEBUG_NATIVE: "COMPILE_CACHE" });
    expect(again).toMatch(/V8 code cache for ESM file:\/\/\S+\/calc\.bundle\.js was accepted/);
  });

  test("a folder of that name that others can write to is left alone: V8 would run whatever code is in it", () => {
    const tmp = tempFolder("shared");
    const folder = path.join(tmp, CACHE_FOLDER);
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o777);
    startCalc(node24, { TMPDIR: tmp });
    expect(filesUnder(folder)).toEqual([]);
  });

  test("NODE_COMPILE_CACHE, when set, says where the cache lives", () => {
    const tmp = tempFolder("by-env-tmp");
    const chosen = tempFolder("by-env-cache");
    startCalc(node24, { TMPDIR: tmp, NODE_COMPILE_CACHE: chosen });
    expect(fs.readdirSync(tmp)).toEqual([]);
    // On from the process's start, it holds the loader's code too: one file more than a cache the loader turns on.
    const ownTmp = tempFolder("by-env-compare");
    startCalc(node24, { TMPDIR: ownTmp });
    expect(filesUnder(chosen)).toHaveLength(filesUnder(path.join(ownTmp, CACHE_FOLDER)).length + 1);
  });

  // This machine's Node (20) has no compile cache; where the suite runs on a newer Node, the first test covers it.
  test.runIf(!("enableCompileCache" in nodeModule))("on a Node without a compile cache, the server starts and writes nothing", () => {
    const tmp = tempFolder("node20");
    startCalc(process.execPath, { TMPDIR: tmp });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

describe("the compile cache of the typemcp command", () => {
  test("on Node 24 it lives in the same folder, and the next run of typemcp compiles from it", () => {
    const tmp = tempFolder("cli");
    const run = (env: Record<string, string>) =>
      spawnSync(node24, [TYPEMCP_CLI, "--version"], { env: { ...process.env, TMPDIR: tmp, ...env }, encoding: "utf8", timeout: 20_000 });
    expect(run({}).stdout).toBe(`${frameworkVersion()}\n`);
    expect(filesUnder(path.join(tmp, CACHE_FOLDER)).length).toBeGreaterThanOrEqual(1);
    expect(run({ NODE_DEBUG_NATIVE: "COMPILE_CACHE" }).stderr).toMatch(/V8 code cache for ESM file:\/\/\S+\/dist\/cli\/index\.js was accepted/);
  });
});
