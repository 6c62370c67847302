/** The parts of `node:module` this file uses; `enableCompileCache` exists from Node 22.1. */
interface NodeModule {
  enableCompileCache?: (directory: string) => unknown;
}

/**
 * Turns on Node's compile cache where the running Node has it (`module.enableCompileCache`,
 * Node 22.1+), so that later starts read compiled code instead of parsing it again. It runs at
 * the start of the `typemcp` command and, as source text, at the start of every server entry
 * `typemcp build` bundles (`entryLoader`).
 *
 * Where the cache lives is decided at every start (nothing about the machine is frozen in at
 * build time): NODE_COMPILE_CACHE when set (Node has then enabled it already), else one folder
 * per user in the OS temp folder, never beside the code, which may be installed read-only or
 * shared by several users. V8 runs cached code as it finds it, so the folder is used only when
 * this user owns it and no one else can write to it; otherwise the process starts without a
 * cache. Any failure leaves the cache off: it is an optimisation, never a reason not to start.
 * NODE_DISABLE_COMPILE_CACHE turns it off (Node checks it).
 */
export function enableCompileCache(nodeModuleItself: object, require: NodeJS.Require): void {
  // `object`: the Node typings a project installs may predate enableCompileCache.
  const nodeModule = nodeModuleItself as NodeModule;
  if (typeof nodeModule.enableCompileCache !== "function" || process.env.NODE_COMPILE_CACHE) return;
  try {
    const fs = require("node:fs") as typeof import("node:fs");
    const os = require("node:os") as typeof import("node:os");
    const path = require("node:path") as typeof import("node:path");
    const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
    const dir = path.join(os.tmpdir(), uid === undefined ? "typemcp-compile-cache" : `typemcp-compile-cache-${uid}`);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST") return;
    }
    const stat = fs.lstatSync(dir);
    if (!stat.isDirectory() || (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0))) return;
    nodeModule.enableCompileCache(dir);
  } catch {}
}
