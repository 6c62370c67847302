import { ProtocolError } from "../../errors/protocol-error.js";
import type { CodeOf } from "../../errors/codes.js";

// JSON-RPC codes a remote server answers with when the request named something it lacks or
// was malformed: -32602 (invalid params, the 2025-11-25 answer for an unknown resource) and
// -32002 (the resource-not-found code servers used before it).
const CALLER_MISTAKES = new Set([-32602, -32002]);

/**
 * A remote server's failure on a request the gateway forwarded (`resources/read`,
 * `prompts/get`, `completion/complete`), as the JSON-RPC error the gateway answers with: the
 * caller's mistake (`mistake`: an unknown resource or prompt, bad arguments) where the remote
 * server said so, else METHOD_FAILED; the message names what was asked and quotes the remote.
 */
export function toRemoteFailure(error: unknown, what: string, mistake: CodeOf<"protocol">): ProtocolError {
  const message = error instanceof Error ? error.message : String(error);
  const code = rpcCodeOf(error);
  return new ProtocolError(
    code !== undefined && CALLER_MISTAKES.has(code) ? mistake : "METHOD_FAILED",
    `${what} is served by another MCP server, which failed: ${message}`,
    { cause: error },
  );
}

// The numeric code of the SDK's error, which the host's own error may wrap.
function rpcCodeOf(error: unknown): number | undefined {
  for (let at = error, depth = 0; at !== null && typeof at === "object" && depth < 4; depth++) {
    const { code, cause } = at as { code?: unknown; cause?: unknown };
    if (typeof code === "number") return code;
    at = cause;
  }
  return undefined;
}
