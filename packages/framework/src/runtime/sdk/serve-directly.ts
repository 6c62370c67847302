import type { ServerContext } from "@modelcontextprotocol/server";
import type { AuthInfo } from "../identity/auth-info.js";
import type { CallerIdentity } from "../identity/caller-identity.js";
import { askForInput } from "./input-required.js";
import { InputNeeded, InputRound } from "../rounds/input-round.js";
import { TaskHandle, type ClientCapabilities, type Era, type ProtocolServer, type RequestExtra } from "./protocol-types.js";
import { requestStateKey } from "./request-state-codec.js";
import { toRoundBinding } from "../rounds/round-state.js";
import { HandlerExtra } from "./handler-extra.js";
import type { SdkServer } from "./sdk-server.js";
import { fromWireAuth } from "./wire-auth.js";
import { toJsonRpcError } from "../to-json-rpc-error.js";

/** What serving a call directly reads of its protocol endpoint: its SDK server, its era, and how it names a caller. */
export interface DirectRegistry {
  readonly server: SdkServer;
  readonly era: Era;
  identify(ctx: ServerContext, auth: AuthInfo | undefined): CallerIdentity;
}

type Handler = Parameters<ProtocolServer["handle"]>[1];

// The direct branch of tools/call (direct-door.ts, sdk-direct-call.ts): the same handler, with a
// context of the same shape, for a plain call on a connection of ours (stdio, in memory, a kept
// HTTP lane), in either era.
export function serveDirectly(registry: DirectRegistry, handler: Handler): void {
  const { server, era } = registry;
  // The caller of such a connection is the same for every call on it.
  let known: { sessionId: string | undefined; caller: CallerIdentity } | undefined;
  const callerOf = (sessionId: string | undefined): CallerIdentity => {
    if (known === undefined || known.sessionId !== sessionId) known = { sessionId, caller: registry.identify({ sessionId } as ServerContext, undefined) };
    return known.caller;
  };
  server.directAnswer = ({ params, http, envelope }, call) => {
    const sessionId = server.transport?.sessionId;
    const auth = fromWireAuth(http?.authInfo);
    // A lane's request names its caller (a token, else its address), as the SDK's context would.
    const caller = http ? registry.identify({ sessionId, http: { req: http.request, authInfo: http.authInfo } } as ServerContext, auth) : callerOf(sessionId);
    // What the SDK's context gives such a request: on 2025-11-25 no envelope and no input rounds;
    // on 2026-07-28 the envelope's capabilities and log level, and a first round (no requestState).
    const extra = new HandlerExtra(call, {
      requestId: call.requestId,
      sessionId,
      era,
      meta: envelope ? envelope.meta : (params._meta as Record<string, unknown> | undefined),
      clientCapabilities: envelope ? envelope.clientCapabilities : (server.getClientCapabilities() as ClientCapabilities | undefined),
      logLevel: envelope?.logLevel as RequestExtra["logLevel"],
      input: envelope ? new InputRound({}) : undefined,
      inputResponses: undefined,
      auth,
      caller,
    });
    // One reaction on the handler's promise, no async function and its await: fewer promises
    // per call (each also costs a context manager's hooks when an OpenTelemetry SDK is registered).
    let answered: Promise<unknown>;
    try {
      answered = Promise.resolve(handler(params, extra));
    } catch (error) {
      answered = Promise.reject(error);
    }
    return answered.then(
      (result) => (result instanceof TaskHandle ? result.result : result),
      (error: unknown) => {
        if (error instanceof InputNeeded && extra.input) return askForInput(extra.input, toRoundBinding("tools/call", params, caller.key, requestStateKey()));
        throw toJsonRpcError(error);
      },
    );
  };
}
