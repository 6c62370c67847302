/**
 * The contract between `typemcp build` and the runtime: what the build derives from a method's
 * types and JSDoc, and what the runtime serves. Plain JSON, so the build can write it into the
 * emitted JavaScript as a literal.
 */

import type { JsonSchema } from "../json-schema/json-schema.js";

export type { JsonSchema };

/**
 * One step from a value to a part of it: a property name or tuple index, or `null` for every
 * element of an array and every value of a record.
 */
export type RevivalStep = string | null;

/** A value JSON cannot carry as is, where it sits inside an argument and what it becomes. */
export interface Revival {
  /** Steps from the argument's value; empty for the value itself. */
  readonly path: readonly RevivalStep[];
  /**
   * `date`: an ISO 8601 string becomes a `Date`. `set`: an array becomes a `Set`. `bytes`: base64
   * text becomes a `Uint8Array`, `buffer` a Node.js `Buffer`. `url`: text becomes a `URL`.
   * `map`: an object becomes a `Map` of its entries. `ref`: the value is a recursive type,
   * revived by the parameter's `reviveDefs[ref]`.
   */
  readonly to: "date" | "set" | "map" | "bytes" | "buffer" | "url" | "ref";
  /**
   * Set where the declared type also takes other strings (`Date | \`-P${number}D\``, `URL | "none"`):
   * the text is revived only when it is a `date-time` (RFC 3339) or an absolute `uri`, and is
   * left as the string it is otherwise.
   */
  readonly only?: "date-time" | "uri";
  /** For `ref`: the name of the revival list in `reviveDefs`. */
  readonly ref?: string;
}

/** Named revival lists for recursive types, which a `ref` revival applies at every depth. */
export type RevivalDefs = Readonly<Record<string, readonly Revival[]>>;

/**
 * How the runtime fills one positional parameter of a tool method. `revive` rebuilds what JSON
 * cannot carry: `"date"` for the value itself, or a list applied in order (inner values first).
 */
export type ParameterPlan =
  /** From the property of the same name in `arguments`. */
  | { readonly from: "argument"; readonly name: string; readonly revive?: "date" | readonly Revival[]; readonly reviveDefs?: RevivalDefs }
  /** The whole `arguments` object (a destructured parameter). */
  | { readonly from: "arguments"; readonly revive?: readonly Revival[]; readonly reviveDefs?: RevivalDefs }
  /** The request's `Context`: never in the schema. */
  | { readonly from: "context" }
  /** Nothing from the client: the parameter is optional and unused by the schema. */
  | { readonly from: "none" };

/** How a method's return value becomes a `tools/call` result. */
export type ResultPlan =
  /** An object: `structuredContent` as is, plus its JSON as text. */
  | "object"
  /** A primitive or array: text, and `structuredContent` of `{ result }` to match the output schema. */
  | "wrap"
  /** A bare `string`: its text alone, with no output schema and no `structuredContent`. */
  | "text"
  /** `void`: an empty result. */
  | "none";

/** Everything the build derives for one `@tool` method. */
export interface GeneratedTool {
  /** The method's name in the class. */
  readonly method: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly params: readonly ParameterPlan[];
  readonly result: ResultPlan;
  /** Set when the tool runs as a task (Tasks extension): how, as the build read it from `@tool({ task })`. */
  readonly task?: TaskPlan;
  /** Set when the tool has a view (MCP Apps): the page the build bundled from `@tool({ view })`. */
  readonly view?: ViewPlan;
}

/**
 * A tool's view as the build made it: one self-contained HTML page (the author's TypeScript, CSS
 * and UI libraries inlined), served as `ui://<server>/<tool>` to clients that take MCP Apps.
 */
export interface ViewPlan {
  /** The whole page, scripts and styles inline. Empty when the build only checked (`--check`). */
  readonly html: string;
  /** Where the view may reach beyond itself; nothing when absent (see {@link ViewCsp}). */
  readonly csp?: ViewCsp;
  /** Whether the view asks the host for a visible border and background. */
  readonly prefersBorder?: boolean;
}

/**
 * The origins a view may use, which the host turns into its frame's Content-Security-Policy
 * (MCP Apps `McpUiResourceCsp`). Each list left out means none: a view can reach no network.
 */
export interface ViewCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`), e.g. `"https://api.weather.gov"`. */
  connectDomains?: string[];
  /** Origins for images, scripts, styles, fonts and media, e.g. `"https://cdn.example.com"`. */
  resourceDomains?: string[];
  /** Origins for nested frames (`frame-src`). */
  frameDomains?: string[];
  /** Origins allowed as the document's base URI (`base-uri`). */
  baseUriDomains?: string[];
}

/** `@tool({ view: { … } })`: the view's file and what it may reach. */
export interface ToolViewOptions {
  /** The view's entry file, relative to the file that declares the tool, e.g. `"../views/forecast.ts"`. */
  entry: string;
  /** Origins the view may reach; by default none (everything it needs is inlined). */
  csp?: ViewCsp;
  /** Ask the host for a visible border and background around the view. */
  prefersBorder?: boolean;
}

/** How a long-running tool runs as a task, as the build recorded it from `@tool({ task })`. */
export interface TaskPlan {
  /** `optional`: a task for a client that takes tasks, a plain call for one that does not. `required`: only as a task. */
  readonly support: "optional" | "required";
  /** How long the task and its result are kept after it starts (ms). */
  readonly ttlMs: number;
  /** How often a client should poll `tasks/get` (ms). */
  readonly pollIntervalMs: number;
  /** 2026-07-28: how long a call runs in its request before it becomes a task (ms); absent for at once. */
  readonly startAfterMs?: number;
}

/**
 * `@tool({ task: … })`: how a long-running tool runs as a task (the Tasks extension). A client
 * that takes tasks gets a task handle at once and polls it for status and result.
 */
export interface ToolTaskOptions {
  /** Serve the tool only as a task: a client that cannot take tasks gets an error naming the capability it lacks. Default false. */
  required?: boolean;
  /** How long the task and its result are kept after it starts, in ms. Default one hour. */
  ttlMs?: number;
  /** How often a client should poll for the task's status, in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * How long a call runs in its request before it becomes a task, in ms (2026-07-28). A call
   * that finishes sooner is answered directly, and questions it asks sooner (`ctx.elicit`) are
   * input rounds of the request itself, so a tool can gather what it needs and then go on as a
   * task. Default 0: a task at once.
   */
  startAfterMs?: number;
}

/** Hints a host may use to decide how to treat a tool; see the MCP specification's ToolAnnotations. */
export interface ToolAnnotations {
  /** A human-readable title for the tool. */
  title?: string;
  /** The tool does not change its environment. */
  readOnlyHint?: boolean;
  /** The tool may perform destructive updates (meaningful only when not read-only). */
  destructiveHint?: boolean;
  /** Calling the tool again with the same arguments has no further effect. */
  idempotentHint?: boolean;
  /** The tool interacts with an open world of external entities. */
  openWorldHint?: boolean;
}

/** What an author may set on `@tool(...)`; each overrides what the build derived. */
export interface ToolOptions {
  /** The tool's name on the wire; defaults to the method name. */
  name?: string;
  /** A human-readable display name. */
  title?: string;
  /** Replaces the description taken from the method's JSDoc summary. */
  description?: string;
  annotations?: ToolAnnotations;
  /**
   * Runs the tool as a task for a client that takes tasks (the MCP Tasks extension): the call
   * answers at once with a task the client polls for status, progress (`ctx.progress`), input
   * (`ctx.elicit`) and the result, and may cancel (`ctx.signal`). `true` for the defaults, or
   * {@link ToolTaskOptions}. A literal, so the build can record it.
   */
  task?: boolean | ToolTaskOptions;
  /**
   * OAuth scopes a caller's token must grant to call the tool, e.g. `["tickets:write"]` (HTTP with `http.auth`). A caller
   * without them gets HTTP 403 with an `insufficient_scope` challenge naming them, and does not
   * see the tool in its lists. Not checked for callers without a verified token (stdio, a shared token).
   */
  scopes?: string[];
  /**
   * A view for the tool's result (MCP Apps): the path of a TypeScript (or JavaScript) file,
   * relative to this file, that `typemcp build` type-checks against the tool's own types, bundles
   * with its CSS and npm imports into one HTML page, and serves as `ui://<server>/<tool>` to
   * hosts that render views. Clients without the extension see the tool as before. A literal, so
   * the build can read it: `view: "../views/forecast.ts"` or {@link ToolViewOptions}.
   */
  view?: string | ToolViewOptions;
}
