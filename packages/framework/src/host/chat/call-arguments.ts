import type { ProposedCall } from "../models/model-adapter.js";

/**
 * A call's arguments as the transcript shows them: OpenAI's JSON text parsed (else shown as the
 * text itself would be encoded twice), whether or not the call could be routed.
 */
export function argumentsOf(call: ProposedCall): unknown {
  if (typeof call.arguments !== "string") return call.arguments;
  return safeJson(call.arguments) ?? call.arguments;
}

/** The arguments of a call the host answers itself, as an object (OpenAI sends JSON text). */
export function hostToolArguments(call: ProposedCall): Record<string, unknown> | undefined {
  const args = typeof call.arguments === "string" ? safeJson(call.arguments) : call.arguments;
  return typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
