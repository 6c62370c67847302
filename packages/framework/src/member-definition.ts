import type { JsonSchema, ParameterPlan } from "./tool-definition.js";

/**
 * What the build derives for `@resource` and `@prompt` methods, beside `GeneratedTool`.
 * Plain JSON, written into the emitted JavaScript like a tool's definition.
 */

/** Completion candidates the build found in a parameter's type (a literal union, an enum). */
export type Completions = { readonly [parameter: string]: readonly string[] };

/** Everything the build derives for one `@resource` method. */
export interface GeneratedResource {
  readonly method: string;
  readonly description?: string;
  /** How each positional parameter is filled: template variables by name, or the Context. */
  readonly params: readonly ParameterPlan[];
  /** The JSON Schema of each template variable's parameter, to turn its text into that type. */
  readonly variables: { readonly [name: string]: JsonSchema };
  readonly completions?: Completions;
}

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

/** Where completion candidates come from: a fixed list, or the name of a method of the same class. */
export type CompletionSource = readonly string[] | string;

/** What an author may set on `@resource(uri, ...)`. */
export interface ResourceOptions {
  /** A short name for the resource (defaults to the method name). */
  name?: string;
  title?: string;
  /** Replaces the description taken from the method's JSDoc summary. */
  description?: string;
  /** The contents' media type; by default `text/plain` for strings, `application/json` for objects, `application/octet-stream` for bytes. */
  mimeType?: string;
  /**
   * Completion candidates per template variable: a list, or the name of a method of the same
   * class taking `(value: string)` and returning candidates (or a Promise of them), or
   * `{ values, total, hasMore }` when it caps its own list.
   */
  complete?: { [variable: string]: CompletionSource };
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
}
