import ts from "typescript";
import fs from "node:fs";
import path from "node:path";

/** The two module systems Node runs. */
export type ModuleKind = "esm" | "cjs";

/**
 * How Node will read a JavaScript file at `file`: `.mjs` as an ES module, `.cjs` as CommonJS,
 * `.js` as the nearest package.json's `"type"` says (CommonJS when it says nothing).
 */
export function nodeModuleKind(file: string): ModuleKind {
  if (file.endsWith(".mjs")) return "esm";
  if (file.endsWith(".cjs")) return "cjs";
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      try {
        return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { type?: unknown }).type === "module" ? "esm" : "cjs";
      } catch {
        return "cjs";
      }
    }
    if (path.dirname(dir) === dir) return "cjs";
  }
}

/** The module system TypeScript wrote `source` in, under the program's `module` setting. */
export function emittedModuleKind(source: ts.SourceFile, options: ts.CompilerOptions): ModuleKind {
  const module = options.module ?? ts.ModuleKind.CommonJS;
  if (module >= ts.ModuleKind.Node16 && module <= ts.ModuleKind.NodeNext) {
    return source.impliedNodeFormat === ts.ModuleKind.ESNext ? "esm" : "cjs";
  }
  if (module === ts.ModuleKind.Preserve) return /\.c[jt]s$/.test(source.fileName) ? "cjs" : "esm";
  return module >= ts.ModuleKind.ES2015 ? "esm" : "cjs";
}

/** The name of a module kind as an error message says it. */
export function describeKind(kind: ModuleKind): string {
  return kind === "esm" ? "an ES module" : "CommonJS";
}
