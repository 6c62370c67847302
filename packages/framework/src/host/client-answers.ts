/**
 * What a server may ask its host, in the host's own terms: the user, through a form
 * (elicitation); the host's model (sampling); the directories the host shares (roots). In
 * protocol 2025-11-25 each is a request from the server; in 2026-07-28 each travels inside an
 * input-required result of the call that needs it. The host answers both eras through the same
 * `ClientAnswers`, and declares only the capabilities it has answers for.
 */
import type { Root } from "../runtime/context.js";

/** A directory or file the host lets servers work in: the same `Root` a server's `ctx.roots()` returns. */
export type { Root };

/** One field of an elicitation form: a string, number, integer or boolean, an enum, or a list of enum values. */
export interface ElicitationField {
  readonly type?: "string" | "number" | "integer" | "boolean" | "array";
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly enumNames?: readonly string[];
  readonly oneOf?: ReadonlyArray<{ const: string; title?: string }>;
  readonly anyOf?: ReadonlyArray<{ const: string; title?: string }>;
  readonly items?: { type?: "string"; enum?: readonly string[]; anyOf?: ReadonlyArray<{ const: string; title?: string }> };
  readonly format?: "email" | "uri" | "date" | "date-time";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** The form a server asks the user to fill in: a flat object of primitive fields. */
export interface ElicitationSchema {
  readonly type: "object";
  readonly properties: Readonly<Record<string, ElicitationField>>;
  readonly required?: readonly string[];
}

/** A question for the user (elicitation, form mode). */
export interface ElicitationRequest {
  readonly message: string;
  readonly requestedSchema: ElicitationSchema;
}

/** The values an accepted form carries. */
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

/** The user's answer: the filled-in form, a refusal (`decline`), or no choice at all (`cancel`). */
export type ElicitationAnswer = { readonly action: "accept"; readonly content: ElicitationContent } | { readonly action: "decline" | "cancel" };

/** One message of a sampling conversation; text is what the host's models take. */
export interface SamplingMessage {
  readonly role: "user" | "assistant";
  readonly content: { readonly type: string; readonly text?: string } | ReadonlyArray<{ readonly type: string; readonly text?: string }>;
}

/** What a server asks the host's model (sampling). */
export interface SamplingRequest {
  readonly messages: readonly SamplingMessage[];
  readonly systemPrompt?: string;
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
}

/** The model's answer to a sampling request. */
export interface SamplingAnswer {
  readonly role: "assistant";
  readonly content: { readonly type: "text"; readonly text: string };
  /** The model that answered, as its provider names it. */
  readonly model: string;
  /** `endTurn`, `maxTokens`, `stopSequence`, or the provider's own word. */
  readonly stopReason?: string;
}

/** A server asks the user to open a URL (elicitation, URL mode): to sign in, pay, or enter something the server must not see pass through the host. */
export interface UrlElicitationRequest {
  readonly message: string;
  readonly url: string;
  /** The server's id for this step; its `notifications/elicitation/complete` names it when the step is done. */
  readonly elicitationId: string;
}

/** Which server asks, and a signal that aborts when the call that asked is cancelled or times out. */
export interface QuestionContext {
  /** The server's name (from the config, or the name it gives itself). */
  readonly server: string;
  readonly signal: AbortSignal;
}

/**
 * How a host answers what servers ask. Each one given is declared as a client capability
 * (`elicitation`, `sampling`, `roots`); one left out is not, so a server knows not to ask.
 * A handler that throws answers the server with a JSON-RPC error.
 */
export interface ClientAnswers {
  /** Asks the user to fill in a form. */
  elicit?(request: ElicitationRequest, context: QuestionContext): Promise<ElicitationAnswer>;
  /** Runs the host's model on the server's messages. */
  sample?(request: SamplingRequest, context: QuestionContext): Promise<SamplingAnswer>;
  /**
   * Asks the user whether to open a URL the server gives (URL mode): `accept` once they agreed
   * and it was opened (or shown to open). Declares `elicitation.url`.
   */
  elicitUrl?(request: UrlElicitationRequest, context: QuestionContext): Promise<{ readonly action: "accept" | "decline" | "cancel" }>;
  /** Told when a server says the step behind a URL it asked to open is done (`notifications/elicitation/complete`). */
  elicitationComplete?(elicitationId: string, context: { readonly server: string }): void;
  /**
   * The roots the host shares: a list, or a function read at each `roots/list` (told which server
   * asks), for roots that change in a session (tell each connection with `notifyRootsChanged()`)
   * or differ by server.
   */
  roots?: readonly Root[] | ((context: { readonly server: string }) => readonly Root[]);
}

/** The client capabilities a host declares for its answers: one for each it gives. */
export function capabilitiesFor(answers: ClientAnswers): Record<string, object> {
  return {
    // URL mode only for a host that asks the user before it opens anything.
    ...((answers.elicit || answers.elicitUrl) && { elicitation: { ...(answers.elicit && { form: {} }), ...(answers.elicitUrl && { url: {} }) } }),
    // No `tools` inside sampling: the host's model runs the server's messages as they are.
    ...(answers.sample && { sampling: {} }),
    // The host may change its roots in a session and says so with notifications/roots/list_changed.
    ...(answers.roots && { roots: { listChanged: true } }),
  };
}
