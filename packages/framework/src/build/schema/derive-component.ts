import ts from "./typescript.cjs";
import type { BuildError } from "../../errors/build-error.js";
import type { GeneratedResource } from "../../definitions/resource-definition.js";
import type { GeneratedPrompt } from "../../definitions/prompt-definition.js";
import type { GeneratedTool } from "../../definitions/tool-definition.js";
import type { BuildWarning } from "./build-warning.js";
import { createReporter } from "./component-reporter.js";
import { derivePrompt } from "./derive-prompt.js";
import { deriveResource } from "./derive-resource.js";
import { deriveTool } from "./derive-tool.js";
import { servedName, type FoundComponent } from "./find-components.js";
import type { SchemaGenerator } from "./schema-generator.js";

/** What the build derives for a component of each kind. */
export type GeneratedComponent = GeneratedTool | GeneratedResource | GeneratedPrompt;

/** What one component derives to (and the name it is served under), or every reason it cannot be served. */
export type ComponentDerivation =
  | { ok: true; name: string; definition: GeneratedComponent; warnings: BuildWarning[] }
  | { ok: false; errors: BuildError[]; warnings: BuildWarning[] };

/**
 * Derives a tool's, resource's or prompt's definition from its method's signature and JSDoc: the
 * one step every kind goes through, differing only in what each kind derives. The name is the
 * one it is served under (see `servedName`).
 */
export function deriveComponent(found: FoundComponent, checker: ts.TypeChecker, schemas: SchemaGenerator): ComponentDerivation {
  const call = found.decorator.expression as ts.CallExpression;
  if (found.kind === "tool") {
    const derived = deriveTool(found, checker, schemas);
    if (!derived.ok) return derived;
    return { ok: true, name: servedName(found), definition: derived.tool, warnings: derived.warnings };
  }
  const { report, errors, warnings } = createReporter(found);
  if (found.method.typeParameters?.length) report.fail(found.method, `generic methods cannot be ${found.kind}s`);
  let definition: GeneratedResource | GeneratedPrompt;
  if (found.kind === "resource") {
    const uri = call.arguments[0];
    if (!uri || !ts.isStringLiteralLike(uri)) {
      report.fail(call, "@resource() needs its URI or URI template as a string literal, so the build can match its variables to parameters");
      return { ok: false, errors, warnings };
    }
    definition = deriveResource(found.method, uri.text, checker, schemas, report);
  } else {
    definition = derivePrompt(found.method, checker, report);
  }
  return errors.length ? { ok: false, errors, warnings } : { ok: true, name: servedName(found), definition, warnings };
}
