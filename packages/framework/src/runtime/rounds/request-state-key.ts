// The key that signs 2026-07-28 `requestState` (input rounds). No SDK here: `serve()` checks the
// configured key at start-up, before a stdio server has loaded the SDK.
import { TypemcpError } from "../../errors/typemcp-error.js";

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
