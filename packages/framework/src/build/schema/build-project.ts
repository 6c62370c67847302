import ts from "./typescript.cjs";
import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import type { JsonSchema } from "../../definitions/tool-definition.js";
import { assertDerived, type DerivedComponent } from "./derive-definitions.js";
import { derivePerFile } from "./derive-per-file.js";
import { afresh, type FileMemo, type PerFile } from "./file-memo.js";
import type { BuildWarning } from "./build-warning.js";
import { findComponents } from "./find-components.js";
import { checkViews } from "./check-views.js";
import { DefinitionTables, injectDefinitions, type Injection } from "./inject-definitions.js";
import { injectElicitations } from "./inject-elicitations.js";
import { fixFor } from "./fix-for-diagnostic.js";
import { formatDiagnostics, loadProgram } from "./load-program.js";
import { lowerDecorators } from "./lower-decorators.js";
import { markClassNames } from "./class-names.js";
import { findMisplacedDecorators } from "./misplaced-decorators.js";
import { writeOutputs } from "./write-outputs.js";

/** What a successful build produced. */
export interface BuildResult {
  /** Each tool, resource and prompt with the file it was declared in, in declaration order. */
  readonly components: readonly DerivedComponent[];
  /** The files the emit produced (JavaScript, declarations, maps). */
  readonly emitted: readonly string[];
  /** Each emitted file's text, keyed by its absolute path. */
  readonly outputs: ReadonlyMap<string, string>;
  /** The source file each emitted JavaScript file came from. */
  readonly sources: ReadonlyMap<string, ts.SourceFile>;
  /** The program the build type-checked and emitted. */
  readonly program: ts.Program;
  /** What the author should hear about but need not fix (parameters typed `any`), in source order. */
  readonly warnings: readonly BuildWarning[];
}

/** Options for `buildProject`. */
export interface BuildOptions {
  /** Path to the tsconfig.json of the server package. */
  project: string;
  /** Derive and check only; write nothing. */
  noEmit?: boolean;
  /** Emit into `outputs` only and write nothing: the caller bundles and writes (`typemcp build`). */
  inMemory?: boolean;
  /**
   * What earlier builds of the same kept program worked out per file (`typemcp dev`): reused for
   * each file nothing it depends on has changed in, and updated once this build succeeds.
   */
  memory?: FileMemo;
  /**
   * Mark each top-level class in the emitted JavaScript for the bundler (see class-names.ts): for a
   * build that bundles, which takes the marks out of what it writes.
   */
  markClassNames?: boolean;
}

/**
 * Type-checks a server package, derives every component's definition (each `@tool`, `@resource`
 * and `@prompt` method) and emits the
 * JavaScript with the definitions written into each decorator call. Throws an
 * `AggregateError` of `BuildError`s naming every problem, carrying the build's warnings as
 * `warnings` (read them with `warningsOf`), or one `BuildError` for type errors.
 */
export function buildProject(options: BuildOptions): BuildResult {
  return buildProgram(loadProgram(options.project), options);
}

/** `buildProject` on a program already made (`typemcp dev` keeps one across rebuilds). */
export function buildProgram(program: ts.Program, options: Omit<BuildOptions, "project"> = {}): BuildResult {
  if (!options.noEmit) assertEmits(program.getCompilerOptions());
  const memory = options.memory;
  const perFile: PerFile = memory ? (kind, file, compute) => memory.remember(kind, file, compute) : afresh;
  const misplaced = findMisplacedDecorators(program, perFile);
  const typeErrors = authorDiagnostics(program, perFile).filter((d) => d.category === ts.DiagnosticCategory.Error && !misplaced.covers(d));
  // Types that do not check cannot be derived from; a misplaced decorator is no type error, so
  // the rest still derives and one run reports it beside every signature that cannot be served.
  if (typeErrors.length) assertTypeChecks(typeErrors, misplaced.errors);
  const { derivation, elicitations } = derivePerFile(
    program,
    findComponents(program, perFile).filter((found) => !misplaced.decorators.has(found.decorator)),
    authorFiles(program),
    perFile,
  );
  assertDerived({ ...derivation, errors: [...misplaced.errors, ...derivation.errors, ...elicitations.errors] });
  const { components, definitions, warnings } = derivation;
  // A view is typed from its tool's method: checked after the tools derive, before anything is emitted.
  assertTypeChecks(
    checkViews(
      program,
      components.flatMap((c) => (c.kind === "tool" ? [c.definition] : [])),
    ),
  );
  const outputs = new Map<string, string>();
  const sources = new Map<string, ts.SourceFile>();
  if (options.noEmit) {
    memory?.commit();
    return { components, emitted: [], outputs, sources, program, warnings };
  }
  // File by file: emitting the whole program makes TypeScript first check every file it holds,
  // dependencies' declarations included (unless skipLibCheck), which is most of a cold build.
  for (const file of authorFiles(program)) {
    const emitted = perFile("emit", file, () => emitFile(program, file, definitions, elicitations.schemas, options.markClassNames ? [markClassNames] : []));
    for (const [name, text] of emitted.outputs) outputs.set(name, text);
    for (const name of emitted.scripts) sources.set(name, file);
  }
  memory?.commit();
  // Written only once the emit has succeeded, so a failed build leaves the last good files.
  if (!options.inMemory) writeOutputs(outputs);
  return { components, emitted: [...outputs.keys()], outputs, sources, program, warnings };
}

/** What one source file emits (decorators lowered where its target needs it), and which of it is JavaScript. */
function emitFile(
  program: ts.Program,
  file: ts.SourceFile,
  definitions: ReadonlyMap<ts.Decorator, Injection>,
  elicitations: ReadonlyMap<ts.CallExpression, JsonSchema>,
  after: readonly ts.TransformerFactory<ts.SourceFile>[],
): { readonly outputs: ReadonlyMap<string, string>; readonly scripts: readonly string[] } {
  const outputs = new Map<string, string>();
  const sources = new Map<string, ts.SourceFile>();
  const collect: ts.WriteFileCallback = (fileName, text) => {
    outputs.set(path.resolve(fileName), text);
    // The program's own file, not the transformed copy the emit may hand over.
    if (/\.[cm]?js$/.test(fileName)) sources.set(path.resolve(fileName), file);
  };
  emitWithDefinitions(program, definitions, collect, file, elicitations, after);
  lowerDecorators(outputs, sources, program.getCompilerOptions());
  return { outputs, scripts: [...sources.keys()] };
}

// A setting that leaves nothing to serve is refused before the slow part, naming it, rather than
// building nothing and blaming the entry point.
function assertEmits(compilerOptions: ts.CompilerOptions): void {
  const setting = compilerOptions.noEmit ? '"noEmit": true' : compilerOptions.emitDeclarationOnly ? '"emitDeclarationOnly": true' : undefined;
  if (setting === undefined) return;
  throw new BuildError(
    "INVALID_CONFIGURATION",
    `the tsconfig.json sets ${setting}, so the build would write no JavaScript to serve. Remove it (typemcp build writes dist/, and \`tsc --noEmit\` still only checks), build with a tsconfig of its own (--project tsconfig.build.json), or run typemcp build --check to only check.`,
    { setup: true },
  );
}

/**
 * Emits `program` (or just `sourceFile`) with each derived definition written into its
 * decorator call, and each derived elicitation schema into its `ctx.elicit<T>(message)` call:
 * the one emit the build and the `typemcp/vite` plugin both use.
 */
export function emitWithDefinitions(
  program: ts.Program,
  definitions: ReadonlyMap<ts.Decorator, Injection>,
  writeFile: ts.WriteFileCallback,
  sourceFile?: ts.SourceFile,
  elicitations: ReadonlyMap<ts.CallExpression, JsonSchema> = new Map(),
  after: readonly ts.TransformerFactory<ts.SourceFile>[] = [],
): void {
  const tables = new DefinitionTables();
  const before = [injectDefinitions(definitions, tables), injectElicitations(elicitations)];
  const write: ts.WriteFileCallback = (fileName, text, bom, onError, sources, data) =>
    writeFile(fileName, /\.[cm]?js$/.test(fileName) && sources?.[0] ? tables.appendTo(sources[0].fileName, text) : text, bom, onError, sources, data);
  const result = program.emit(sourceFile, write, undefined, false, { before, after: [...after] });
  assertTypeChecks(result.diagnostics);
}

/**
 * What \`tsc\` would report for the project, less the declaration files of its dependencies
 * (node_modules) and TypeScript's own lib files. The build checks the author's code, not the
 * libraries it uses: a dependency typed against globals the project does not load (the SDK's
 * \`.d.mts\` names \`Buffer\`, which needs @types/node) must not fail a build that
 * \`skipLibCheck\` would pass, and not checking them spares most of a cold build. The author's
 * own \`.d.ts\` files are still checked.
 */
function authorDiagnostics(program: ts.Program, perFile: PerFile): ts.Diagnostic[] {
  const files = program
    .getSourceFiles()
    .filter((f) => !(f.isDeclarationFile && (program.isSourceFileFromExternalLibrary(f) || program.isSourceFileDefaultLibrary(f))));
  const each = (get: (f: ts.SourceFile) => readonly ts.Diagnostic[]) => files.flatMap((f) => [...get(f)]);
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...each((f) => program.getSyntacticDiagnostics(f))];
  // Semantic before global: the checker gathers global diagnostics while it checks files.
  // Kept per file in a kept project: a file's type errors follow from it and what it imports.
  if (diagnostics.length === 0)
    diagnostics.push(...each((f) => perFile("semantic", f, () => program.getSemanticDiagnostics(f))), ...program.getGlobalDiagnostics());
  if (diagnostics.length === 0 && emitsDeclarations(program.getCompilerOptions()))
    diagnostics.push(...each((f) => perFile("declaration", f, () => program.getDeclarationDiagnostics(f))));
  return diagnostics;
}

/**
 * Throws an `AggregateError` with one `BuildError` (TYPE_CHECK_FAILED) per error in
 * `diagnostics`, as tsc prints it (with the fix, for the errors a project's setup causes),
 * after `more` (errors typemcp words better than TypeScript).
 */
export function assertTypeChecks(diagnostics: readonly ts.Diagnostic[], more: readonly BuildError[] = []): void {
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length || more.length) throw new AggregateError([...more, ...errors.map(toBuildError)], `${errors.length + more.length} error(s)`);
}

function toBuildError(diagnostic: ts.Diagnostic): BuildError {
  const fix = fixFor(diagnostic);
  return new BuildError("TYPE_CHECK_FAILED", formatDiagnostics([diagnostic]) + (fix ? `\n  fix: ${fix}` : ""));
}

function emitsDeclarations(options: ts.CompilerOptions): boolean {
  return Boolean(options.declaration || options.composite);
}

/** The files a build emits: the project's own sources, not declarations or dependencies. */
function authorFiles(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((f) => !f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f));
}
