import ts from "typescript";
import fs from "node:fs";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedPrompt, GeneratedResource } from "../member-definition.js";
import type { GeneratedTool } from "../tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveTool } from "./derive-tool.js";
import { deriveMember } from "./derive-member.js";
import { findMembers, type ToolMethod } from "./find-tool-methods.js";
import { injectDefinitions, type Injection } from "./inject-definitions.js";
import { formatDiagnostics, loadProgram } from "./load-program.js";
import { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** What a successful build produced. */
export interface BuildResult {
  /** Each tool with the file it was declared in, in declaration order. */
  readonly tools: ReadonlyArray<{ readonly file: string; readonly name: string; readonly definition: GeneratedTool }>;
  /** Each `@resource` and `@prompt` method, in declaration order. */
  readonly members: ReadonlyArray<{ readonly kind: "resource" | "prompt"; readonly file: string; readonly name: string; readonly definition: GeneratedResource | GeneratedPrompt }>;
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
  const program = loadProgram(options.project);
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (diagnostics.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(diagnostics));

  const checker = program.getTypeChecker();
  const found = findMembers(program);
  const methods = found.filter((m) => m.kind === "tool");
  const schemas = found.length ? new SchemaGenerator(program) : undefined;
  const definitions = new Map<ts.Decorator, Injection>();
  const tools: Array<BuildResult["tools"][number]> = [];
  const members: Array<BuildResult["members"][number]> = [];
  const errors: BuildError[] = [];
  const warnings: BuildWarning[] = [];
  const seen = new Map<string, ts.Node>();

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
    const key = `${found.method.getSourceFile().fileName}\0${found.klass.pos}\0${name}`;
    if (seen.has(key)) {
      errors.push(new BuildError("DUPLICATE_TOOL_NAME", `two tools in one class are named "${name}"`, { location: locationOf(found.method) }));
    }
    seen.set(key, found.method);
    definitions.set(found.decorator, { generated: derived.tool, position: 1 });
    tools.push({ file: found.method.getSourceFile().fileName, name, definition: derived.tool });
  }
  if (errors.length) throw Object.assign(new AggregateError(errors, `${errors.length} signature(s) cannot be served`), { warnings });
  if (options.noEmit) return { tools, members, emitted: [], warnings };

  const emitted: string[] = [];
  const result = program.emit(
    undefined,
    (fileName, text, writeBOM) => {
      ts.sys.writeFile(fileName, text, writeBOM);
      if (fileName.endsWith(".js") && text.startsWith("#!")) fs.chmodSync(fileName, 0o755);
      emitted.push(fileName);
    },
    undefined,
    false,
    { before: [injectDefinitions(definitions)] },
  );
  const emitErrors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (emitErrors.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(emitErrors));
  return { tools, members, emitted, warnings };
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
