import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";

/** The parts of `node:module`'s `Module` this file uses. */
interface ModuleClass {
  wrap(source: string): string;
  prototype: { _compile(this: object, content: string, filename: string, ...rest: unknown[]): unknown };
}

const TYPESCRIPT = /[\\/]typescript[\\/]lib[\\/]typescript\.js$/;
// Where the compiled TypeScript waits for Node's loader, for the one call that hands it over.
const HANDOVER = "__typemcpCompiledTypeScript";

/**
 * Keeps V8's compiled code of the TypeScript compiler between runs of `typemcp`, with every
 * function a run compiled: typescript.js is 9 MB, and compiling it, then each of its functions as
 * the build first calls it, was most of what a build costs beyond the type check that `tsc` also
 * does. Node's own compile cache (22.1+, which `enableCompileCache` turns on for the rest) keeps
 * only the code compiled before a module first runs, about half of what a build of TypeScript
 * calls, so typescript.js is kept here on every Node. The code is written when a run ends, into
 * the same per-user folder as Node's cache, and only while that folder is this user's alone (V8
 * runs cached code as it finds it). V8 checks the code against the source and itself, and a
 * rejected or missing one is written anew; writing one removes those no run has read for 30
 * days, and all but the newest 8. Any failure leaves things as Node does them.
 * NODE_DISABLE_COMPILE_CACHE turns it off.
 */
export function cacheTypeScriptCode(nodeModule: object): void {
  const Module = nodeModule as ModuleClass;
  if (process.env.NODE_DISABLE_COMPILE_CACHE || typeof Module.prototype?._compile !== "function") return;
  const compile = Module.prototype._compile;
  // Every argument passed on: Node 22+ adds the module's format after the file name.
  Module.prototype._compile = function (this: object, content: string, filename: string, ...rest: unknown[]) {
    if (!TYPESCRIPT.test(filename)) return compile.call(this, content, filename, ...rest);
    Module.prototype._compile = compile;
    const wrapper = compiled(Module, content, filename);
    if (!wrapper) return compile.call(this, content, filename, ...rest);
    // Node's own loader runs it, with the `require` it gives every module.
    const global = globalThis as Record<string, unknown>;
    global[HANDOVER] = wrapper;
    try {
      return compile.call(this, `return globalThis.${HANDOVER}.apply(this, arguments);`, filename, ...rest);
    } finally {
      delete global[HANDOVER];
    }
  };
}

/** typescript.js compiled with the code kept from an earlier run, or undefined to leave it to Node. */
function compiled(Module: ModuleClass, content: string, filename: string): ((...args: unknown[]) => unknown) | undefined {
  try {
    const dir = ownFolder();
    if (!dir) return undefined;
    // V8's own check of the source is by its length alone: the file's identity and time tell an edited one.
    // V8 also rejects code compiled under other flags: one file per command line, or runs with
    // and without them would take turns rewriting it.
    const stat = fs.statSync(filename);
    const identity = [filename, stat.size, stat.mtimeMs, stat.ino, process.version, process.arch, ...process.execArgv];
    const key = createHash("sha1").update(identity.join("\0")).digest("hex").slice(0, 20);
    const file = path.join(dir, `typescript-${key}.v8`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = fs.readFileSync(file);
    } catch {}
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (!cachedData || script.cachedDataRejected) process.once("exit", () => keep(file, () => script.createCachedData()));
    else markUsed(file);
    return script.runInThisContext() as (...args: unknown[]) => unknown;
  } catch {
    return undefined;
  }
}

// Written beside, then renamed: a run reading the folder meanwhile sees the old file or the new, whole.
function keep(file: string, data: () => Buffer): void {
  const partial = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(partial, data(), { mode: 0o600 });
    fs.renameSync(partial, file);
    pruneBeside(file);
  } catch {
    try {
      fs.rmSync(partial, { force: true });
    } catch {}
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A file no run has read for this long is of a TypeScript, Node or typemcp no longer used. */
const UNUSED_MS = 30 * DAY_MS;
/** The most files kept: each is 4–5 MB, one per TypeScript install, Node version and flags in use. */
const MOST_FILES = 8;

// A file's time says when a run last read it: refreshed at most once a day, so a build writes
// nothing on most days.
function markUsed(file: string): void {
  try {
    if (Date.now() - fs.statSync(file).mtimeMs > DAY_MS) fs.utimesSync(file, new Date(), new Date());
  } catch {}
}

// Each new TypeScript, Node or flag writes a file of its own: once one is written, those no run
// read for a month go, and the oldest beyond the newest eight.
function pruneBeside(file: string): void {
  const dir = path.dirname(file);
  const kept = fs
    .readdirSync(dir)
    .filter((name) => /^typescript-[0-9a-f]+\.v8$/.test(name))
    .map((name) => ({ name, mtimeMs: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  kept.forEach(({ name, mtimeMs }, i) => {
    if (path.join(dir, name) !== file && (i >= MOST_FILES || Date.now() - mtimeMs > UNUSED_MS)) fs.rmSync(path.join(dir, name), { force: true });
  });
}

/** The per-user folder Node's compile cache uses (see compile-cache.ts), made if missing; undefined unless only this user can write to it. */
function ownFolder(): string | undefined {
  const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
  const dir = path.join(os.tmpdir(), uid === undefined ? "typemcp-compile-cache" : `typemcp-compile-cache-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folder = fs.lstatSync(dir);
  const own = folder.isDirectory() && (uid === undefined || (folder.uid === uid && (folder.mode & 0o022) === 0));
  return own ? dir : undefined;
}
