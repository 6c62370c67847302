import ts from "./typescript.cjs";
import type { BuildError } from "../../errors/build-error.js";
import type { GeneratedTool } from "../../definitions/tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { deriveOutput } from "./derive-output.js";
import { deriveParameters } from "./derive-parameters.js";
import { deriveTask } from "./derive-task.js";
import { deriveView } from "./derive-view.js";
import { methodDescription } from "./method-description.js";
import { createReporter } from "./component-reporter.js";
import type { FoundComponent } from "./find-components.js";
import type { SchemaGenerator } from "./schema-generator.js";

/**
 * What one `@tool` method derives to: its definition, or every reason it cannot be served; and
 * either way what the author should hear about (parameters typed `any`).
 */
export type Derived = { ok: true; tool: GeneratedTool; warnings: BuildWarning[] } | { ok: false; errors: BuildError[]; warnings: BuildWarning[] };

/** Derives a tool's definition from its method's signature, types and JSDoc. */
export function deriveTool(found: FoundComponent, checker: ts.TypeChecker, schemas: SchemaGenerator): Derived {
  const { method } = found;
  const methodName = method.name.getText();
  const { report, errors, warnings } = createReporter(found);

  if (!ts.isIdentifier(method.name)) report.fail(method.name, "a tool method needs a plain name");
  const typeParameter = method.typeParameters?.[0];
  if (typeParameter) report.fail(typeParameter, "generic methods cannot be tools: a schema needs concrete types");
  const staticKeyword = method.modifiers?.find((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  if (staticKeyword) report.fail(staticKeyword, "static methods cannot be tools");
  const overloads = (checker.getSymbolAtLocation(method.name)?.declarations ?? []).filter((d) => ts.isMethodDeclaration(d) && !d.body);
  if (overloads.length) report.fail(overloads[0]!, overloaded(overloads.length));

  const { inputSchema, params } = deriveParameters(method, checker, schemas, report);
  const output = deriveOutput(method, checker, schemas, report);
  const task = deriveTask(found.decorator, checker, report);
  const view = deriveView(found.decorator, checker, report);
  if (errors.length) return { ok: false, errors, warnings };

  const description = methodDescription(method, checker);
  return {
    ok: true,
    tool: {
      method: methodName,
      ...(description ? { description } : {}),
      inputSchema,
      ...(output.schema ? { outputSchema: output.schema } : {}),
      params,
      result: output.plan,
      ...(task ? { task } : {}),
      // The page itself is bundled after every tool has derived (see bundleViews).
      ...(view ? { view: view.plan } : {}),
    },
    warnings,
  };
}

// MCP sends one arguments object: the overloads' positional parameters would each read it differently.
function overloaded(count: number): string {
  return `a tool cannot be overloaded: a client sends one arguments object, which the ${count} overload signatures would each read differently. Declare one signature that takes every valid call (a discriminated union parameter, or optional parameters), or make each overload its own tool`;
}
