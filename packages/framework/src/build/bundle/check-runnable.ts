import ts from "../schema/typescript.cjs";
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
 * exempt: the bundler writes them in the kind Node reads. With the `program` that emitted them,
 * a module it wrote as an ES module is known to be one without parsing what it wrote (the bundler
 * parses it later, while esbuild works in its own process).
 */
export function findUnrunnable(
  outputs: ReadonlyMap<string, string>,
  sources: ReadonlyMap<string, ts.SourceFile>,
  exempt: ReadonlySet<string>,
  program?: ts.Program,
): Unrunnable[] {
  const found: Unrunnable[] = [];
  for (const [file, source] of sources) {
    const text = outputs.get(file);
    if (exempt.has(file) || text === undefined) continue;
    const wrote = program && emitsEsModule(program, source) ? "esm" : writtenModuleKind(text, file);
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

/**
 * Whether TypeScript writes `source` as an ES module, where that is sure without reading what it
 * wrote: under `"module": "node16"`…`"nodenext"`, a module (it has imports or exports, or
 * `moduleDetection` makes it one) that Node reads as an ES module is written as one, with an
 * `import` or `export` statement (`export {};` when none is left). Other settings: not known here.
 */
function emitsEsModule(program: ts.Program, source: ts.SourceFile): boolean {
  const module = program.getCompilerOptions().module;
  const nodeModules = module !== undefined && module >= ts.ModuleKind.Node16 && module <= ts.ModuleKind.NodeNext;
  return nodeModules && source.impliedNodeFormat === ts.ModuleKind.ESNext && ts.isExternalModule(source);
}
