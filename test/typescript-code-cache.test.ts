import { spawnSync } from "node:child_process";
import fs from "node:fs";
import nodeModule from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { node24Path } from "./support/node24.js";
import { fromRoot, TYPEMCP_CLI } from "./support/paths.js";

// Node's compile cache (Node 22.1+; the typemcp command turns it on: see compile-cache.test.ts)
// keeps only the code compiled before a module first runs, and Node 20 has none, so typemcp keeps
// the compiled TypeScript compiler itself, on both.
const CACHE_FOLDER = `typemcp-compile-cache-${process.getuid!()}`;
const CALC = fromRoot("packages/calc-server");

let scratch: string;
let node24: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-ts-cache-test-"));
  node24 = node24Path();
}, 130_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** `typemcp build --check` of the calculator on `node` with `tmp` as the OS temp folder; returns what it printed. */
function check(tmp: string, node = process.execPath): string {
  const run = spawnSync(node, [TYPEMCP_CLI, "build", "--check"], {
    cwd: CALC,
    env: { ...process.env, TMPDIR: tmp },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout;
}

function cachedCode(tmp: string): string[] {
  const folder = path.join(tmp, CACHE_FOLDER);
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith("typescript-")) : [];
}

describe.runIf(!("enableCompileCache" in nodeModule))("TypeScript's compiled code, kept by typemcp on a Node without a compile cache", () => {
  test("the first build writes it into the user's own folder, and the next build reads it rather than write it again", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "own-"));
    const first = check(tmp).replace(/ in [\d.]+s/, "");
    const [file] = cachedCode(tmp);
    expect(file).toMatch(/^typescript-[0-9a-f]{20}\.v8$/);
    const written = path.join(tmp, CACHE_FOLDER, file!);
    expect(fs.statSync(path.join(tmp, CACHE_FOLDER)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(written).mode & 0o777).toBe(0o600);
    const before = fs.statSync(written);
    // V8 accepted it, so nothing is written: a rejected cache is replaced when the run ends.
    expect(check(tmp).replace(/ in [\d.]+s/, "")).toBe(first);
    const after = fs.statSync(written);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  }, 240_000);

  test("code V8 rejects is replaced, and the build is the same", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "rejected-"));
    const first = check(tmp).replace(/ in [\d.]+s/, "");
    const written = path.join(tmp, CACHE_FOLDER, cachedCode(tmp)[0]!);
    fs.writeFileSync(written, "not V8's code");
    expect(check(tmp).replace(/ in [\d.]+s/, "")).toBe(first);
    expect(fs.readFileSync(written).length).toBeGreaterThan(1_000_000);
  }, 240_000);

  test("a folder of that name that others can write to is left alone: V8 would run whatever code is in it", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "shared-"));
    const folder = path.join(tmp, CACHE_FOLDER);
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o777);
    check(tmp);
    expect(fs.readdirSync(folder)).toEqual([]);
  }, 240_000);

  test("a file read after a day is marked used again; writing one removes those unused for a month, and all but the newest eight", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "pruned-"));
    check(tmp);
    const folder = path.join(tmp, CACHE_FOLDER);
    const [real] = cachedCode(tmp);
    const at = (file: string, daysAgo: number) => {
      const when = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
      fs.utimesSync(path.join(folder, file), when, when);
    };
    // Read two days after it was written: its time moves to now, so no prune takes it for unused.
    at(real!, 2);
    check(tmp);
    expect(Date.now() - fs.statSync(path.join(folder, real!)).mtimeMs).toBeLessThan(60 * 60 * 1000);
    // Files of other TypeScripts and Nodes: one unused for 40 days, nine read in the last days.
    const fake = (n: number) => `typescript-${String(n).padStart(20, "0")}.v8`;
    for (let n = 0; n < 10; n++) {
      fs.writeFileSync(path.join(folder, fake(n)), "code of another TypeScript", { mode: 0o600 });
      at(fake(n), n === 0 ? 40 : n);
    }
    // A rejected file is written anew, and the folder pruned.
    fs.writeFileSync(path.join(folder, real!), "not V8's code");
    check(tmp);
    expect(cachedCode(tmp).sort()).toEqual([real, ...[1, 2, 3, 4, 5, 6, 7].map(fake)].sort());
  }, 240_000);

  test("NODE_DISABLE_COMPILE_CACHE turns it off", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "off-"));
    const run = spawnSync(process.execPath, [TYPEMCP_CLI, "build", "--check"], {
      cwd: CALC,
      env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "1" },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status).toBe(0);
    expect(fs.readdirSync(tmp)).toEqual([]);
  }, 240_000);
});

// Node's own cache holds typescript.js too, but only its code compiled before it first runs: about
// half of what a build calls. typemcp's holds every function the run compiled.
describe("TypeScript's compiled code, kept by typemcp on Node 24 beside Node's compile cache", () => {
  test("the first build writes it, with the functions the build compiled, and the next build reads it rather than write it again", () => {
    const tmp = fs.mkdtempSync(path.join(scratch, "node24-"));
    const first = check(tmp, node24).replace(/ in [\d.]+s/, "");
    const [file] = cachedCode(tmp);
    expect(file).toMatch(/^typescript-[0-9a-f]{20}\.v8$/);
    const written = path.join(tmp, CACHE_FOLDER, file!);
    // Node's cache of typescript.js alone, made before it ran, is about 2.5 MB.
    expect(fs.statSync(written).size).toBeGreaterThan(3_500_000);
    const before = fs.statSync(written);
    expect(check(tmp, node24).replace(/ in [\d.]+s/, "")).toBe(first);
    const after = fs.statSync(written);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  }, 240_000);
});
