import { TypemcpError } from "../errors/typemcp-error.js";

/**
 * Checks, at start-up, that instances sharing Redis also share the key that signs 2026-07-28
 * `requestState` (`MCP_REQUEST_STATE_KEY`): with a random key per process, an input round
 * started on one instance would be refused on the next. Throws INVALID_CONFIGURATION in words.
 * (A key that is set but too short is refused by `configuredRequestStateKey()` in runtime/sdk/request-state-codec.ts.)
 */
export function assertSharedRequestStateKey(env: NodeJS.ProcessEnv): void {
  const key = env.MCP_REQUEST_STATE_KEY;
  const fix = "set MCP_REQUEST_STATE_KEY to the same secret of at least 32 bytes on every instance (e.g. `openssl rand -base64 48`)";
  if (key === undefined || key === "") {
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `--redis runs this server as one of several instances, which must share the key that signs requestState: ${fix}.`,
    });
  }
}
