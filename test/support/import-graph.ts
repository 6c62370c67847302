import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const IMPORT = /(?:^|[\s;])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Every module file reachable from `entry` through static imports, dynamic imports with a
 * literal specifier, and require calls, resolved as Node resolves them (real paths).
 */
export function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [fs.realpathSync(entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(c|m)?js$/.test(file)) continue;
    const require = createRequire(file);
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (specifier.startsWith("node:") || isBuiltin(specifier)) continue;
      const resolved = resolve(require, specifier, file);
      if (resolved) queue.push(fs.realpathSync(resolved));
    }
  }
  return [...seen];
}

function isBuiltin(specifier: string): boolean {
  return (require_builtin ??= new Set(createRequire(import.meta.url)("node:module").builtinModules)).has(specifier);
}
let require_builtin: Set<string> | undefined;

function resolve(require: NodeJS.Require, specifier: string, from: string): string | undefined {
  try {
    return require.resolve(specifier);
  } catch {
    // ESM-only exports ("import" condition) are not visible to require.resolve; relative paths are.
    if (specifier.startsWith(".")) {
      const candidate = path.resolve(path.dirname(from), specifier);
      return fs.existsSync(candidate) ? candidate : undefined;
    }
    return resolveEsmPackage(specifier, from);
  }
}

function resolveEsmPackage(specifier: string, from: string): string | undefined {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  const subpath = `.${specifier.slice(name.length)}`;
  for (let dir = path.dirname(from); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, "node_modules", name);
    const manifest = path.join(pkgDir, "package.json");
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports?: Record<string, unknown>; main?: string };
    const target = pickExport(pkg.exports?.[subpath === "." ? "." : subpath] ?? pkg.exports?.[`${subpath.replace(/\.js$/, "")}`]);
    const file = target ? path.join(pkgDir, target) : path.join(pkgDir, subpath === "." ? (pkg.main ?? "index.js") : subpath);
    return fs.existsSync(file) ? file : undefined;
  }
  return undefined;
}

function pickExport(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object") {
    const conditions = entry as Record<string, unknown>;
    return pickExport(conditions.import ?? conditions.node ?? conditions.default);
  }
  return undefined;
}
