import type ts from "typescript";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import { describeKind, nodeModuleKind, writtenModuleKind } from "../schema/module-kind.js";

/** An emitted JavaScript file Node could not run as written, and why. */
export interface Unrunnable {
  readonly file: string;
  readonly error: BuildError;
}

/**
 * The emitted files Node would misread: module syntax of one kind in a file Node reads as the
 * other (TypeScript's `module` setting against package.json `"type"`). Bundled entries are
 * exempt: the bundler writes them in the kind Node reads.
 */
export function findUnrunnable(outputs: ReadonlyMap<string, string>, sources: ReadonlyMap<string, ts.SourceFile>, exempt: ReadonlySet<string>): Unrunnable[] {
  const found: Unrunnable[] = [];
  for (const [file, source] of sources) {
    const text = outputs.get(file);
    if (exempt.has(file) || text === undefined) continue;
    const wrote = writtenModuleKind(text, file);
    const read = nodeModuleKind(file);
    if (wrote === undefined || wrote === read) continue;
    const fix =
      read === "cjs"
        ? `add "type": "module" to package.json, or set "module": "nodenext" in tsconfig.json`
        : `set "module": "nodenext" in tsconfig.json (it writes what package.json "type": "module" asks for)`;
    const at = { location: { file: path.relative(process.cwd(), source.fileName), line: 1, column: 1 } };
    const message = `compiles to ${describeKind(wrote)} in ${path.relative(process.cwd(), file)}, which Node reads as ${describeKind(read)}. Fix: ${fix}.`;
    found.push({ file, error: new BuildError("INVALID_CONFIGURATION", message, at) });
  }
  return found;
}
