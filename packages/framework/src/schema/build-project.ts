import ts from "typescript";
import fs from "node:fs";
import { BuildError } from "../errors/build-error.js";
import type { GeneratedTool } from "../tool-definition.js";
import { deriveTool } from "./derive-tool.js";
import { findToolMethods } from "./find-tool-methods.js";
import { injectDefinitions } from "./inject-definitions.js";
import { formatDiagnostics, loadProgram } from "./load-program.js";
import { SchemaGenerator } from "./schema-generator.js";
import { locationOf } from "./source-location.js";

/** What a successful build produced. */
export interface BuildResult {
  /** Each tool with the file it was declared in, in declaration order. */
  readonly tools: ReadonlyArray<{ readonly file: string; readonly name: string; readonly definition: GeneratedTool }>;
  /** The JavaScript files written. */
  readonly emitted: readonly string[];
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
 * `AggregateError` of `BuildError`s naming every problem, or one `BuildError` for type errors.
 */
export function buildProject(options: BuildOptions): BuildResult {
  const program = loadProgram(options.project);
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (diagnostics.length) throw new BuildError("TYPE_CHECK_FAILED", formatDiagnostics(diagnostics));

  const checker = program.getTypeChecker();
  const methods = findToolMethods(program);
  const schemas = methods.length ? new SchemaGenerator(program) : undefined;
  const definitions = new Map<ts.Decorator, GeneratedTool>();
  const tools: Array<BuildResult["tools"][number]> = [];
  const errors: BuildError[] = [];
  const seen = new Map<string, ts.Node>();

  for (const found of methods) {
    if (!ts.isCallExpression(found.decorator.expression)) {
      errors.push(new BuildError("UNSUPPORTED_SIGNATURE", `${found.method.name.getText()}: write @tool() with parentheses.`, { location: locationOf(found.decorator) }));
      continue;
    }
    const derived = deriveTool(found, checker, schemas!);
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
    definitions.set(found.decorator, derived.tool);
    tools.push({ file: found.method.getSourceFile().fileName, name, definition: derived.tool });
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} tool signature(s) cannot be served`);
  if (options.noEmit) return { tools, emitted: [] };

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
  return { tools, emitted };
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
