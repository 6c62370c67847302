/**
 * What the build derives for a `@prompt` method and what its author may set, beside
 * `tool-definition.ts` and `resource-definition.ts`. Plain JSON, written into the emitted
 * JavaScript like a tool's definition.
 */
import type { Completions, CompletionSource } from "./completion-definition.js";
import type { ParameterPlan } from "./tool-definition.js";

/** One argument of a prompt, as `prompts/list` describes it. */
export interface PromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** Everything the build derives for one `@prompt` method. */
export interface GeneratedPrompt {
  readonly method: string;
  readonly description?: string;
  readonly arguments: readonly PromptArgument[];
  readonly params: readonly ParameterPlan[];
  readonly completions?: Completions;
}

/** What an author may set on `@prompt(...)`. */
export interface PromptOptions {
  /** The prompt's name on the wire; defaults to the method name. */
  name?: string;
  title?: string;
  /** Replaces the description taken from the method's JSDoc summary. */
  description?: string;
  /** Completion candidates per argument, as for resources. */
  complete?: { [argument: string]: CompletionSource };
  /**
   * OAuth scopes a caller's token must grant to get the prompt (HTTP with `http.auth`). A caller
   * without them gets HTTP 403 with an `insufficient_scope` challenge naming them, and does not
   * see the prompt in its lists. Not checked for callers without a verified token (stdio, a shared token).
   */
  scopes?: string[];
}
