import type { ParameterPlan } from "../../definitions/tool-definition.js";
import type { Context } from "../context.js";
import { reviveValues } from "./revive-values.js";

/**
 * A method's positional arguments, filled as the build planned: each from the property of the
 * same name, the whole arguments object or the request's `Context`, revived where JSON could
 * not carry the type. The one way tools, resources and prompts are called.
 */
export function toPositional(plan: readonly ParameterPlan[], args: Record<string, unknown>, ctx: Context | undefined): unknown[] {
  return plan.map((param) => {
    if (param.from === "none") return undefined;
    if (param.from === "context") return ctx;
    const value = param.from === "arguments" ? args : args[param.name];
    return param.revive ? reviveValues(value, param.revive, param.reviveDefs) : value;
  });
}
