import ts from "typescript";
import fs from "node:fs";
import { BuildError } from "../errors/build-error.js";
import { assertDerived, deriveDefinitions, type DerivedMember, type DerivedTool } from "./derive-definitions.js";
import type { BuildWarning } from "./build-warning.js";
import { findMembers } from "./find-tool-methods.js";
import { injectDefinitions, type Injection } from "./inject-definitions.js";
import { formatDiagnostics, loadProgram } from "./load-program.js";

/** What a successful build produced. */
export interface BuildResult {
  /** Each tool with the file it was declared in, in declaration order. */
  readonly tools: readonly DerivedTool[];
  /** Each `@resource` and `@prompt` method, in declaration order. */
  readonly members: readonly DerivedMember[];
  /** The JavaScript files written. */
  readonly emitted: readonly string[];
  /** What the author should hear about but need not fix (parameters typed `any`), in source order. */
  readonly warnings: readonly BuildWarning[];
}

/** Options for `buildProject`. */
export interface BuildOptions {
  /** Path to the tsconfig.json of the server package. */
  project: string;
  /** Derive and check only; write nothing. */
  noEmit?: boolean;
}

/**
 * Type-checks a server package, derives every `@tool` method's definition and emits the
 * JavaScript with the definitions written into each decorator call. Throws an
 * `AggregateError` of `BuildError`s naming every problem, carrying the build's warnings as
 * `warnings` (read them with `warningsOf`), or one `BuildError` for type errors.
 */
export function buildProject(options: BuildOptions): BuildResult {
  return buildProgram(loadProgram(options.project), options);
}

/** `buildProject` on a program already made (`typemcp dev` keeps one across rebuilds). */
export function buildProgram(program: ts.Program, options: { noEmit?: boolean } = {}): BuildResult {
  assertTypeChecks(ts.getPreEmitDiagnostics(program));
  const derivation = deriveDefinitions(program, findMembers(program));
  assertDerived(derivation);
  const { tools, members, definitions, warnings } = derivation;
  if (options.noEmit) return { tools, members, emitted: [], warnings };

  const emitted: string[] = [];
  emitWithDefinitions(program, definitions, (fileName, text, writeBOM) => {
    ts.sys.writeFile(fileName, text, writeBOM);
    if (fileName.endsWith(".js") && text.startsWith("#!")) fs.chmodSync(fileName, 0o755);
    emitted.push(fileName);
  });
  return { tools, members, emitted, warnings };
}

/**
 * Emits `program` (or just `sourceFile`) with each derived definition written into its
 * decorator call: the one emit the build and the `typemcp/vite` plugin both use.
 */
export function emitWithDefinitions(
  program: ts.Program,
  definitions: ReadonlyMap<ts.Decorator, Injection>,
  writeFile: ts.WriteFileCallback,
  sourceFile?: ts.SourceFile,
): void {
  const result = program.emit(sourceFile, writeFile, undefined, false, { before: [injectDefinitions(definitions)] });
  assertTypeChecks(result.diagnostics);
}

/** Throws one `BuildError` (TYPE_CHECK_FAILED) listing `diagnostics`' errors as tsc prints them. */
export function assertTypeChecks(diagnostics: readonly ts.Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(errors));
}
