/**
 * What the build derives for a `@resource` method and what its author may set, beside
 * `tool-definition.ts` and `prompt-definition.ts`. Plain JSON, written into the emitted
 * JavaScript like a tool's definition.
 */
import type { Completions, CompletionSource } from "./completion-definition.js";
import type { JsonSchema, ParameterPlan } from "./tool-definition.js";

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
  /**
   * OAuth scopes a caller's token must grant to read the resource (HTTP with `http.auth`). A caller
   * without them gets HTTP 403 with an `insufficient_scope` challenge naming them, and does not
   * see the resource in its lists. Not checked for callers without a verified token (stdio, a shared token).
   */
  scopes?: string[];
}
