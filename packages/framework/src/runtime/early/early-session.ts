/**
 * A stdio connection's first requests, answered before the MCP SDK is loaded: `initialize` (see
 * early-initialize.ts), `ping`, and the lists a host asks for when it starts (`tools/list`,
 * `prompts/list`, `resources/list`, `resources/templates/list`) through the very handlers every
 * session registers (`registerHandlers`, with the server's middleware and tracing around them),
 * with the request context the SDK's path gives them. A host starts every server it is
 * configured with and lists its tools; many of those servers are never called. Anything else
 * (and any request of a shape the SDK might refuse) is left to the SDK, which the connection then
 * loads and tells what was answered here, as one connection with one caller identity.
 */
import { newConnectionId, callerIdentityOf, type CallerIdentity } from "../identity/caller-identity.js";
import { HandlerExtra, type RequestChannel } from "../sdk/handler-extra.js";
import type { ClientCapabilities, ProtocolServer, RequestHandler, RequestMethod, Transport, WireTool } from "../sdk/protocol-types.js";
import { toJsonRpcError } from "../to-json-rpc-error.js";
import { errorReply } from "../sdk/error-reply.js";
import { isPlainObject } from "../sdk/plain-request.js";
import { earlyInitialize, type InitializeFacts } from "./early-initialize.js";

/** The list methods answered before the SDK is loaded, when their handler is registered. */
const EARLY_LISTS = new Set<string>(["tools/list", "prompts/list", "resources/list", "resources/templates/list"]);

type Message = { id?: string | number; method?: string; params?: unknown };
type Send = (message: Record<string, unknown>) => void;

/** What an early session answers from: the `initialize` facts, and the tools its list would send. */
export interface EarlyFacts extends InitializeFacts {
  readonly tools: { values(): readonly { readonly wire: WireTool }[] };
}

/** The protocol endpoint of a stdio connection until the SDK takes it over (2025-11-25 only: a 2026-07-28 connection goes to the SDK at once). */
export class EarlySession implements ProtocolServer {
  readonly era = "2025-11-25";
  onclose: (() => void) | undefined = undefined;
  /** The caller identity the SDK's endpoint continues (`createProtocolServer`'s `connectionId`). */
  readonly connectionId = newConnectionId();
  private readonly handlers = new Map<string, RequestHandler>();
  private registered = false;
  private client: ClientCapabilities | undefined;
  private caller: CallerIdentity | undefined;
  /** Once the SDK's endpoint serves the connection: no more list changes from here (answers still in flight still go out). */
  private closed = false;
  private send: Send = () => undefined;

  constructor(
    private readonly facts: EarlyFacts,
    /** Registers the session's handlers (`registerHandlers`) with this endpoint, once a list is first asked for. */
    private readonly register: () => void,
  ) {}

  /**
   * Answers `message` here and returns true, or returns false when the SDK must have it (the
   * connection then hands it, and everything after it, to the SDK).
   */
  take(message: Message): boolean {
    const { id, method, params } = message;
    if (method === "notifications/initialized") return this.client !== undefined;
    // Nothing answered here can be cancelled: each answer is made at once.
    if (method === "notifications/cancelled") return true;
    if (id === undefined || method === undefined) return false;
    if (method === "initialize") {
      const result = this.client === undefined ? earlyInitialize(this.facts, params) : undefined;
      if (result === undefined) return false;
      this.client = (params as { capabilities: ClientCapabilities }).capabilities;
      this.send({ result, jsonrpc: "2.0", id });
      return true;
    }
    if (!isPlainParams(params)) return false;
    if (method === "ping") {
      this.send({ result: {}, jsonrpc: "2.0", id });
      return true;
    }
    if (this.client === undefined || !EARLY_LISTS.has(method) || (method === "tools/list" && !this.listsAsTheSdkSends())) return false;
    const handler = this.handlerFor(method);
    if (handler === undefined) return false;
    this.run(id, handler, (params ?? {}) as Record<string, unknown>);
    return true;
  }

  // The SDK sends a 2025-11-25 tools/list as its handler answers it, unless a tool's output schema is not an object's (a mounted server's may not be).
  private listsAsTheSdkSends(): boolean {
    return this.facts.tools.values().every(({ wire }) => wire.outputSchema === undefined || wire.outputSchema.type === "object");
  }

  /** How answers and notifications reach the client: told by the connection before its first message. */
  sendThrough(send: Send): void {
    this.send = send;
  }

  private handlerFor(method: string): RequestHandler | undefined {
    if (!this.registered) {
      this.registered = true;
      this.register();
    }
    return this.handlers.get(method);
  }

  // As the SDK's path runs a handler (protocol-server.ts): its context, its answer, and what it throws as a JSON-RPC error.
  private run(id: string | number, handler: RequestHandler, params: Record<string, unknown>): void {
    this.caller ??= callerIdentityOf({ auth: undefined, sessionId: undefined, http: false, remoteAddress: undefined, connectionId: this.connectionId });
    const extra = new HandlerExtra(new EarlyChannel(this.send), {
      requestId: id,
      sessionId: undefined,
      era: this.era,
      meta: params._meta as Record<string, unknown> | undefined,
      clientCapabilities: this.client,
      logLevel: undefined,
      input: undefined,
      inputResponses: undefined,
      auth: undefined,
      caller: this.caller,
    });
    let answered: Promise<unknown>;
    try {
      answered = Promise.resolve(handler(params, extra));
    } catch (error) {
      answered = Promise.reject(error);
    }
    answered.then(
      (result) => this.send({ result, jsonrpc: "2.0", id }),
      (error: unknown) => this.send(errorReply(id, toJsonRpcError(error))),
    );
  }

  handle(method: RequestMethod, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  handleExtension(): void {
    // An extension's methods are the SDK's to serve.
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    if (!this.closed) this.send({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
    return Promise.resolve();
  }

  clientCapabilities(): ClientCapabilities | undefined {
    return this.client;
  }

  sessionId(): string | undefined {
    return undefined;
  }

  connect(_transport: Transport): Promise<void> {
    return Promise.reject(new Error("an early session is not connected to a transport: its connection sends for it"));
  }

  /** The SDK's endpoint serves the connection now (or it closed): list changes no longer reach the client through here. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.onclose?.();
    return Promise.resolve();
  }
}

// Params the SDK's schema takes for a list or ping: none, or an object with at most `_meta` (an object); a cursor is the SDK's to check.
function isPlainParams(params: unknown): boolean {
  if (params === undefined) return true;
  return isPlainObject(params) && Object.entries(params).every(([key, value]) => key === "_meta" && isPlainObject(value));
}

/** How a request answered here talks back: notifications go straight out; it is never cancelled; it cannot ask the client. */
class EarlyChannel implements RequestChannel {
  private controller: AbortController | undefined;

  constructor(private readonly send: Send) {}

  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    this.send({ jsonrpc: "2.0", method, params });
    return Promise.resolve();
  }

  request(method: string): Promise<Record<string, unknown>> {
    return Promise.reject(new Error(`${method} cannot be sent while the server answers a list before its first call; ask in a tool call instead`));
  }
}
