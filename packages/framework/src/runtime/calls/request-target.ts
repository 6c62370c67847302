/** What a request is about: the tool or prompt name, the resource URI; undefined for a list or a setting. */
export function requestTarget(method: string, params: Readonly<Record<string, unknown>>): string | undefined {
  if (method === "tools/call" || method === "prompts/get") return typeof params.name === "string" ? params.name : undefined;
  if (method.startsWith("resources/") && typeof params.uri === "string") return params.uri;
  return undefined;
}

/** How a request ended, as the logging and timing middleware report it. */
export type RequestOutcome = "ok" | "tool_error" | "error";

/** `ok`, `tool_error` for a tool result with `isError`, or `error` for a JSON-RPC error. */
export function outcomeOf(result: unknown, failed: boolean): RequestOutcome {
  if (failed) return "error";
  return (result as { isError?: unknown } | undefined)?.isError === true ? "tool_error" : "ok";
}
