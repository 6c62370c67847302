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
  /** The roots the host shares. */
  roots?: readonly Root[];
}
