/**
 * Our protocol endpoint on the SDK's low-level `Server`: typemcp's handlers registered in its
 * terms, each request's context turned into what a handler sees (`RequestExtra`).
 */
import type { ServerContext } from "@modelcontextprotocol/server";
import type { AuthInfo } from "./identity/auth-info.js";
import { callerIdentityOf, newConnectionId, remoteAddressOf, type CallerIdentity } from "./identity/caller-identity.js";
import { askForInput } from "./sdk/input-required.js";
import { InputNeeded, InputRound } from "./rounds/input-round.js";
import type { ClientCapabilities, Era, Transport, ProtocolServer, RequestExtra, ServerCapabilities, ServerInfo } from "./sdk/protocol-types.js";
import { requestStateCodec, requestStateKey } from "./sdk/request-state-codec.js";
import { claimState, openRound, toRoundBinding, type RoundBinding, type RoundState } from "./rounds/round-state.js";
import { HandlerExtra, type RequestChannel } from "./sdk/handler-extra.js";
import { SdkServer, type ExtensionOffers } from "./sdk/sdk-server.js";
import { registerSdkServer } from "./sdk/sdk-server-of.js";
import { InMemoryUsedStates, type UsedStates } from "./rounds/used-states.js";
import { fromWireAuth } from "./sdk/wire-auth.js";
import { serveDirectly } from "./sdk/serve-directly.js";
import { toJsonRpcError } from "./to-json-rpc-error.js";

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

/** The requestState check every server is made with: stateless, so one for the process. */
const REQUEST_STATE = { verify: (state: string) => requestStateCodec().verify(state, undefined as never) };

/**
 * Creates an SDK low-level `Server` for one session of `era`, declaring `capabilities`;
 * `usedStates` records which 2026-07-28 requestStates have been used. `offers` are extensions
 * declared only to a client that declares the same one (in `initialize` or its
 * `server/discover` envelope): a client that does not take them sees the server as without.
 * `handlers` registers the server's handlers: run when a request first needs them (a connection
 * through one of our doors) or when the server is connected (any other transport), so that a
 * session never used holds none. `connectionId` continues a connection whose first requests
 * were answered before the SDK was loaded (see runtime/early/early-session.ts).
 */
export function createProtocolServer(
  info: ServerInfo,
  capabilities: ServerCapabilities,
  era: Era,
  options: { usedStates?: UsedStates; offers?: ExtensionOffers; handlers?: (protocol: ProtocolServer) => void; connectionId?: string | undefined } = {},
): ProtocolServer {
  const { instructions, ...implementation } = info;
  const server = new SdkServer(
    implementation,
    { capabilities, ...(instructions === undefined ? {} : { instructions }), requestState: REQUEST_STATE },
    options.offers,
  );
  const protocol = new SdkProtocol(server, era, options.usedStates ?? PROCESS_USED_STATES, options.connectionId ?? newConnectionId());
  registerSdkServer(protocol, server);
  server.onclose = () => protocol.onclose?.();
  const { handlers } = options;
  if (handlers) server.deferHandlers(() => handlers(protocol));
  return protocol;
}

/**
 * Our endpoint on one SDK `Server`, and what registering a handler on it needs. Its methods are
 * the class's, not closures made per server: a server is made per session (and per stateless
 * request), so what each one holds is what an idle session costs.
 */
class SdkProtocol implements ProtocolServer {
  onclose: (() => void) | undefined = undefined;
  constructor(
    readonly server: SdkServer,
    readonly era: Era,
    readonly usedStates: UsedStates,
    // A connection without a session id of its own (stdio, in memory) is its anonymous caller's identity.
    readonly connectionId: string,
  ) {}

  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  handle(method: Parameters<ProtocolServer["handle"]>[0], handler: Handler): void {
    registerMethod(this, method, handler);
  }

  handleExtension(
    method: Parameters<ProtocolServer["handleExtension"]>[0],
    check: Parameters<ProtocolServer["handleExtension"]>[1],
    handler: Parameters<ProtocolServer["handleExtension"]>[2],
  ): void {
    registerExtension(this, method, check, handler);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.server.notification({ method, ...(params ? { params } : {}) } as never);
  }

  clientCapabilities(): ClientCapabilities | undefined {
    return this.server.getClientCapabilities() as ClientCapabilities | undefined;
  }

  sessionId(): string | undefined {
    return this.server.transport?.sessionId;
  }

  /** Who is calling, from a request's context. */
  identify(ctx: ServerContext, auth: AuthInfo | undefined): CallerIdentity {
    return callerIdentityOf({
      auth,
      sessionId: ctx.sessionId,
      http: ctx.http !== undefined,
      remoteAddress: remoteAddressOf(ctx.http?.req),
      connectionId: this.connectionId,
    });
  }
}

/** What registering a method reads of its protocol endpoint. */
export type Registry = Pick<SdkProtocol, "server" | "era" | "usedStates" | "identify">;

/** A handler as typemcp registers it. */
export type Handler = Parameters<ProtocolServer["handle"]>[1];

// Registers `handler` for `method`: each request's context made once (toExtra), a 2026-07-28
// answer's requestState claimed once, an input-required result where a question is unanswered.
function registerMethod(registry: Registry, method: string, handler: Handler): void {
  const { server, era, usedStates } = registry;
  const answer = async (params: Record<string, unknown> | undefined, ctx: ServerContext) => {
    const is2026 = ctx.mcpReq.envelope !== undefined || era === "2026-07-28";
    // Computed only when a state is read or signed: the digests need the key.
    const auth = fromWireAuth(ctx.http?.authInfo);
    const caller = registry.identify(ctx, auth);
    let binding: RoundBinding | undefined;
    // A requestState is bound to its caller's identity: nobody else's answers complete this call.
    const bind = () => (binding ??= toRoundBinding(method, params ?? {}, caller.key, requestStateKey()));
    let extra: RequestExtra | undefined;
    try {
      extra = toExtra(server, ctx, is2026 ? "2026-07-28" : "2025-11-25", auth, caller, INPUT_CAPABLE.has(method) ? bind : undefined);
      // Verified and bound to this call by now (toExtra); one request per state.
      if (extra.input && INPUT_CAPABLE.has(method)) await claimState(ctx.mcpReq.requestState<RoundState>(), usedStates);
      // A TaskHandle is answered as the task it stands for (sdk-server.ts).
      return await handler(params ?? {}, extra);
    } catch (error) {
      if (error instanceof InputNeeded && extra?.input && INPUT_CAPABLE.has(method)) return askForInput(extra.input, bind());
      throw toJsonRpcError(error, method === "resources/read" ? { uri: params?.uri } : undefined);
    }
  };
  if (method !== "tools/call") {
    server.setRequestHandler(method as never, ((request: { params?: Record<string, unknown> }, ctx: ServerContext) => answer(request.params, ctx)) as never);
    return;
  }
  // The Server wraps its tools/call handler in a check of the whole request against the era's
  // schema (and of the result after it); a handler registered without schemas would have the
  // same request parsed a second time before it runs. Given params that are already checked,
  // each call is parsed once, by the SDK (see PARSED_BY_SDK).
  server.setRequestHandler(method, PARSED_BY_SDK as never, ((params: Record<string, unknown>, ctx: ServerContext) => answer(params, ctx)) as never);
  // A plain call needs nothing of the SDK's dispatcher: a first round has no state to verify.
  serveDirectly(registry, handler);
}

// An extension's method (`check` refuses params in words, as -32602), in the era the request speaks.
function registerExtension(
  registry: Registry,
  method: string,
  check: Parameters<ProtocolServer["handleExtension"]>[1],
  handler: Parameters<ProtocolServer["handleExtension"]>[2],
): void {
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
  const { server, era } = registry;
  server.setRequestHandler(
    method as never,
    { params } as never,
    (async (values: Record<string, unknown>, ctx: ServerContext) => {
      try {
        const auth = fromWireAuth(ctx.http?.authInfo);
        const is2026 = ctx.mcpReq.envelope !== undefined || era === "2026-07-28";
        return await handler(values, toExtra(server, ctx, is2026 ? "2026-07-28" : "2025-11-25", auth, registry.identify(ctx, auth)));
      } catch (error) {
        throw toJsonRpcError(error);
      }
    }) as never,
  );
}

// `bind` is the binding of a request that may answer with an input-required result; other
// requests take no answers (they cannot have asked a question).
function toExtra(server: SdkServer, ctx: ServerContext, era: Era, auth: AuthInfo | undefined, caller: CallerIdentity, bind?: () => RoundBinding): RequestExtra {
  const req = ctx.mcpReq;
  const envelope = req.envelope as Record<string, unknown> | undefined;
  const fromEnvelope = envelope?.["io.modelcontextprotocol/clientCapabilities"] as RequestExtra["clientCapabilities"];
  return new HandlerExtra(new SdkChannel(req), {
    requestId: req.id,
    sessionId: ctx.sessionId,
    era,
    meta: req._meta as RequestExtra["meta"],
    clientCapabilities: era === "2026-07-28" ? fromEnvelope : server.getClientCapabilities(),
    logLevel: era === "2026-07-28" ? (envelope?.["io.modelcontextprotocol/logLevel"] as RequestExtra["logLevel"]) : undefined,
    input: era === "2026-07-28" ? (bind ? openRound(req.requestState<RoundState>(), req.inputResponses, bind) : new InputRound({}, {})) : undefined,
    inputResponses: req.inputResponses,
    auth,
    caller,
  });
}

/** How a request the SDK dispatched talks back: through its context's own `notify` and `send`. */
class SdkChannel implements RequestChannel {
  constructor(private readonly req: ServerContext["mcpReq"]) {}

  get signal(): AbortSignal {
    return this.req.signal;
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    return this.req.notify({ method, params } as never);
  }

  request(method: Parameters<RequestChannel["request"]>[0], params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.req.send({ method, params } as never, { signal: this.req.signal }) as Promise<Record<string, unknown>>;
  }
}
