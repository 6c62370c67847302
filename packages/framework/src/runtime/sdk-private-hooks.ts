// Workarounds that reach into the SDK Server's private members (to be replaced, see #39).
import type { JSONRPCMessage, Server, ServerContext, Transport } from "@modelcontextprotocol/server";
import { toInvalidParams } from "./invalid-params.js";
import { isPlainRequest } from "./plain-request.js";
import { TaskHandle, type ClientCapabilities, type ServerCapabilities } from "./protocol-types.js";

// The SDK checks each request's params against its method's schema before calling the handler,
// and a failure reaches the client with a raw JSON issue list. Every handler (the SDK's own
// initialize and logging/setLevel included) is wrapped so that failure becomes -32602 in words.
export function reportInvalidParams(server: Server, offers: Record<string, Record<string, unknown>> = {}): void {
  type Handler = (request: { method: string; params?: Record<string, unknown> }, extra: unknown) => Promise<unknown>;
  const handlers = (server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  const wrap =
    (method: string, handler: Handler): Handler =>
    async (request, extra) => {
      try {
        const result = await handler(request, extra);
        return method === "initialize" || method === "server/discover" ? withOffers(result, request, extra, offers) : result;
      } catch (error) {
        if (error instanceof TaskHandle) return error.result;
        throw toInvalidParams(method, error) ?? error;
      }
    };
  for (const [method, handler] of handlers) handlers.set(method, wrap(method, handler));
  const set = handlers.set.bind(handlers);
  handlers.set = (method, handler) => set(method, wrap(method, handler));
}

// The SDK's Protocol sorts each incoming message by trying it with zod as a result response, an
// error response, a request, then a notification: three full parses before a request is
// dispatched, the first two of which cannot succeed for a message with a `method` (both schemas
// are strict and have none). On a connected transport, a message that isPlainRequest shows the
// request schema accepts goes straight to the Protocol's request dispatch (`_onrequest`, the hook
// its subclasses override), exactly where the sorter would have sent it; every other message takes
// the sorter as before. In a profile of pipelined calls the three parses were ~10 % of the CPU.
export function dispatchRequestsDirectly(server: Server): void {
  type OnMessage = NonNullable<Transport["onmessage"]>;
  const onrequest = (server as unknown as { _onrequest?: (message: JSONRPCMessage, extra?: unknown) => void })._onrequest;
  if (typeof onrequest !== "function") return;
  const connect = server.connect.bind(server);
  server.connect = async (transport) => {
    // The sorter also calls whatever the transport's own handler was; with one set, keep the SDK's path.
    const before = transport.onmessage;
    await connect(transport);
    const sorter = transport.onmessage as OnMessage | undefined;
    if (before !== undefined || sorter === undefined) return;
    transport.onmessage = ((message, extra) => {
      if (isPlainRequest(message)) onrequest.call(server, message, extra);
      else sorter(message, extra);
    }) as OnMessage;
  };
}

// The extensions of `offers` that the client declared too, added to the capabilities of an
// `initialize` answer (the client's in its params) or a `server/discover` one (in the envelope
// the SDK lifted out of the request).
function withOffers(result: unknown, request: { params?: Record<string, unknown> }, ctx: unknown, offers: Record<string, Record<string, unknown>>): unknown {
  const envelope = (ctx as Partial<ServerContext> | undefined)?.mcpReq?.envelope as Record<string, unknown> | undefined;
  const client = (request.params?.capabilities ?? envelope?.["io.modelcontextprotocol/clientCapabilities"]) as ClientCapabilities | undefined;
  const taken = Object.keys(offers).filter((id) => client?.extensions?.[id] !== undefined);
  if (!taken.length) return result;
  const answer = result as { capabilities?: ServerCapabilities & { extensions?: Record<string, unknown> } };
  const extensions = { ...answer.capabilities?.extensions, ...Object.fromEntries(taken.map((id) => [id, offers[id]])) };
  return { ...answer, capabilities: { ...answer.capabilities, extensions } };
}
