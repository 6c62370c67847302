// The error reply of the SDK's dispatcher, made without the SDK: the direct tools/call branch
// (sdk-direct-call.ts) and a stdio connection's early answers (early/early-session.ts), which runs
// before the SDK is loaded, both send it. The codes are JSON-RPC's own.

/**
 * The reply the SDK's dispatcher sends for a handler that threw `error`: its numeric `code` (else
 * -32603; the 2025-11-25 wire has no -32002, so it reads -32602 there), its `message` (else
 * "Internal error") and its `data` when there is some.
 */
export function errorReply(id: string | number, error: unknown): Record<string, unknown> {
  const thrown = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = Number.isSafeInteger(thrown.code) ? (thrown.code as number) : -32603;
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: code === -32002 ? -32602 : code,
      message: thrown.message ?? "Internal error",
      ...(thrown.data !== undefined && { data: thrown.data }),
    },
  };
}
