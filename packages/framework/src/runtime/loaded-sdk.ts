/**
 * The SDK's part of the runtime, reached without importing it: a stdio server answers its first
 * requests before it loads the MCP SDK (see transports/stdio-handover.ts), so no module on
 * its start-up path may import the SDK modules. They provide themselves here when they are
 * evaluated (runtime/sdk/sdk.ts); the stdio entry imports them when it needs them (transports/connect-stdio.ts).
 */
import type { createProtocolServer } from "./protocol-server.js";
import type { toInputRequest } from "./sdk/input-required.js";

/** What SDK-free modules call of the SDK modules, once loaded. */
export interface LoadedSdk {
  readonly createProtocolServer: typeof createProtocolServer;
  readonly toInputRequest: typeof toInputRequest;
}

let loaded: LoadedSdk | undefined;

/** Called once by the SDK modules as they are evaluated. */
export function provideSdk(sdk: LoadedSdk): void {
  loaded = sdk;
}

/**
 * The SDK's part, which every caller reaches only after it was loaded: a protocol server is
 * made by a transport's entry, and each entry imports the SDK modules (stdio once a message needs them).
 */
export function loadedSdk(): LoadedSdk {
  if (loaded === undefined) throw new Error("typemcp internal error: the MCP SDK modules are used before they were loaded (see runtime/loaded-sdk.ts)");
  return loaded;
}
