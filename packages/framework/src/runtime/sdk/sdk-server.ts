/**
 * The SDK's low-level `Server`, answering the way typemcp answers, through the hook the SDK gives
 * its subclasses for exactly this: `_wrapHandler`, which "wraps a registered request handler
 * with role-specific validation or behavior" (the SDK's own `Server` validates `tools/call`
 * results in it). Every reply is made inside the handler the SDK dispatches to; nothing is
 * rewritten on its way out, and no transport the SDK is connected to is touched.
 */
import { CLIENT_CAPABILITIES_META_KEY, Server, type JSONRPCRequest, type ServerContext, type ServerOptions } from "@modelcontextprotocol/server";
import type { DirectAnswer } from "./sdk-direct-call.js";
import { toInvalidParams } from "../validation/invalid-params.js";
import { TaskHandle, type ClientCapabilities, type ServerInfo } from "./protocol-types.js";
import { withTakenOffers, type ExtensionOffers } from "../extension-offers.js";

export type { ExtensionOffers };

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Record<string, unknown>>;

const isHandshake = (method: string) => method === "initialize" || method === "server/discover";

/**
 * An SDK `Server` whose replies say what was wrong with invalid params in words (-32602, not the
 * SDK's raw zod issue list), carry the `offers` a client takes in its `initialize` or
 * `server/discover` answer, and answer a `tools/call` with a task handle when its handler returns
 * a {@link TaskHandle}.
 */
export class SdkServer extends Server {
  /**
   * Serves a plain `tools/call` past the SDK's dispatcher on a connection that allows it (see
   * direct-door.ts); set once the server's tools/call handler is registered.
   */
  directAnswer: DirectAnswer | undefined;
  /** Registers typemcp's handlers, until it has run (see `deferHandlers`). */
  private pendingHandlers: (() => void) | undefined;
  /** Whether a door tells this server when a request needs its handlers (`handlersOnDemand`). */
  private onDemand = false;

  constructor(
    /** Who the server is, as the SDK stamps it into every 2026-07-28 result's `_meta`. */
    readonly identity: Omit<ServerInfo, "instructions">,
    options: ServerOptions,
    private readonly offers: ExtensionOffers = {},
  ) {
    super(identity, options);
  }

  /**
   * Leaves `register` (which adds typemcp's handlers) until a request needs them, or until the
   * server is connected to a transport that does not say when that is (see `handlersOnDemand`).
   * A session that is opened and never used so holds none of its handlers: an idle session's
   * memory is mostly what registering them makes (the SDK's wrappers and ours, per method).
   */
  deferHandlers(register: () => void): void {
    this.pendingHandlers = register;
  }

  /** Told when the door in front of this server's transport calls `handlersReady` before every request that needs them. */
  handlersOnDemand(): void {
    this.onDemand = true;
  }

  /** Registers the deferred handlers now, if not yet done. */
  handlersReady(): void {
    const register = this.pendingHandlers;
    if (register === undefined) return;
    this.pendingHandlers = undefined;
    register();
  }

  override connect(transport: Parameters<Server["connect"]>[0]): Promise<void> {
    if (!this.onDemand) this.handlersReady();
    return super.connect(transport);
  }

  // Runs for every handler, the SDK's own (initialize, server/discover) included, from inside the
  // SDK's constructor: the wrapper reads `this.offers` only when a request arrives.
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    // A task handle leaves the SDK's check of tool results (which knows only tool results) by an
    // exit of its own, past the check; the request was checked before the handler ran.
    const checked = super._wrapHandler(method, method === "tools/call" ? exitWithTask(handler) : handler) as Handler;
    const handshake = isHandshake(method);
    return async (request, ctx) => {
      try {
        const result = await checked(request, ctx);
        return handshake ? withOffers(result, request.params, ctx.mcpReq.envelope, this.offers) : result;
      } catch (error) {
        if (error instanceof TaskExit) return error.result;
        throw toInvalidParams(method, error) ?? error;
      }
    };
  }
}

/** Carries a task handle out of the SDK's `tools/call` wrapper, past its check of tool results. */
class TaskExit {
  constructor(readonly result: Record<string, unknown>) {}
}

function exitWithTask(handler: Handler): Handler {
  return async (request, ctx) => {
    const result: unknown = await handler(request, ctx);
    if (result instanceof TaskHandle) throw new TaskExit(result.result);
    return result as Record<string, unknown>;
  };
}

// The extensions of `offers` that the client declared too, added to the capabilities of an
// `initialize` answer (the client's in its params) or a `server/discover` one (in the request's
// `_meta` envelope, which the SDK lifts out of the params before any handler runs).
function withOffers(
  result: Record<string, unknown>,
  params: Record<string, unknown> | undefined,
  envelope: Record<string, unknown> | undefined,
  offers: ExtensionOffers,
): Record<string, unknown> {
  const client = (params?.capabilities ?? envelope?.[CLIENT_CAPABILITIES_META_KEY]) as ClientCapabilities | undefined;
  return withTakenOffers(result, client, offers);
}
