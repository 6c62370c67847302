/**
 * What a handler sees of one request (`RequestExtra`), made here for every path a request takes:
 * the SDK's dispatcher (any era, any transport) and the direct `tools/call` branch
 * (sdk-direct-call.ts). Only how the request talks back differs, and that is its `RequestChannel`.
 */
import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";
import type { ClientRequestMethod, InputRound } from "../rounds/input-round.js";
import type { ClientCapabilities, Era, RequestExtra } from "./protocol-types.js";

/** How one request talks back to its client: its cancellation, its notifications, its requests. */
export interface RequestChannel {
  readonly signal: AbortSignal;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** The facts of one request a handler reads, as its path found them. */
export type RequestFacts = Pick<
  RequestExtra,
  "requestId" | "sessionId" | "era" | "meta" | "clientCapabilities" | "logLevel" | "input" | "inputResponses" | "auth" | "caller"
>;

/**
 * One request's context: its facts, and its channel behind `signal`, `notify` and `request`. One
 * object per request, its methods on the prototype and the signal read only when asked for
 * (the direct branch makes its `AbortController` then): this runs for every call.
 */
export class HandlerExtra implements RequestExtra {
  readonly requestId: string | number;
  readonly sessionId: string | undefined;
  readonly era: Era;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  readonly progressToken: string | number | undefined;
  readonly clientCapabilities: ClientCapabilities | undefined;
  readonly logLevel: RequestExtra["logLevel"];
  readonly input: InputRound | undefined;
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  readonly auth: AuthInfo | undefined;
  readonly caller: CallerIdentity;
  execute?: <T>(run: () => Promise<T>) => Promise<T>;
  traceContext?: unknown;

  constructor(
    private readonly channel: RequestChannel,
    facts: RequestFacts,
  ) {
    this.requestId = facts.requestId;
    this.sessionId = facts.sessionId;
    this.era = facts.era;
    this.meta = facts.meta;
    this.progressToken = (facts.meta as { progressToken?: string | number } | undefined)?.progressToken;
    this.clientCapabilities = facts.clientCapabilities;
    this.logLevel = facts.logLevel;
    this.input = facts.input;
    this.inputResponses = facts.inputResponses;
    this.auth = facts.auth;
    this.caller = facts.caller;
  }

  get signal(): AbortSignal {
    return this.channel.signal;
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    return this.channel.notify(method, params);
  }

  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.channel.request(method, params);
  }
}
