/**
 * The one module of the runtime that imports the MCP SDK: `@modelcontextprotocol/server` (v2),
 * which serves both protocol eras, 2025-11-25 (initialize handshake, sessions, server-to-client
 * requests) and 2026-07-28 (stateless, a `_meta` envelope on every request, `server/discover`,
 * input-required results). Everything else in typemcp speaks in its own terms.
 */
import {
  createRequestStateCodec,
  inputRequired,
  Server,
  type EventStore,
  type JSONRPCMessage,
  type ServerContext,
  type ServerEventBus,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { ProtocolError } from "../errors/protocol-error.js";
import { TypemcpError } from "../errors/typemcp-error.js";
import { toInvalidParams } from "./invalid-params.js";
import { InputNeeded, InputRound, type ClientRequestMethod } from "./input-round.js";
import type { AuthInfo } from "./auth-info.js";
import { callerIdentityOf, remoteAddressOf, type CallerIdentity } from "./caller-identity.js";
import { claimState, openRound, STATE_TTL_MS, toRoundBinding, toRoundState, type RoundBinding, type RoundState } from "./round-state.js";
import { InMemoryUsedStates, type UsedStates } from "./used-states.js";
import { isPlainRequest } from "./plain-request.js";
import { registerSdkServer, sdkServerOf } from "./sdk-server-of.js";
import { fromWireAuth } from "./wire-auth.js";

export {
  createHttpTransport,
  createModernHttpHandler,
  isLegacyHttpRequest,
  passesLegacyHttpChecks,
  type HttpRequestHead,
  type HttpTransport,
  type HttpTransportOptions,
  type ModernHttpHandler,
  type ModernHttpOptions,
} from "./sdk-http.js";
export { toWireAuth, type WireAuthInfo } from "./wire-auth.js";

export type { CallToolResult, EventStore, JSONRPCMessage, ServerEventBus, Tool as WireTool, Transport };

/** The protocol eras typemcp serves: 2025-11-25 (`legacy`) and 2026-07-28 (`modern`). */
export type Era = "legacy" | "modern";

/** The revision each era speaks. */
export const ERA_VERSION: Record<Era, string> = { legacy: "2025-11-25", modern: "2026-07-28" };

/** Who the server says it is (`initialize` result, `server/discover`, `_meta` of 2026 results). */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  /** Shown to the host as the server's `instructions`: how to use its tools together. */
  instructions?: string;
}

/** What a server declares it can do. */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: Record<string, never>;
  completions?: Record<string, never>;
  /** 2025-11-25 experimental tasks: which requests may run as tasks, and `tasks/list`/`tasks/cancel`. */
  tasks?: { list?: Record<string, never>; cancel?: Record<string, never>; requests?: { tools?: { call?: Record<string, never> } } };
  /** 2026-07-28 extensions the server supports, by identifier (e.g. the Tasks extension). */
  extensions?: Record<string, Record<string, never>>;
}

/** The Tasks extension's identifier (2026-07-28), in `capabilities.extensions` of both sides. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The MCP Apps extension's identifier (views for tools), in `capabilities.extensions` of both sides. */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";

/** A request method typemcp answers. */
export type RequestMethod =
  | "tools/list"
  | "tools/call"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read"
  | "resources/subscribe"
  | "resources/unsubscribe"
  | "prompts/list"
  | "prompts/get"
  | "completion/complete"
  | "logging/setLevel"
  // 2025-11-25 experimental tasks.
  | "tasks/get"
  | "tasks/result"
  | "tasks/list"
  | "tasks/cancel";

/** A method an extension defines, which the SDK knows no schema for in the era it serves (the Tasks extension's, in 2026-07-28). */
export type ExtensionMethod = "tasks/get" | "tasks/update" | "tasks/cancel";

/**
 * What a `tools/call` handler returns to answer with a task handle (`CreateTaskResult`) instead
 * of a tool result: the SDK's own check of `tools/call` results knows only tool results, so the
 * handle travels past it (see `createProtocolServer`).
 */
export class TaskHandle {
  constructor(readonly result: Record<string, unknown>) {}
}

export type { ClientRequestMethod } from "./input-round.js";

/** What a handler knows about the request it serves, and how it talks back. */
export interface RequestExtra {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  readonly sessionId: string | undefined;
  /** The era of the request: 2025-11-25 (`legacy`) or 2026-07-28 (`modern`). */
  readonly era: Era;
  /** The client's progress token, when it asked for progress. */
  readonly progressToken: string | number | undefined;
  /** The request's `params._meta` (trace context, progress token, the 2026 envelope), as sent. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** Set while an OpenTelemetry SDK is registered: runs the tool, prompt or resource method in a span of its own. */
  readonly execute?: <T>(run: () => Promise<T>) => Promise<T>;
  /** What the client declared it can do: from `initialize` (2025) or the request's own envelope (2026). */
  readonly clientCapabilities: ClientCapabilities | undefined;
  /** 2026-07-28: the lowest log level the request wants (`_meta`); none means no log messages. */
  readonly logLevel: "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency" | undefined;
  /** 2026-07-28: this round's questions and the answers known so far (verified through `requestState`). */
  readonly input: InputRound | undefined;
  /** 2026-07-28: the answers the request carries (`inputResponses`, which the SDK lifts out of its params). */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** Who the request's verified bearer token speaks for (HTTP with `http.auth`); undefined otherwise. */
  readonly auth: AuthInfo | undefined;
  /** Who is calling: the one key of everything kept or counted per caller (see `CallerIdentity`). */
  readonly caller: CallerIdentity;
  /** Sends a notification tied to this request (on its stream, over HTTP). */
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  /** 2025-11-25: sends a request to the client tied to this request, and waits for its validated result. */
  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** What a client declared it can do, as far as typemcp reads it. */
export interface ClientCapabilities {
  sampling?: unknown;
  elicitation?: unknown;
  roots?: unknown;
  /** Extensions the client supports, by identifier (e.g. MCP Apps, `UI_EXTENSION`). */
  extensions?: Record<string, unknown>;
}

/** Answers one request; what it throws becomes a JSON-RPC error. */
export type RequestHandler = (params: Record<string, any>, extra: RequestExtra) => unknown;

/** One protocol endpoint (one stdio connection, one HTTP session or request): handlers in, notifications out. */
export interface ProtocolServer {
  readonly era: Era;
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** Answers `method` with `handler`. */
  handle(method: RequestMethod, handler: RequestHandler): void;
  /** Answers an extension's `method`, whose params `check` describes in words (undefined when they are fine). */
  handleExtension(method: ExtensionMethod, check: (params: Record<string, unknown>) => string | undefined, handler: RequestHandler): void;
  /** Sends a notification outside any request (list changes, resource updates). */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** What the connected client declared it can do (2025: at initialize). */
  clientCapabilities(): ClientCapabilities | undefined;
  /** Called once the connection is gone. */
  onclose: (() => void) | undefined;
}

/** Makes the protocol endpoint that serves one connection (stdio), session or request (HTTP) of `era`. */
export type ProtocolServerFactory = (era: Era) => ProtocolServer;

// Protocol servers made by this process, numbering each for its connection's identity.
let connections = 0;

/** Methods whose 2026-07-28 answer may be an input-required result. */
const INPUT_CAPABLE = new Set<string>(["tools/call", "prompts/get", "resources/read"]);

/**
 * The params schema tools/call is registered with: a Standard Schema that accepts what it is
 * given, because the SDK's `Server` has already checked the whole request against the era's
 * tools/call schema in the wrapper it puts around every tools/call handler (and answers -32602
 * when it fails). `test/reliability/stdio.test.ts` holds the SDK to that.
 */
const PARSED_BY_SDK = {
  params: { "~standard": { version: 1, vendor: "typemcp", validate: (value: unknown) => ({ value }) } },
} as const;

/** Used when a caller gives no `usedStates`: one record for the process. */
const PROCESS_USED_STATES = new InMemoryUsedStates();

/**
 * Creates an SDK low-level `Server` for one session of `era`, declaring `capabilities`;
 * `usedStates` records which 2026-07-28 requestStates have been used. `offers` are extensions
 * declared only to a client that declares the same one (in `initialize` or its
 * `server/discover` envelope): a client that does not take them sees the server as without.
 */
export function createProtocolServer(
  info: ServerInfo,
  capabilities: ServerCapabilities,
  era: Era,
  options: { usedStates?: UsedStates; offers?: Record<string, Record<string, unknown>> } = {},
): ProtocolServer {
  const usedStates = options.usedStates ?? PROCESS_USED_STATES;
  const { instructions, ...implementation } = info;
  const server = new Server(implementation, {
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
    requestState: { verify: (state) => requestStateCodec().verify(state, undefined as never) },
  });
  reportInvalidParams(server, options.offers);
  dispatchRequestsDirectly(server);
  // A connection without a session id of its own (stdio, in memory) is its anonymous caller's
  // identity. Not a secret (no client sees it), so no Web Crypto: a stdio server starts without it.
  const connectionId = `${performance.timeOrigin}-${++connections}`;
  const identify = (ctx: ServerContext, auth: AuthInfo | undefined): CallerIdentity =>
    callerIdentityOf({ auth, sessionId: ctx.sessionId, http: ctx.http !== undefined, remoteAddress: remoteAddressOf(ctx.http?.req), connectionId });
  const protocol: ProtocolServer = {
    era,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
    handle(method, handler) {
      const answer = async (params: Record<string, unknown> | undefined, ctx: ServerContext) => {
        const modern = ctx.mcpReq.envelope !== undefined || era === "modern";
        // Computed only when a state is read or signed: the digests need the key.
        const auth = fromWireAuth(ctx.http?.authInfo);
        const caller = identify(ctx, auth);
        let binding: RoundBinding | undefined;
        // A requestState is bound to its caller's identity: nobody else's answers complete this call.
        const bind = () => (binding ??= toRoundBinding(method, params ?? {}, caller.key, requestStateKey()));
        let extra: RequestExtra | undefined;
        try {
          extra = toExtra(server, ctx, modern ? "modern" : "legacy", auth, caller, INPUT_CAPABLE.has(method) ? bind : undefined);
          // Verified and bound to this call by now (toExtra); one request per state.
          if (extra.input && INPUT_CAPABLE.has(method)) await claimState(ctx.mcpReq.requestState<RoundState>(), usedStates);
          const result = await handler(params ?? {}, extra);
          // Thrown past the SDK's tools/call result check; the outermost wrapper returns it.
          if (result instanceof TaskHandle) throw result;
          return result;
        } catch (error) {
          if (error instanceof TaskHandle) throw error;
          if (error instanceof InputNeeded && extra?.input && INPUT_CAPABLE.has(method)) return askForInput(extra.input, bind());
          throw toJsonRpcError(error, method === "resources/read" ? { uri: params?.uri } : undefined);
        }
      };
      // The Server wraps its tools/call handler in a check of the whole request against the era's
      // schema (and of the result after it); a handler registered without schemas would have the
      // same request parsed a second time before it runs. Given params that are already checked,
      // each call is parsed once, by the SDK (see PARSED_BY_SDK).
      if (method === "tools/call")
        server.setRequestHandler(method, PARSED_BY_SDK as never, ((params: Record<string, unknown>, ctx: ServerContext) => answer(params, ctx)) as never);
      else
        server.setRequestHandler(
          method as never,
          ((request: { params?: Record<string, unknown> }, ctx: ServerContext) => answer(request.params, ctx)) as never,
        );
    },
    handleExtension(method, check, handler) {
      const params = {
        "~standard": {
          version: 1 as const,
          vendor: "typemcp",
          validate: (value: unknown) => {
            const problem = check((value ?? {}) as Record<string, unknown>);
            return problem === undefined ? { value } : { issues: [{ message: problem }] };
          },
        },
      };
      server.setRequestHandler(
        method as never,
        { params } as never,
        (async (values: Record<string, unknown>, ctx: ServerContext) => {
          try {
            const auth = fromWireAuth(ctx.http?.authInfo);
            return await handler(values, toExtra(server, ctx, "modern", auth, identify(ctx, auth)));
          } catch (error) {
            throw toJsonRpcError(error);
          }
        }) as never,
      );
    },
    notify: (method, params) => server.notification({ method, ...(params ? { params } : {}) } as never),
    clientCapabilities: () => server.getClientCapabilities(),
    onclose: undefined,
  };
  registerSdkServer(protocol, server);
  server.onclose = () => protocol.onclose?.();
  return protocol;
}

// `bind` is the binding of a request that may answer with an input-required result; other
// requests take no answers (they cannot have asked a question).
function toExtra(server: Server, ctx: ServerContext, era: Era, auth: AuthInfo | undefined, caller: CallerIdentity, bind?: () => RoundBinding): RequestExtra {
  const req = ctx.mcpReq;
  const envelope = req.envelope as Record<string, unknown> | undefined;
  const fromEnvelope = envelope?.["io.modelcontextprotocol/clientCapabilities"] as RequestExtra["clientCapabilities"];
  return {
    signal: req.signal,
    requestId: req.id,
    sessionId: ctx.sessionId,
    era,
    progressToken: (req._meta as { progressToken?: string | number } | undefined)?.progressToken,
    meta: req._meta as RequestExtra["meta"],
    clientCapabilities: era === "modern" ? fromEnvelope : server.getClientCapabilities(),
    logLevel: era === "modern" ? (envelope?.["io.modelcontextprotocol/logLevel"] as RequestExtra["logLevel"]) : undefined,
    input: era === "modern" ? (bind ? openRound(req.requestState<RoundState>(), req.inputResponses, bind) : new InputRound({}, {})) : undefined,
    inputResponses: req.inputResponses,
    auth,
    caller,
    notify: (method, params) => req.notify({ method, params } as never),
    request: (method, params) => req.send({ method, params } as never, { signal: req.signal }) as Promise<Record<string, unknown>>,
  };
}

// Every question the round left open, in one input-required result; the signed state carries
// the call it belongs to, the answers so far and which questions are open, so a client can
// answer only those, and only for this call.
async function askForInput(round: InputRound, binding: RoundBinding): Promise<unknown> {
  const inputRequests: Record<string, ReturnType<typeof inputRequired.listRoots>> = {};
  for (const [key, { method, params }] of round.open) {
    inputRequests[key] =
      method === "elicitation/create"
        ? inputRequired.elicit(params as never)
        : method === "sampling/createMessage"
          ? inputRequired.createMessage(params as never)
          : inputRequired.listRoots();
  }
  const requestState = await requestStateCodec().mint(toRoundState(round, binding));
  return inputRequired({ inputRequests, requestState });
}

/** One question a task waits on, as 2026-07-28 `inputRequests` carry it (the SDK's own shape). */
export function toInputRequest(method: ClientRequestMethod, params: Record<string, unknown>): { method: string; params?: Record<string, unknown> } {
  if (method === "elicitation/create") return inputRequired.elicit(params as never) as { method: string; params: Record<string, unknown> };
  if (method === "sampling/createMessage") return inputRequired.createMessage(params as never) as { method: string; params: Record<string, unknown> };
  return inputRequired.listRoots();
}

/**
 * The key that signs `requestState` (2026-07-28 input rounds), so a client cannot forge the
 * answers of earlier rounds: `MCP_REQUEST_STATE_KEY` (at least 32 bytes), shared by every
 * instance behind one load balancer; unset, a random key per process (then a retry must reach
 * the process that asked).
 */
export function requestStateKey(): string {
  return configuredRequestStateKey() ?? (randomKey ??= `${globalThis.crypto.getRandomValues(Buffer.alloc(32)).toString("base64url")}-typemcp-process-key`);
}

/**
 * `MCP_REQUEST_STATE_KEY` when set, after checking its length (throws a `TypemcpError` when too
 * short); undefined when unset. What `serve()` checks at start-up: unlike `requestStateKey()` it
 * makes no random key, which would load Web Crypto (~5 ms on Node 24) before the first answer
 * for a 2026 input round that may never come.
 */
export function configuredRequestStateKey(): string | undefined {
  const configured = process.env.MCP_REQUEST_STATE_KEY;
  if (configured === undefined || configured === "") return undefined;
  if (Buffer.byteLength(configured) < 32) {
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `MCP_REQUEST_STATE_KEY must be at least 32 bytes long (it has ${Buffer.byteLength(configured)}); use e.g. \`openssl rand -base64 48\`.`,
    });
  }
  return configured;
}
let randomKey: string | undefined;
let codec: ReturnType<typeof createRequestStateCodec<RoundState>> | undefined;
let codecKey: string | undefined;

function requestStateCodec() {
  const key = requestStateKey();
  if (!codec || codecKey !== key) {
    codec = createRequestStateCodec<RoundState>({ key, ttlSeconds: STATE_TTL_MS / 1000 });
    codecKey = key;
  }
  return codec;
}

/** Serves one stdio-shaped connection (`transport`) in whichever era its first message opens. */
export function serveConnection(factory: ProtocolServerFactory, transport: Transport, onerror?: (error: Error) => void): { close(): Promise<void> } {
  return serveStdio((ctx) => sdkServerOf(factory(ctx.era)), { legacy: "serve", transport, ...(onerror ? { onerror } : {}) });
}

// The SDK checks each request's params against its method's schema before calling the handler,
// and a failure reaches the client with a raw JSON issue list. Every handler (the SDK's own
// initialize and logging/setLevel included) is wrapped so that failure becomes -32602 in words.
function reportInvalidParams(server: Server, offers: Record<string, Record<string, unknown>> = {}): void {
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
function dispatchRequestsDirectly(server: Server): void {
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

// The SDK turns a thrown value into a JSON-RPC error by reading a numeric `code` and `message`
// off it, so ProtocolError travels as a plain object with its JSON-RPC code.
// A resource not found names the URI in `data`, as the spec suggests.
function toJsonRpcError(error: unknown, notFoundData?: Record<string, unknown>): unknown {
  if (!(error instanceof ProtocolError)) return error;
  const data = error.code === "RESOURCE_NOT_FOUND" && notFoundData ? { data: notFoundData } : {};
  return { code: error.jsonRpcCode, message: error.message, ...data };
}
