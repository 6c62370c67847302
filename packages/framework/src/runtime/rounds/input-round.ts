import { canonicalJson } from "../canonical-json.js";
import { nodeCrypto } from "../lazy-crypto.js";

/** A request the server may make of the client while serving one of its requests. */
export type ClientRequestMethod = "sampling/createMessage" | "elicitation/create" | "roots/list";

/** A question for the client that this round of a 2026-07-28 request has no answer to yet. */
export interface OpenQuestion {
  readonly method: ClientRequestMethod;
  readonly params: Record<string, unknown>;
}

/**
 * Thrown by `ctx.elicit`/`sample`/`roots` in the 2026-07-28 era when a question has no answer
 * yet: the request is then answered with an input-required result asking every open question,
 * and the client calls again with the answers (the method runs again from the start).
 */
export class InputNeeded extends Error {
  constructor() {
    super("This request needs input from the client (2026-07-28 input-required result).");
  }
}

/**
 * One round of a 2026-07-28 request that may ask the client questions. Answers from earlier
 * rounds came back in the signed `requestState`, this round's in `inputResponses`; a question
 * is known by its key (the author's, or `input-<n>` by the order asked, which a re-run of the
 * method repeats).
 */
export class InputRound {
  /** Questions asked in this round that have no answer yet, by key. */
  readonly open = new Map<string, OpenQuestion>();
  private asked = 0;

  /**
   * @param answers The answers known so far, by key.
   * @param questions When given, the fingerprint (`questionFingerprint`) of the question each
   *   answer was given to: an answer then counts only for that very question, so a "yes" to
   *   "Delete a.txt?" is no answer to "Delete prod.db?" asked under the same key.
   */
  constructor(
    readonly answers: Readonly<Record<string, unknown>>,
    readonly questions?: Readonly<Record<string, string>>,
  ) {}

  /** The answer to the question, or throws `InputNeeded` after noting it as open. */
  ask(method: ClientRequestMethod, params: Record<string, unknown>, key?: string): Record<string, unknown> {
    const name = key ?? `input-${this.asked}`;
    this.asked++;
    const answer = this.answers[name];
    if (answer !== undefined && this.wasAsked(name, method, params) && answersQuestion(method, answer)) return answer as Record<string, unknown>;
    this.open.set(name, { method, params });
    throw new InputNeeded();
  }

  // Whether the answer under `name` was given to this very question (always, without fingerprints).
  private wasAsked(name: string, method: ClientRequestMethod, params: Record<string, unknown>): boolean {
    return this.questions === undefined || this.questions[name] === questionFingerprint(method, params);
  }
}

/** A digest of one question (its method and params), which a 2026-07-28 state keeps beside each answer. */
export function questionFingerprint(method: ClientRequestMethod, params: Record<string, unknown>): string {
  return nodeCrypto().createHash("sha256").update(canonicalJson({ method, params })).digest("base64url").slice(0, 22);
}

// An answer of the wrong shape is no answer: the question is asked again.
function answersQuestion(method: ClientRequestMethod, answer: unknown): boolean {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return false;
  const value = answer as Record<string, unknown>;
  if (method === "elicitation/create") return value.action === "accept" || value.action === "decline" || value.action === "cancel";
  if (method === "sampling/createMessage") return typeof value.role === "string" && value.content !== undefined;
  return Array.isArray(value.roots);
}
