/**
 * The one door of a connection that is ours to carry (stdio, typemcp/testing's in-memory pair, a
 * kept HTTP lane): a transport of ours that the SDK is connected to, in front of the transport
 * that carries the messages. Every message passes through `receive`; a plain `tools/call` is served
 * there, by the direct branch (sdk-direct-call.ts), and everything else goes on to the SDK: on
 * 2025-11-25 a call with nothing but a name, arguments and `_meta`, on 2026-07-28 one whose
 * envelope the SDK would certainly accept and that carries no `requestState` (a later round
 * verifies its state on the SDK's path). The door sets the callbacks of the transport it wraps
 * before starting it, as any owner of a transport does; it never touches a transport the SDK
 * holds.
 */
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/server";
import {
  DirectCall,
  errorReply,
  isDirectToolCall,
  plainEnvelope2026,
  resultReply,
  resultReply2026,
  type DirectRequest,
  type HttpFacts,
} from "./sdk-direct-call.js";
import type { Era } from "./protocol-types.js";
import type { SdkServer } from "./sdk-server.js";
import { SENT } from "./sent.js";
import { CallsById } from "./calls-by-id.js";
import { withFields } from "./with-fields.js";
import { TransportInFront } from "./transport-in-front.js";

type RequestId = string | number;

/** Requests the SDK's `Server` answers with handlers of its own, registered when it is made. */
const OWN_METHODS = new Set(["initialize", "ping", "server/discover"]);

/**
 * How a connection's calls arrive: `connection` (stdio, in memory) serves a call directly once the
 * client has initialized, and only one that came alone (a message with auth beside it takes the
 * SDK's path); `lane` (a kept HTTP server, which never sees `initialize`) serves each with the
 * HTTP facts it came with; `session` (a 2025-11-25 session over HTTP) serves each with its HTTP
 * facts once the client has initialized.
 */
export type DoorMode = "connection" | "lane" | "session";

/** A transport of ours in front of the transport that carries the messages, serving plain calls of the admitted server's era once one is admitted. */
export class DirectDoor extends TransportInFront {
  /** The connection's server, once its era is known; calls are served directly only then. */
  private server: SdkServer | undefined;
  private mode: DoorMode = "connection";
  private era: Era = "2025-11-25";
  /** The calls served directly and not yet answered; made on the first (an idle session holds none). Not a Map: see CallsById. */
  private calls: CallsById<DirectCall> | undefined;

  /** Serves this connection's plain `tools/call` requests of `era` with `server`'s direct answer from now on. */
  admit(server: SdkServer, era: Era, mode: DoorMode = "connection"): void {
    this.server = server;
    this.era = era;
    this.mode = mode;
  }

  protected override closed(): void {
    // As the SDK aborts the calls it runs when the connection closes.
    const calls = this.calls?.snapshot() ?? [];
    this.calls?.clear();
    for (const call of calls) call.abort(new Error("Connection closed"));
    super.closed();
  }

  protected override receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const { id, method, params } = message as { id?: RequestId; method?: unknown; params?: Record<string, unknown> };
    const server = this.server;
    if (server !== undefined && typeof method === "string") {
      // The server's own handshake needs none of typemcp's handlers; any other request may.
      if (id !== undefined && !OWN_METHODS.has(method)) server.handlersReady();
      if (method === "tools/call" && id !== undefined) {
        const request = server.directAnswer && this.calls?.get(id) === undefined && this.admits(server, extra) ? this.directRequest(message, extra) : undefined;
        if (request) {
          this.serve(server, id, request);
          return;
        }
      } else if (method === "notifications/cancelled" && id === undefined) {
        // The SDK sees the cancellation too: it may be for a call it runs.
        this.calls?.get(params?.requestId as RequestId)?.abort(params?.reason);
      }
    }
    super.receive(message, extra);
  }

  // A lane's and a session's requests all come with their HTTP facts; a connection's only alone (a message with
  // auth beside it takes the SDK's path), and on 2025-11-25 once the client has initialized.
  private admits(server: SdkServer, extra: MessageExtraInfo | undefined): boolean {
    if (this.mode === "lane") return true;
    if (this.mode === "session") return server.getClientVersion() !== undefined;
    return arrivedAlone(extra) && (this.era === "2026-07-28" || server.getClientVersion() !== undefined);
  }

  // What the handler is given for `message`, when the direct branch takes it.
  private directRequest(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): DirectRequest | undefined {
    if (!isDirectToolCall(message)) return undefined;
    const params = (message as { params: Record<string, unknown> }).params;
    const http = this.mode === "connection" ? undefined : (extra as HttpFacts | undefined);
    if (this.era === "2025-11-25") return { params, http };
    const envelope = plainEnvelope2026(params);
    if (envelope === undefined) return undefined;
    // As the SDK hands them: the envelope lifted out of `_meta`, and `_meta` gone when it held nothing else.
    const { _meta, ...rest } = params;
    return { params: envelope.meta === undefined ? rest : withFields(rest, { _meta: envelope.meta }), http, envelope };
  }

  private serve(server: SdkServer, id: RequestId, request: DirectRequest): void {
    const answer = server.directAnswer!;
    const reply = (result: unknown) =>
      request.envelope ? resultReply2026(id, result, server.identity as Record<string, unknown>, request.envelope.clientCapabilities) : resultReply(id, result);
    const call = new DirectCall(server, id);
    (this.calls ??= new CallsById(callId)).add(call);
    // A microtask later, as the SDK starts a handler: messages read in one chunk are all taken in first.
    queueMicrotask(() => {
      let answered: Promise<unknown>;
      try {
        answered = answer(request, call);
      } catch (error) {
        answered = Promise.reject(error);
      }
      answered.then(
        (result) => this.reply(call, () => reply(result)),
        (error: unknown) => this.reply(call, () => errorReply(id, error)),
      );
    });
  }

  // A cancelled call gets no reply, as the SDK sends none once it has aborted a call's signal.
  private reply(call: DirectCall, reply: () => Record<string, unknown>): void {
    this.calls?.delete(call);
    if (call.aborted) return;
    const sent = this.inner.send(reply() as JSONRPCMessage);
    if (sent !== SENT) sent.catch((error: unknown) => this.onerror?.(new Error(`Failed to send response: ${error}`)));
  }
}

const callId = (call: DirectCall): RequestId => call.requestId;

// Whether a message came with nothing beside it: stdio passes nothing, the SDK's in-memory
// transport an `authInfo` that is undefined.
function arrivedAlone(extra: object | undefined): boolean {
  if (extra === undefined) return true;
  for (const value of Object.values(extra)) if (value !== undefined) return false;
  return true;
}
