/** Why a server serves 2025-11-25 clients without sessions, and what gives them sessions, in the words its refusals use. */
export interface StatelessReason {
  /** Said in brackets after "stateless HTTP", e.g. `--stateless`. */
  readonly why: string;
  /** What to do instead, completing "…, or …". */
  readonly remedy: string;
}

let reason: StatelessReason = { why: "--stateless", remedy: "run the server with sessions (without --stateless)" };

/** The reason refusals give today (a platform build sets its own; see platform-serve.ts). */
export function statelessReason(): StatelessReason {
  return reason;
}

/**
 * Says why this process serves statelessly where a flag is not the reason: a Workers build without
 * its Durable Object binding, a Vercel function. One per process: a platform build serves one server.
 */
export function useStatelessReason(next: StatelessReason): void {
  reason = next;
}
