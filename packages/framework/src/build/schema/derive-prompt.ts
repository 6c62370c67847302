import ts from "./typescript.cjs";
import type { Completions } from "../../definitions/completion-definition.js";
import type { GeneratedPrompt, PromptArgument } from "../../definitions/prompt-definition.js";
import type { ParameterPlan } from "../../definitions/tool-definition.js";
import { isContextParameter } from "./context-type.js";
import { isThisParameter, type Reporter } from "./derive-parameters.js";
import { methodDescription, parameterDescription } from "./method-description.js";
import { literalCandidates } from "./literal-candidates.js";

/**
 * Derives a `@prompt()` method: each parameter is a prompt argument, described by its
 * `@param`, required unless optional or defaulted. MCP passes prompt arguments as strings, so
 * each must be a `string` or a union of string literals (which also become its completions).
 */
export function derivePrompt(method: ts.MethodDeclaration, checker: ts.TypeChecker, report: Reporter): GeneratedPrompt {
  const args: PromptArgument[] = [];
  const params: ParameterPlan[] = [];
  const completions: Record<string, string[]> = {};
  for (const param of method.parameters) {
    // A `this` parameter only types `this`: it is no parameter at run time.
    if (isThisParameter(param)) continue;
    if (isContextParameter(param, checker)) {
      params.push({ from: "context" });
      continue;
    }
    if (!ts.isIdentifier(param.name) || param.dotDotDotToken) {
      report.fail(param, "a prompt argument must be a plain named parameter");
      continue;
    }
    const name = param.name.text;
    const type = checker.getNonNullableType(checker.getTypeAtLocation(param));
    const candidates = literalCandidates(type);
    if (!(type.flags & ts.TypeFlags.String) && !candidates) {
      report.fail(param, `prompt argument "${name}" must be a string or a union of string literals: MCP sends prompt arguments as text`);
      continue;
    }
    if (candidates) completions[name] = candidates;
    const description = parameterDescription(param, checker);
    args.push({ name, ...(description ? { description } : {}), required: !checker.isOptionalParameter(param) });
    params.push({ from: "argument", name });
  }
  const description = methodDescription(method, checker);
  return {
    method: method.name.getText(),
    ...(description ? { description } : {}),
    arguments: args,
    params,
    ...(Object.keys(completions).length ? { completions: completions as Completions } : {}),
  };
}
