import { ProtocolError } from "../../errors/protocol-error.js";
import { canonicalJson } from "../canonical-json.js";
import { nodeCrypto } from "../lazy-crypto.js";
import type { UsedStates } from "./used-states.js";
import { InputRound, questionFingerprint, type ClientRequestMethod, type OpenQuestion } from "./input-round.js";

/**
 * The call a 2026-07-28 `requestState` belongs to. The state is signed, not encrypted (a client
 * can read it), so the arguments and the principal travel as keyed digests; the method and the
 * name (tool, prompt or resource URI) in clear, to say in words what did not match.
 */
export interface RoundBinding {
  /** `tools/call`, `prompts/get` or `resources/read`. */
  readonly method: string;
  /** The tool or prompt name, or the resource URI. */
  readonly name: string;
  /** Keyed digest of the canonical JSON of the arguments. */
  readonly args: string;
  /** Keyed digest of `principalOf(...)`: who the call acts for. */
  readonly principal: string;
}

/** What a signed 2026-07-28 `requestState` carries between the rounds of one call. */
export interface RoundState extends RoundBinding {
  /** Answers so far, by question key. */
  readonly answers: Record<string, unknown>;
  /** The fingerprint of every question asked in this chain (answered or open), by key. */
  readonly questions: Record<string, string>;
  /** The keys of the questions the last round left open: the only ones `inputResponses` may answer. */
  readonly open: string[];
  /** Names this state, so that it finishes one request only (see `UsedStates`). */
  readonly nonce: string;
}

/** The binding of one request: `params` as the client sent them, `principal` from `principalOf`. */
export function toRoundBinding(method: string, params: Record<string, unknown>, principal: string, key: string): RoundBinding {
  const name = method === "resources/read" ? params.uri : params.name;
  return {
    method,
    name: typeof name === "string" ? name : "",
    args: digest(key, "args", canonicalJson(params.arguments ?? {})),
    principal: digest(key, "principal", principal),
  };
}

/**
 * The input round of a request: the answers of the verified `state` and this request's
 * `inputResponses`, after checking that the state belongs to this very call (same method and
 * name, same arguments, same principal); anything else there is refused with a `ProtocolError`
 * (-32602) saying what did not match. With a state, a response to no question it left open is
 * ignored, as SEP-2322 asks of unrecognised input, and a question left unanswered is asked
 * again. With no state, the responses answer nothing: an answer counts only for a question the
 * server asked (a confirmation a tool asks for must be given when asked, not sent in with the
 * call), so the questions are asked. Nor can a state carry another call's, another caller's or
 * an earlier request's answers.
 */
export function openRound(state: unknown, responses: Readonly<Record<string, unknown>> | undefined, bind: () => RoundBinding): InputRound {
  if (state === undefined) return new InputRound({});
  const round = asRoundState(state);
  assertSameCall(round, bind());
  const answers: Record<string, unknown> = { ...round.answers };
  for (const key of Object.keys(responses ?? {})) if (round.open.includes(key)) answers[key] = responses![key];
  return new InputRound(answers, round.questions);
}

/** The state to sign into an input-required result: the call's binding, every answer so far and the questions left open. */
export function toRoundState(round: InputRound, binding: RoundBinding): RoundState {
  const questions: Record<string, string> = {};
  for (const key of Object.keys(round.answers)) {
    const fingerprint = round.questions?.[key];
    if (fingerprint !== undefined) questions[key] = fingerprint;
  }
  for (const [key, question] of round.open) questions[key] = fingerprintOf(question);
  return { ...binding, answers: { ...round.answers }, questions, open: [...round.open.keys()], nonce: nodeCrypto().randomUUID() };
}

/** How long a state's use is remembered: as long as the state itself is valid. */
export const STATE_TTL_MS = 600_000;

/**
 * Records the verified `state` as used; a `ProtocolError` (-32602) when it already was, here or
 * (with `--redis`) on another instance. A state finishes one request: a replay of the request
 * that answered "yes" does not run the tool again.
 */
export async function claimState(state: unknown, usedStates: UsedStates): Promise<void> {
  const nonce = (state as Partial<RoundState> | undefined)?.nonce;
  if (typeof nonce !== "string") return;
  if (await usedStates.claim(nonce, STATE_TTL_MS)) return;
  throw refusal(
    "This requestState has already been used: each one carries its answers to one request only. Start the call again without requestState and inputResponses; the server will ask again.",
  );
}

function assertSameCall(state: RoundState, binding: RoundBinding): void {
  const issued = `${state.method} of "${state.name}"`;
  const restart = "Start the call again without requestState and inputResponses; the server will ask again.";
  if (state.method !== binding.method || state.name !== binding.name) {
    throw refusal(
      `This requestState was issued for ${issued}, not for ${binding.method} of "${binding.name}": answers belong to the call that asked for them. ${restart}`,
    );
  }
  if (state.args !== binding.args) {
    throw refusal(
      `This requestState was issued for ${issued} with other arguments: answers given for one set of arguments are not answers for another. ${restart}`,
    );
  }
  if (state.principal !== binding.principal) {
    throw refusal(`This requestState was issued to another principal (caller) than the one making this request: answers are not transferable. ${restart}`);
  }
}

// Verified by the signature, but possibly minted by an older typemcp without a binding.
function asRoundState(state: unknown): RoundState {
  const value = (typeof state === "object" && state !== null ? state : {}) as Partial<RoundState>;
  const ok =
    typeof value.method === "string" &&
    typeof value.name === "string" &&
    typeof value.args === "string" &&
    typeof value.principal === "string" &&
    isRecord(value.answers) &&
    isRecord(value.questions) &&
    Array.isArray(value.open) &&
    typeof value.nonce === "string";
  if (!ok) throw refusal("This requestState names no call (it was issued by an older server). Start the call again without requestState and inputResponses.");
  return value as RoundState;
}

function fingerprintOf(question: OpenQuestion): string {
  return questionFingerprint(question.method as ClientRequestMethod, question.params);
}

// Domain-separated, so an argument digest can never stand in for a principal digest.
function digest(key: string, purpose: string, text: string): string {
  return nodeCrypto().createHmac("sha256", key).update(`typemcp.requestState.${purpose}:`).update(text).digest("base64url").slice(0, 32);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refusal(message: string): ProtocolError {
  return new ProtocolError("INVALID_PARAMS", message);
}
