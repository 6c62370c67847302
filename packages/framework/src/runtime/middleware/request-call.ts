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
 * getter is made the slow way, per call).
 */
export class ToolChainCall implements ToolCall {
  private made: Context | undefined;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly client: string;
  readonly caller: CallerIdentity;

  constructor(
    readonly tool: string,
    args: Record<string, unknown> | undefined,
    readonly annotations: ToolAnnotations | undefined,
    private readonly extra: RequestExtra,
    private readonly contextOf: (extra: RequestExtra) => Context,
  ) {
    this.arguments = args ?? {};
    this.caller = extra.caller;
    this.client = extra.caller.key;
  }

  get ctx(): Context {
    return (this.made ??= this.contextOf(this.extra));
  }

  /** The context, made now if nobody has read it yet: what the tool is given. */
  readonly context = (): Context => this.ctx;
}
