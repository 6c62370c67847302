import type { OtelApi } from "./otel-api.js";

/** Ends `span`, marked failed with `error.type` when the request failed, as the MCP semantic conventions ask. */
export function endSpan(otel: typeof OtelApi, span: OtelApi.Span, errorType: string | undefined): void {
  if (errorType !== undefined) {
    span.setAttribute("error.type", errorType);
    span.setStatus({ code: otel.SpanStatusCode.ERROR });
  }
  span.end();
}

/** Whether a result is a tool's `isError` result: `error.type` is then `tool_error`. */
export function isToolErrorResult(result: unknown): boolean {
  return (result as { isError?: unknown } | null | undefined)?.isError === true;
}
