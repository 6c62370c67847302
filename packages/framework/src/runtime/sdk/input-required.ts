// 2026-07-28 input-required results, in the SDK's own shape (`inputRequired`).
import { inputRequired } from "@modelcontextprotocol/server";
import type { ClientRequestMethod, InputRound } from "../rounds/input-round.js";
import { toRoundState, type RoundBinding } from "../rounds/round-state.js";
import { requestStateCodec } from "./request-state-codec.js";

/**
 * Every question the round left open, in one input-required result; the signed state carries
 * the call it belongs to, the answers so far and which questions are open, so a client can
 * answer only those, and only for this call.
 */
export async function askForInput(round: InputRound, binding: RoundBinding): Promise<unknown> {
  const inputRequests: Record<string, ReturnType<typeof inputRequired.listRoots>> = {};
  for (const [key, { method, params }] of round.open) {
    inputRequests[key] =
      method === "elicitation/create"
        ? inputRequired.elicit(params as never)
        : method === "sampling/createMessage"
          ? inputRequired.createMessage(params as never)
          : inputRequired.listRoots();
  }
  const requestState = await requestStateCodec().mint(toRoundState(round, binding));
  return inputRequired({ inputRequests, requestState });
}

/** One question a task waits on, as 2026-07-28 `inputRequests` carry it (the SDK's own shape). */
export function toInputRequest(method: ClientRequestMethod, params: Record<string, unknown>): { method: string; params?: Record<string, unknown> } {
  if (method === "elicitation/create") return inputRequired.elicit(params as never) as { method: string; params: Record<string, unknown> };
  if (method === "sampling/createMessage") return inputRequired.createMessage(params as never) as { method: string; params: Record<string, unknown> };
  return inputRequired.listRoots();
}
