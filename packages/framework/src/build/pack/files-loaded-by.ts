import path from "node:path";
import ts from "../schema/typescript.cjs";

// How Node finds a relative specifier that names no file as written (CommonJS `require("./x")`).
const SUFFIXES = ["", ".js", ".cjs", ".mjs", "/index.js", "/index.cjs", "/index.mjs"];

/**
 * The source files whose compiled JavaScript the emitted `entry` loads, itself included: its
 * imports, exports, `import()` calls with a literal specifier and `require` calls, followed through
 * the emitted files (so an import TypeScript erased, one used only as a type, loads nothing).
 * What is served is what these files declare: a component in any other file never runs.
 * `outputs` and `sources` are the build's emitted text and source file per emitted path.
 */
export function filesLoadedBy(
  entry: string,
  outputs: ReadonlyMap<string, string>,
  sources: ReadonlyMap<string, ts.SourceFile>,
  options: ts.CompilerOptions,
): Set<ts.SourceFile> {
  const emittedOf = new Map([...sources].map(([emitted, source]) => [path.resolve(source.fileName), emitted]));
  const loaded = new Set<ts.SourceFile>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    const source = sources.get(file);
    const text = outputs.get(file);
    if (seen.has(file) || !source || text === undefined) continue;
    seen.add(file);
    loaded.add(source);
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      const next = specifier.startsWith(".")
        ? relativeModule(file, specifier, (candidate) => sources.has(candidate))
        : aliasTarget(specifier, source, options, emittedOf);
      if (next) queue.push(next);
    }
  }
  return loaded;
}

/**
 * The file a relative `specifier` in `from` loads, as Node finds it (as written, else with a
 * CommonJS suffix: `./x` → `./x.js`, `./x/index.js`), among those `exists` says are there.
 */
export function relativeModule(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return SUFFIXES.map((suffix) => base + suffix).find(exists);
}

// A bare specifier that is one of the package's own files (tsconfig "paths", package "imports"),
// resolved as the program resolved it; a dependency's files are no concern of the manifest.
function aliasTarget(specifier: string, source: ts.SourceFile, options: ts.CompilerOptions, emittedOf: ReadonlyMap<string, string>): string | undefined {
  if (specifier.startsWith("node:")) return undefined;
  const resolved = ts.resolveModuleName(specifier, source.fileName, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return undefined;
  return emittedOf.get(path.resolve(resolved.resolvedFileName));
}
