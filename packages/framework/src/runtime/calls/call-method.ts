import type { ParameterPlan } from "../../definitions/tool-definition.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { TypemcpError } from "../../errors/typemcp-error.js";
import type { Context } from "../context.js";
import { toPositional } from "./to-positional.js";
import { InputNeeded } from "../rounds/input-round.js";

/**
 * Calls a resource or prompt method with its parameters filled as the build planned. These
 * have no `isError` result as tools do, so anything the method throws becomes a JSON-RPC error
 * whose message starts with `failure` (a `ProtocolError` passes through as it is).
 */
export async function callMethod(
  method: Function,
  instance: object,
  plan: readonly ParameterPlan[],
  values: Record<string, unknown>,
  ctx: Context,
  failure: string,
): Promise<unknown> {
  try {
    return await method.apply(instance, toPositional(plan, values, ctx));
  } catch (error) {
    // A question for the client (2026-07-28): the call is answered with an input-required result.
    if (error instanceof ProtocolError || error instanceof InputNeeded) throw error;
    const message = error instanceof TypemcpError ? error.message : `${(error as Error)?.name ?? "Error"}: ${(error as Error)?.message ?? String(error)}`;
    throw new ProtocolError("METHOD_FAILED", `${failure}: ${message}`, { cause: error });
  }
}
