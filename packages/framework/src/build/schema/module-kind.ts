import ts from "./typescript.cjs";
import fs from "node:fs";
import path from "node:path";
import { parseEmitted } from "./emitted-syntax.js";

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

/**
 * The module system a JavaScript file is written in, read from its syntax: `import`/`export`
 * statements make an ES module; `require()`, `module.exports` or `exports.` CommonJS. (What
 * TypeScript writes does not follow from the `module` option alone: it also reads
 * package.json `"type"`.) Undefined for a file with neither, which runs as either.
 */
export function writtenModuleKind(text: string, fileName: string): ModuleKind | undefined {
  const file = parseEmitted(fileName, text);
  const esm = file.statements.some(
    (s) =>
      ts.isImportDeclaration(s) ||
      ts.isExportDeclaration(s) ||
      ts.isExportAssignment(s) ||
      (ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)),
  );
  if (esm) return "esm";
  return /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[A-Za-z_$]/.test(text) ? "cjs" : undefined;
}

/** The name of a module kind as an error message says it. */
export function describeKind(kind: ModuleKind): string {
  return kind === "esm" ? "an ES module" : "CommonJS";
}
