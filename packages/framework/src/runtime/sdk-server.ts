/**
 * The SDK's low-level `Server`, finishing its replies the way typemcp answers, through its public
 * API only: once connected, it watches the requests that arrive on the transport and rewrites
 * the replies it sends back (the `Transport` interface is public, and `connect` hands it over).
 */
import { Server, type JSONRPCMessage, type ServerOptions, type Transport, type TransportSendOptions } from "@modelcontextprotocol/server";
import { DirectCall, errorReply, isDirectToolCall, resultReply, type DirectAnswer } from "./sdk-direct-call.js";
import { toInvalidParams } from "./invalid-params.js";
import type { ClientCapabilities, ServerInfo } from "./protocol-types.js";

/** Extensions declared only to a client that declares the same one, by identifier. */
export type ExtensionOffers = Record<string, Record<string, unknown>>;

type RequestId = string | number;
/** What a reply needs to know of its request: its method, and for a handshake its params. */
type Asked = string | { readonly method: string; readonly params: Record<string, unknown> | undefined };
const isHandshake = (method: string) => method === "initialize" || method === "server/discover";

/** A `tools/call` result the SDK's own check of tool results would refuse: it goes out as it is. */
const PLACEHOLDER = Object.freeze({ content: Object.freeze([]) });

/**
 * An SDK `Server` whose replies say what was wrong with invalid params in words (-32602, not the
 * SDK's raw zod issue list), carry the `offers` a client takes in its `initialize` or
 * `server/discover` answer, and can answer `tools/call` with a task handle (`answerWith`).
 */
export class SdkServer extends Server {
  private readonly handedOver = new Map<RequestId, Record<string, unknown>>();
  /** The requests received and not yet answered (nor cancelled), by id. */
  private readonly asked = new Map<RequestId, Asked>();
  private outlet: ((message: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>) | undefined;
  /** Serves plain 2025-11-25 tools/call requests past the SDK's dispatcher, once set (sdk-direct-call.ts). */
  private direct: DirectAnswer | undefined;
  /** The calls served directly and not yet answered, by id. */
  private readonly directCalls = new Map<RequestId, DirectCall>();

  constructor(
    implementation: Omit<ServerInfo, "instructions">,
    options: ServerOptions,
    private readonly offers: ExtensionOffers = {},
  ) {
    super(implementation, options);
  }

  /** Connects as the SDK does, then watches what arrives on `transport` and finishes what leaves. */
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const dispatch = transport.onmessage;
    const send = transport.send.bind(transport);
    const asked = this.asked;
    transport.onmessage = (message, extra) => {
      const { id, method, params } = message as { id?: RequestId; method?: unknown; params?: Record<string, unknown> };
      if (typeof method === "string") {
        if (id !== undefined) {
          asked.set(id, isHandshake(method) ? { method, params } : method);
          // Only a message that arrives alone (no HTTP request, no auth with it), once initialized.
          if (
            method === "tools/call" &&
            arrivedAlone(extra) &&
            this.direct !== undefined &&
            !this.directCalls.has(id) &&
            this.getClientVersion() !== undefined &&
            isDirectToolCall(message)
          ) {
            this.serveDirectly(this.direct, id, params as Record<string, unknown>, transport);
            return;
          }
        } else if (method === "notifications/cancelled") {
          const cancelled = params?.requestId as RequestId;
          this.directCalls.get(cancelled)?.abort(params?.reason);
          this.forget(asked, cancelled);
        }
      }
      dispatch?.(message, extra);
    };
    transport.send = (message, options) => (this.outlet ?? send)(this.finish(message, asked), options);
    // As the SDK aborts the calls it runs when the connection closes.
    const closed = transport.onclose;
    transport.onclose = () => {
      closed?.();
      const calls = [...this.directCalls.values()];
      this.directCalls.clear();
      for (const call of calls) call.abort(new Error("Connection closed"));
    };
  }

  /**
   * From now on, serves each plain 2025-11-25 `tools/call` request that arrives alone on the
   * connection with `answer` instead of the SDK's dispatcher (see sdk-direct-call.ts).
   */
  serveToolCallsDirectly(answer: DirectAnswer): void {
    this.direct = answer;
  }

  /**
   * Sends every finished message to `outlet` instead of the connected transport's own `send` (a
   * kept HTTP lane answers its requests itself); the replies are still finished as above.
   */
  sendFinishedTo(outlet: (message: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>): void {
    this.outlet = outlet;
  }

  /**
   * What a `tools/call` handler returns to answer request `requestId` with `result` (a task
   * handle) instead of a tool result: the SDK checks a placeholder, and the reply carries `result`.
   */
  answerWith(requestId: RequestId, result: Record<string, unknown>): unknown {
    // A request cancelled meanwhile gets no reply: kept, the handle would answer the next request
    // that reuses its id.
    if (this.asked.has(requestId)) this.handedOver.set(requestId, result);
    return PLACEHOLDER;
  }

  private serveDirectly(answer: DirectAnswer, id: RequestId, params: Record<string, unknown>, transport: Transport): void {
    const call = new DirectCall(this, id);
    this.directCalls.set(id, call);
    // A microtask later, as the SDK starts a handler: messages read in one chunk are all taken in first.
    queueMicrotask(() => {
      let answered: Promise<unknown>;
      try {
        answered = answer(params, call);
      } catch (error) {
        answered = Promise.reject(error);
      }
      answered.then(
        (result) => this.replyDirectly(id, call, () => resultReply(id, result), transport),
        (error: unknown) => this.replyDirectly(id, call, () => errorReply(id, error), transport),
      );
    });
  }

  // A cancelled call gets no reply, as the SDK sends none once it has aborted a call's signal.
  private replyDirectly(id: RequestId, call: DirectCall, reply: () => Record<string, unknown>, transport: Transport): void {
    if (this.directCalls.get(id) === call) this.directCalls.delete(id);
    if (call.aborted) return;
    transport.send(reply() as JSONRPCMessage).catch((error: unknown) => this.onerror?.(new Error(`Failed to send response: ${error}`)));
  }

  private forget(asked: Map<RequestId, Asked>, id: RequestId | undefined): void {
    if (id === undefined) return;
    asked.delete(id);
    this.handedOver.delete(id);
  }

  private finish(message: JSONRPCMessage, asked: Map<RequestId, Asked>): JSONRPCMessage {
    if ("method" in message || !("id" in message) || message.id === undefined) return message;
    const request = asked.get(message.id);
    const handedOver = this.handedOver.get(message.id);
    this.forget(asked, message.id);
    if (handedOver && "result" in message) return { ...message, result: withStamps(handedOver, message.result) as typeof message.result };
    if (request === undefined) return message;
    if ("error" in message) {
      const words = toInvalidParams(typeof request === "string" ? request : request.method, message.error);
      return words ? { ...message, error: words } : message;
    }
    if (typeof request !== "string") return { ...message, result: withOffers(message.result, request.params, this.offers) as typeof message.result };
    return message;
  }
}

// Whether a message came with nothing beside it: stdio passes nothing, the SDK's in-memory
// transport an `authInfo` that is undefined; HTTP passes its request.
function arrivedAlone(extra: object | undefined): boolean {
  if (extra === undefined) return true;
  for (const value of Object.values(extra)) if (value !== undefined) return false;
  return true;
}

// The task handle in place of the placeholder's fields, keeping what the SDK stamped into its
// `_meta` (2026-07-28: who answered).
function withStamps(result: Record<string, unknown>, sent: { _meta?: Record<string, unknown> }): Record<string, unknown> {
  const stamped = sent._meta;
  return stamped === undefined ? result : { ...result, _meta: { ...stamped, ...(result._meta as Record<string, unknown> | undefined) } };
}

// The extensions of `offers` that the client declared too, added to the capabilities of an
// `initialize` answer (the client's in its params) or a `server/discover` one (in the request's
// `_meta` envelope).
function withOffers(result: unknown, params: Record<string, unknown> | undefined, offers: ExtensionOffers): unknown {
  const envelope = params?._meta as Record<string, unknown> | undefined;
  const client = (params?.capabilities ?? envelope?.["io.modelcontextprotocol/clientCapabilities"]) as ClientCapabilities | undefined;
  const taken = Object.keys(offers).filter((id) => client?.extensions?.[id] !== undefined);
  if (!taken.length) return result;
  const answer = result as { capabilities?: { extensions?: Record<string, unknown> } };
  const extensions = { ...answer.capabilities?.extensions, ...Object.fromEntries(taken.map((id) => [id, offers[id]])) };
  return { ...answer, capabilities: { ...answer.capabilities, extensions } };
}
