/** What was wrong with a provider's reply, before any SDK read it. */
export type ProviderReplyProblem = "stall" | "malformed" | "error-body" | "stream-error";

/**
 * A provider reply the host will not hand to an SDK as an answer: a stall past `--timeout`, a
 * body that is not JSON, an error inside a 200 (whole, or in the middle of a stream). Thrown from the provider `fetch`, it reaches
 * `toProviderFailure` as the cause of the SDK's connection error (or as itself, from Gemini's).
 */
export class ProviderReplyError extends Error {
  constructor(
    readonly problem: ProviderReplyProblem,
    /** What happened, starting with a verb: "answered POST /v1/messages with …". */
    readonly detail: string,
  ) {
    // The SDKs look for "timed out" in a fetch error's text and then drop it for their own
    // message: the detail stays in `detail`, out of their sight.
    super(`provider reply refused: ${problem}`);
    // Not "AbortError" or "TimeoutError": the SDKs would take a stall for the user's cancel.
    this.name = "ProviderReplyError";
  }
}
