import ts from "./typescript.cjs";
import type { Completions } from "../../definitions/completion-definition.js";
import type { GeneratedResource } from "../../definitions/resource-definition.js";
import type { JsonSchema, ParameterPlan } from "../../definitions/tool-definition.js";
import { isContextParameter } from "./context-type.js";
import { isThisParameter, type Reporter } from "./derive-parameters.js";
import { methodDescription } from "./method-description.js";
import { literalCandidates } from "./literal-candidates.js";
import type { SchemaGenerator } from "./schema-generator.js";

const TEMPLATE_TYPES = new Set(["string", "number", "integer", "boolean"]);

/**
 * Derives a `@resource(uri)` method: each template variable must be a parameter of the same
 * name with a string, number, integer or boolean type (they arrive as URI text); a `Context`
 * parameter is injected; anything else cannot be filled and stops the build.
 */
export function deriveResource(
  method: ts.MethodDeclaration,
  uri: string,
  checker: ts.TypeChecker,
  schemas: SchemaGenerator,
  report: Reporter,
): GeneratedResource {
  const names = [...uri.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
  const variables: Record<string, JsonSchema> = {};
  const completions: Record<string, string[]> = {};
  const params: ParameterPlan[] = [];
  for (const param of method.parameters) {
    // A `this` parameter only types `this`: it is no parameter at run time.
    if (isThisParameter(param)) continue;
    if (isContextParameter(param, checker)) {
      params.push({ from: "context" });
      continue;
    }
    const name = param.name.getText();
    if (!ts.isIdentifier(param.name) || !names.includes(name)) {
      report.fail(
        param,
        `parameter "${name}" is not a variable of the URI template "${uri}"; name it after one of ${names.map((n) => `{${n}}`).join(", ") || "(none: this is a static resource)"}`,
      );
      continue;
    }
    const type = checker.getTypeAtLocation(param);
    const schema = schemas.forType(checker.getNonNullableType(type), { symbol: checker.getSymbolAtLocation(param.name), typeNode: param.type }).schema;
    const kind = typeof schema.type === "string" ? schema.type : undefined;
    if (!kind || !TEMPLATE_TYPES.has(kind)) {
      report.fail(param, `template variable "${name}" must be a string, number or boolean: it arrives as text in the URI`);
      continue;
    }
    variables[name] = schema;
    const candidates = literalCandidates(checker.getNonNullableType(type));
    if (candidates) completions[name] = candidates;
    params.push({ from: "argument", name });
  }
  for (const name of names) {
    if (!(name in variables) && !method.parameters.some((p) => p.name.getText() === name)) {
      report.fail(method.name, `the URI template variable {${name}} has no parameter of that name`);
    }
  }
  const description = methodDescription(method, checker);
  return {
    method: method.name.getText(),
    ...(description ? { description } : {}),
    params,
    variables,
    ...(Object.keys(completions).length ? { completions: completions as Completions } : {}),
  };
}
