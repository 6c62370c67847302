import ts from "typescript";
import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import { describeKind, emittedModuleKind, nodeModuleKind } from "./module-kind.js";

/** An emitted JavaScript file Node could not run as written, and why. */
export interface Unrunnable {
  readonly file: string;
  readonly error: BuildError;
}

/**
 * The emitted files Node would misread or fail to parse: module syntax of one kind in a file
 * Node reads as the other (TypeScript's `module` setting against package.json `"type"`), or
 * TC39 decorators left as written (`target: ESNext`), which no Node version parses. Bundled
 * entries are exempt: the bundler writes them in the right kind and lowers decorators.
 */
export function findUnrunnable(sources: ReadonlyMap<string, ts.SourceFile>, options: ts.CompilerOptions, exempt: ReadonlySet<string>): Unrunnable[] {
  const found: Unrunnable[] = [];
  for (const [file, source] of sources) {
    if (exempt.has(file)) continue;
    const wrote = emittedModuleKind(source, options);
    const read = nodeModuleKind(file);
    const at = { location: { file: path.relative(process.cwd(), source.fileName), line: 1, column: 1 } };
    const out = path.relative(process.cwd(), file);
    if (wrote !== read) {
      const fix =
        read === "cjs"
          ? `add "type": "module" to package.json, or set "module": "nodenext" in tsconfig.json`
          : `set "module": "nodenext" in tsconfig.json (it writes what package.json "type": "module" asks for)`;
      found.push({ file, error: new BuildError("INVALID_CONFIGURATION", `compiles to ${describeKind(wrote)} in ${out}, which Node reads as ${describeKind(read)}. Fix: ${fix}.`, at) });
    } else if (keepsDecorators(source, options)) {
      found.push({
        file,
        error: new BuildError(
          "INVALID_CONFIGURATION",
          `${out} keeps its @decorators as written ("target": "ESNext"), which Node cannot parse. Fix: set "target": "ES2022" in tsconfig.json.`,
          at,
        ),
      });
    }
  }
  return found;
}

function keepsDecorators(source: ts.SourceFile, options: ts.CompilerOptions): boolean {
  if (options.experimentalDecorators || (options.target ?? ts.ScriptTarget.ES5) < ts.ScriptTarget.ESNext) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.canHaveDecorators(node) && ts.getDecorators(node)?.length) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
