import type { AuthInfo } from "./identity/auth-info.js";
import type { CallerIdentity } from "./identity/caller-identity.js";

/** Severity of a log message, lowest first (RFC 5424, as MCP uses it). */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** Sends log messages to the client, which filters them with `logging/setLevel`. */
export interface ContextLog {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warning(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** One message for `ctx.sample(...)`. */
export interface SamplingMessage {
  role: "user" | "assistant";
  content: { type: "text"; text: string } | { type: "image" | "audio"; data: string; mimeType: string };
}

/** What `ctx.sample(...)` asks the client's model. */
export interface SamplingRequest {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: { hints?: Array<{ name?: string }>; costPriority?: number; speedPriority?: number; intelligencePriority?: number };
}

/** The client model's answer to `ctx.sample(...)`. */
export interface SamplingResult {
  role: "user" | "assistant";
  content: unknown;
  model: string;
  stopReason?: string;
}

/** The user's answer to `ctx.elicit(...)`. */
export interface ElicitResult<T = Record<string, string | number | boolean | string[]>> {
  action: "accept" | "decline" | "cancel";
  content?: T;
}

/** A root the client shares with the server: a directory or file it may work in. */
export interface Root {
  /** A `file://` URI. */
  uri: string;
  name?: string;
}

/** Options of one question to the client (`ctx.elicit`, `ctx.sample`, `ctx.roots`). */
export interface AskOptions {
  /**
   * The question's name in a 2026-07-28 input-required result (`inputRequests`); by default
   * `input-<n>`, by the order asked. Name questions asked in parallel (`Promise.all`) or in a
   * different order from run to run.
   */
  key?: string;
}

/** What the client declared it can do for the server, for this request. */
export interface ClientAbilities {
  /** It can ask its user for input (`ctx.elicit`). */
  readonly elicitation: boolean;
  /** It can run its model for the server (`ctx.sample`). */
  readonly sampling: boolean;
  /** It shares its roots (`ctx.roots`). */
  readonly roots: boolean;
}

/** A resource's contents as `resources/read` returns them. */
export type ResourceContents = { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };

/**
 * What a tool, resource or prompt method can reach while it runs. Declare a parameter of this
 * type anywhere in the signature; typemcp fills it in and leaves it out of the schema.
 *
 * @typemcpContext
 * @example
 * ```ts
 * @tool() async importAll(ctx: Context, urls: string[]): Promise<number> {
 *   for (const [i, url] of urls.entries()) {
 *     if (ctx.signal.aborted) break;
 *     await ctx.progress(i, urls.length, `fetching ${url}`);
 *   }
 *   return urls.length;
 * }
 * ```
 */
export interface Context {
  /** Log messages for the client (MCP logging notifications), honouring its `logging/setLevel`. */
  readonly log: ContextLog;
  /** Fires when the client cancels the request or the connection closes. */
  readonly signal: AbortSignal;
  /** The JSON-RPC id of the request being served. */
  readonly requestId: string | number;
  /**
   * Reports progress; sent only when the client asked for it with a progress token. Report
   * before each step rather than after the last one: the SDK's client (1.32) handles a
   * notification a microtask after a response read in the same chunk, so a report sent in the
   * instant before the result can reach it after the call has settled (typescript-sdk#2580).
   * Never rejects: a report that cannot be delivered is dropped, and the call runs on.
   */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /** Reads one of this server's own resources. */
  readResource(uri: string): Promise<ResourceContents[]>;
  /**
   * Asks the user for input through the client (elicitation), in a form of the fields of `T`:
   * `typemcp build` derives the requested schema from `T` as it derives a tool's parameters
   * (strings, numbers, `Int`, booleans, string literal unions and arrays of them, with each
   * property's JSDoc as its description; optional properties may be left out) and writes it into
   * this call. The accepted answer is typed `T`. See the overload with a schema for the eras.
   *
   * @typemcpDerivedElicitation
   * @example
   * ```ts
   * const reply = await ctx.elicit<{ confirm: boolean }>("Delete all files?");
   * if (reply.action === "accept" && reply.content?.confirm) await removeAll();
   * ```
   */
  elicit<T extends object>(message: string, options?: AskOptions): Promise<ElicitResult<T>>;
  /**
   * Asks the user for input through the client (elicitation). In protocol 2025-11-25 this is a
   * request to the client; in 2026-07-28 the call is answered with an input-required result and
   * the client calls again with the answer, which runs the method again from the start: each
   * question asked before gets its answer at once, in order. So, with a 2026 client, do nothing
   * before a question that must not happen twice. Throws a `ToolError` when the
   * client did not declare the capability.
   */
  elicit<T = Record<string, string | number | boolean | string[]>>(
    message: string,
    requestedSchema: Record<string, unknown>,
    options?: AskOptions,
  ): Promise<ElicitResult<T>>;
  /**
   * Asks the client's model for a completion (sampling). Throws a `ToolError` when the client
   * did not declare the capability.
   */
  sample(request: SamplingRequest | string, options?: AskOptions): Promise<SamplingResult>;
  /**
   * The roots the client shares (directories or files it lets the server work in). Throws a
   * `ToolError` when the client did not declare the capability.
   */
  roots(options?: AskOptions): Promise<Root[]>;
  /** What the client declared it can do (from `initialize` in 2025-11-25, from each request in 2026-07-28). */
  readonly client: ClientAbilities;
  /**
   * Who is calling, from the request's verified OAuth access token (HTTP with `http.auth`): the
   * subject, client, scopes and claims. Undefined when no token was verified (stdio, a server
   * without auth, a shared `MCP_AUTH_TOKEN`).
   */
  readonly auth: AuthInfo | undefined;
  /**
   * Who is calling, as typemcp keys everything it keeps per caller: a user (`user:<sub>`), else
   * an OAuth client (`client:<client_id>`), else an anonymous caller by its session, connection
   * or address. Key your own per-caller state by `ctx.caller.key`.
   */
  readonly caller: CallerIdentity;
}
