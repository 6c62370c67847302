import type { Context, SamplingRequest } from "../context.js";
import { InputNeeded } from "../rounds/input-round.js";

/** How a remote call's questions are answered: what its caller passes on to the remote server. */
export interface RemoteQuestions {
  /** Answers a form the remote server asks its user to fill in during the call (elicitation). */
  onelicit?: (request: { message: string; requestedSchema?: object }) => Promise<{ action: "accept" | "decline" | "cancel"; content?: object }>;
  /** Answers the remote server's sampling request during the call. */
  onsample?: (request: object) => Promise<object>;
}

/** How one proxied call passes the remote server's questions to its own caller, and what it learned. */
export interface ForwardedQuestions {
  /** The `onelicit` and `onsample` for the remote call. */
  readonly answers: RemoteQuestions;
  /** Aborts when the caller cancels, or once a question needs a 2026-07-28 input round: the remote call is then abandoned. */
  readonly signal: AbortSignal;
  /** The `InputNeeded` a question threw (the caller answers in its next round), if one did. */
  needed(): InputNeeded | undefined;
}

/**
 * Passes the remote server's questions during a call to the gateway's caller through `ctx`: in a
 * live request (2025-11-25) the caller answers and the remote call goes on; a 2026-07-28 caller
 * is answered with an input-required result instead, so the remote call is abandoned and made
 * again, from the start, in the round that brings the answers (as a local tool runs again).
 */
export function forwardQuestions(ctx: Context): ForwardedQuestions {
  const abandon = new AbortController();
  let needed: InputNeeded | undefined;
  const ask = async <T>(question: () => Promise<T>): Promise<T> => {
    try {
      return await question();
    } catch (error) {
      if (error instanceof InputNeeded) {
        needed ??= error;
        abandon.abort(error);
      }
      throw error;
    }
  };
  return {
    answers: {
      onelicit: (request) => ask(() => ctx.elicit(request.message, (request.requestedSchema ?? { type: "object", properties: {} }) as Record<string, unknown>)),
      onsample: (request) => ask(async () => (await ctx.sample(request as SamplingRequest)) as object),
    },
    signal: AbortSignal.any([ctx.signal, abandon.signal]),
    needed: () => needed,
  };
}
