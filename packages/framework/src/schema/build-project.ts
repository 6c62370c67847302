import ts from "typescript";
import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedPrompt, GeneratedResource } from "../member-definition.js";
import type { GeneratedTool } from "../tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveTool } from "./derive-tool.js";
import { deriveMember } from "./derive-member.js";
import { findMembers, type ToolMethod } from "./find-tool-methods.js";
import { injectDefinitions, type Injection } from "./inject-definitions.js";
import { findCollisions } from "./find-collisions.js";
import { fixFor } from "./fix-for-diagnostic.js";
import { formatDiagnostics, loadProgram } from "./load-program.js";
import { findMisplacedDecorators } from "./misplaced-decorators.js";
import { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** What a successful build produced. */
export interface BuildResult {
  /** Each tool with the file it was declared in, in declaration order. */
  readonly tools: ReadonlyArray<{ readonly file: string; readonly name: string; readonly definition: GeneratedTool }>;
  /** Each `@resource` and `@prompt` method, in declaration order. */
  readonly members: ReadonlyArray<{ readonly kind: "resource" | "prompt"; readonly file: string; readonly name: string; readonly definition: GeneratedResource | GeneratedPrompt }>;
  /** The files the emit produced (JavaScript, declarations, maps), not yet written. */
  readonly emitted: readonly string[];
  /** Each emitted file's text, keyed by its absolute path; the caller writes them (see `writeOutputs`). */
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
}

/**
 * Type-checks a server package, derives every `@tool` method's definition and emits the
 * JavaScript with the definitions written into each decorator call. Throws an
 * `AggregateError` of `BuildError`s naming every problem, carrying the build's warnings as
 * `warnings` (read them with `warningsOf`), or one `BuildError` for type errors.
 */
export function buildProject(options: BuildOptions): BuildResult {
  const program = loadProgram(options.project);
  const misplaced = findMisplacedDecorators(program);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error && !misplaced.covers(d));
  if (diagnostics.length || misplaced.errors.length) {
    throw new AggregateError([...misplaced.errors, ...diagnostics.map(toBuildError)], "the program does not type-check");
  }

  const checker = program.getTypeChecker();
  const found = findMembers(program);
  const methods = found.filter((m) => m.kind === "tool");
  const schemas = found.length ? new SchemaGenerator(program) : undefined;
  const definitions = new Map<ts.Decorator, Injection>();
  const tools: Array<BuildResult["tools"][number]> = [];
  const members: Array<BuildResult["members"][number]> = [];
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];

  for (const member of found) {
    if (!ts.isCallExpression(member.decorator.expression)) {
      errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${member.method.name.getText()}: write @${member.kind}() with parentheses.`, { location: locationOf(member.decorator) }));
      continue;
    }
    if (member.kind === "tool") continue;
    const derived = deriveMember(member, checker, schemas!);
    warnings.push(...derived.warnings);
    if (!derived.ok) {
      errors.push(...derived.errors);
      continue;
    }
    definitions.set(member.decorator, { generated: derived.definition, position: member.kind === "resource" ? 2 : 1 });
    members.push({ kind: member.kind, file: member.method.getSourceFile().fileName, name: derived.name, definition: derived.definition });
  }

  for (const found of methods as ToolMethod[]) {
    if (!ts.isCallExpression(found.decorator.expression)) continue;
    const derived = deriveTool(found, checker, schemas!);
    warnings.push(...derived.warnings);
    if (!derived.ok) {
      errors.push(...derived.errors);
      continue;
    }
    const name = literalName(found.decorator.expression) ?? derived.tool.method;
    definitions.set(found.decorator, { generated: derived.tool, position: 1 });
    tools.push({ file: found.method.getSourceFile().fileName, name, definition: derived.tool });
  }
  errors.push(...findCollisions(program, found, checker));
  if (errors.length) throw Object.assign(new AggregateError(errors, `${errors.length} signature(s) cannot be served`), { warnings });
  const outputs = new Map<string, string>();
  const sources = new Map<string, ts.SourceFile>();
  if (options.noEmit) return { tools, members, emitted: [], outputs, sources, program, warnings };

  // Nothing is written here: the caller bundles the entries and writes everything at once, so
  // a failed build leaves dist/ as it was.
  const result = program.emit(
    undefined,
    (fileName, text, _writeBOM, _onError, sourceFiles) => {
      outputs.set(path.resolve(fileName), text);
      // The emit may hand over a transformed copy of the file: keep the program's own.
      const source = sourceFiles?.[0] && program.getSourceFile(sourceFiles[0].fileName);
      if (source && /\.[cm]?js$/.test(fileName)) sources.set(path.resolve(fileName), source);
    },
    undefined,
    false,
    { before: [injectDefinitions(definitions)] },
  );
  const emitErrors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (emitErrors.length) throw new AggregateError(emitErrors.map(toBuildError), "the emit failed");
  return { tools, members, emitted: [...outputs.keys()], outputs, sources, program, warnings };
}

/** One TypeScript diagnostic as a build error, printed the way tsc prints it, with a fix where typemcp knows one. */
function toBuildError(diagnostic: ts.Diagnostic): BuildError {
  const hint = fixFor(diagnostic);
  return new BuildError("TYPE_CHECK_FAILED", formatDiagnostics([diagnostic]) + (hint ? `\n  fix: ${hint}` : ""));
}

function literalName(call: ts.CallExpression): string | undefined {
  const options = call.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "name" && ts.isStringLiteralLike(property.initializer)) {
      return property.initializer.text;
    }
  }
  return undefined;
}
