import type { CallerIdentity } from "../identity/caller-identity.js";
import type { Context } from "../context.js";
import type { ToolAnnotations } from "../../definitions/tool-definition.js";
import type { RequestCall, ToolCall } from "./middleware.js";
import type { RequestExtra } from "../sdk/sdk.js";

/**
 * One request as request middleware sees it. Its `ctx` is made on first read: most request
 * middleware (`logRequests()`, `timing()`) never reads it, and a request context is an object
 * and a logger of closures per request.
 */
export class ChainCall implements RequestCall {
  private made: Context | undefined;
  readonly client: string;
  readonly caller: CallerIdentity;
  readonly protocolVersion: string;
  readonly sessionId: string | undefined;

  constructor(
    readonly method: string,
    readonly params: Record<string, unknown>,
    // The request's own `extra`: its id is read from here without making a context.
    private readonly extra: RequestExtra,
    private readonly contextOf: (extra: RequestExtra) => Context,
  ) {
    this.caller = extra.caller;
    this.client = extra.caller.key;
    this.protocolVersion = extra.era;
    this.sessionId = extra.sessionId;
  }

  /** The request's JSON-RPC id. */
  get requestId(): string | number {
    return this.extra.requestId;
  }

  get ctx(): Context {
    return (this.made ??= this.contextOf(this.extra));
  }
}

/** A request's JSON-RPC id, without making its context where the call has one still to make. */
export function requestIdOf(call: RequestCall): string | number {
  return call instanceof ChainCall ? call.requestId : call.ctx.requestId;
}

/**
 * A tool call as tool middleware sees it (`ToolCall`), its context made when first read, by the
 * middleware or by the tool: one class, its getter on the prototype (an object literal with a
 * getter is made the slow way, per call). `source` is what the context is made from: the
 * request's `extra` for a call in its request, the task's own context function for a task's run.
 */
export class ToolChainCall<S = RequestExtra> implements ToolCall {
  private made: Context | undefined;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly client: string;

  constructor(
    readonly tool: string,
    args: Record<string, unknown> | undefined,
    readonly annotations: ToolAnnotations | undefined,
    readonly caller: CallerIdentity,
    private readonly source: S,
    private readonly contextOf: (source: S) => Context,
  ) {
    this.arguments = args ?? {};
    this.client = caller.key;
  }

  get ctx(): Context {
    return (this.made ??= this.contextOf(this.source));
  }

  /** The context, made now if nobody has read it yet: what the tool is given. */
  readonly context = (): Context => this.ctx;
}
