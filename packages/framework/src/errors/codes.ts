/**
 * Every error typemcp raises, by family. Branch on these codes, never on message text.
 *
 * - `build`: the build cannot derive a tool from a signature; it stops and names file:line.
 * - `protocol`: a malformed or unanswerable request; the client gets a JSON-RPC error (the
 *   transports answer unparseable JSON with `PARSE_ERROR`'s -32700 themselves).
 * - `tool`: a call reached a tool and failed; the model gets an `isError: true` result.
 * - `host`: the host side (`typemcp list`/`call`/`chat`, the provider adapters) cannot do what was
 *   asked; `exitCode` is what the CLI exits with.
 */
export const ERROR_CODES = {
  UNSUPPORTED_SIGNATURE: { family: "build" },
  TYPE_CHECK_FAILED: { family: "build" },
  DUPLICATE_TOOL_NAME: { family: "build" },
  DUPLICATE_RESOURCE_URI: { family: "build" },
  DUPLICATE_PROMPT_NAME: { family: "build" },
  NOT_BUILT: { family: "build" },
  INVALID_CONFIGURATION: { family: "build" },
  INVALID_SKILL: { family: "build" },
  PARSE_ERROR: { family: "protocol", jsonRpc: -32700 },
  INVALID_REQUEST: { family: "protocol", jsonRpc: -32600 },
  UNKNOWN_TOOL: { family: "protocol", jsonRpc: -32602 },
  UNKNOWN_PROMPT: { family: "protocol", jsonRpc: -32602 },
  INVALID_PARAMS: { family: "protocol", jsonRpc: -32602 },
  // -32602 since MCP 2026-07-28 (the SDK sends it in both eras; 2025-11-25 had -32002).
  RESOURCE_NOT_FOUND: { family: "protocol", jsonRpc: -32602 },
  // -32602, as the Skills extension (SEP-2640) answers a URI that names no skill it serves.
  UNKNOWN_SKILL: { family: "protocol", jsonRpc: -32602 },
  METHOD_FAILED: { family: "protocol", jsonRpc: -32603 },
  STORE_UNAVAILABLE: { family: "protocol", jsonRpc: -32603 },
  // -32602, as 2025-11-25 tasks answer an invalid or nonexistent taskId.
  TASK_NOT_FOUND: { family: "protocol", jsonRpc: -32602 },
  // A server error (JSON-RPC's -32000 range): the request was fine, the server is full.
  TASK_LIMIT_REACHED: { family: "protocol", jsonRpc: -32000 },
  // A server error too: the request was fine, its caller made too many (the rateLimit middleware).
  RATE_LIMITED: { family: "protocol", jsonRpc: -32000 },
  // The store answered, with an error (a Redis error reply such as WRONGTYPE): retrying will not help.
  STORE_REFUSED: { family: "protocol", jsonRpc: -32603 },
  INVALID_ARGUMENTS: { family: "tool" },
  TOOL_FAILED: { family: "tool" },
  INTERNAL_TOOL_ERROR: { family: "tool" },
  INVALID_RESULT: { family: "tool" },
  HOST_USAGE: { family: "host", exitCode: 2 },
  HOST_CONFIG_INVALID: { family: "host", exitCode: 2 },
  HOST_ARGUMENT_INVALID: { family: "host", exitCode: 2 },
  HOST_TOOL_NOT_FOUND: { family: "host", exitCode: 2 },
  HOST_SERVER_UNAVAILABLE: { family: "host", exitCode: 3 },
  HOST_REQUEST_FAILED: { family: "host", exitCode: 3 },
  HOST_CALL_REFUSED: { family: "host", exitCode: 4 },
  HOST_PROVIDER_SETUP: { family: "host", exitCode: 2 },
  HOST_PROVIDER_UNAVAILABLE: { family: "host", exitCode: 3 },
  HOST_STEP_LIMIT: { family: "host", exitCode: 5 },
  HOST_CANCELLED: { family: "host", exitCode: 130 },
  // A tool ran and answered isError: true, seen through a typed client (createToolApi) or code mode.
  HOST_TOOL_FAILED: { family: "host", exitCode: 1 },
} as const;

/** The name of one typemcp error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The family an error code belongs to: build-time, protocol, tool execution or host side. */
export type ErrorFamily = (typeof ERROR_CODES)[ErrorCode]["family"];

/** The error codes of one family. */
export type CodeOf<F extends ErrorFamily> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]["family"] extends F ? C : never;
}[ErrorCode];
