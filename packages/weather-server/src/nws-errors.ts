import { ToolError } from "typemcp";

/** An RFC 7807 problem document, as the NWS API sends with its errors (`application/problem+json`). */
export interface ProblemDocument {
  readonly type?: string;
  readonly title?: string;
  readonly detail?: string;
}

/** One failed attempt at an NWS request, as the HTTP client saw it. */
export type NwsFailure =
  | { readonly kind: "timeout"; readonly timeoutMs: number }
  | { readonly kind: "unreachable"; readonly code: string | undefined; readonly cause: unknown }
  | {
      readonly kind: "status";
      readonly status: number;
      readonly problem: ProblemDocument | undefined;
      readonly contentType: string;
      readonly body: string;
      /** What `Retry-After` asked for, in milliseconds. */
      readonly retryAfterMs: number | undefined;
    }
  | { readonly kind: "not-json"; readonly status: number; readonly contentType: string; readonly body: string }
  | { readonly kind: "unexpected"; readonly what: string }
  /** The body was longer than the client reads; abandoned unread. */
  | { readonly kind: "too-large"; readonly limitBytes: number }
  /** A redirect this client does not follow (to another host, or too many). */
  | { readonly kind: "redirect"; readonly status: number; readonly location: string; readonly reason: string }
  /** The caller cancelled the request (the client sent `notifications/cancelled`, or left). */
  | { readonly kind: "cancelled"; readonly reason: unknown };

/** Where the failure happened, for the message. */
export interface FailedRequest {
  readonly url: URL;
  /** How many times the request was sent. */
  readonly attempts: number;
}

const NWS = "The National Weather Service";

/**
 * Turns a failed NWS request into the `ToolError` a model reads: what went wrong, in words, and
 * what to do about it. The failure is kept as `cause`.
 */
export function toWeatherError(failure: NwsFailure, request: FailedRequest): ToolError {
  return new ToolError(messageFor(failure, request), { cause: failure.kind === "unreachable" ? failure.cause : failure });
}

/** The error for a point the API knows but has no forecast for (over open water, say). */
export function noForecastError(latitude: number, longitude: number): ToolError {
  return new ToolError(
    `${NWS} has no forecast for ${latitude},${longitude}: the point is in its area but belongs to no forecast grid, ` +
      "as happens over open water. Try the coordinates of a nearby place on land.",
  );
}

function messageFor(failure: NwsFailure, request: FailedRequest): string {
  const what = `GET ${request.url.pathname}${request.url.search}`;
  const tried = request.attempts > 1 ? `tried ${request.attempts} times` : "";
  switch (failure.kind) {
    case "timeout":
      return `${NWS} did not answer ${what} within ${formatMs(failure.timeoutMs)} (the time limit for each request), so it was abandoned. The service may be slow or overloaded; try again in a minute.`;
    case "unreachable":
      return `${NWS} is unreachable at ${request.url.origin} (${[describeNetworkError(failure.code), tried].filter(Boolean).join(", ")}). The service or the network is down; try again later, and tell the user if it persists.`;
    case "not-json":
      return `${NWS} answered ${what} with HTTP ${failure.status} and a body that is not JSON (${describeBody(failure)}). The service may be under maintenance; try again later.`;
    case "unexpected":
      return `${NWS} answered ${what} with JSON in an unexpected shape: ${failure.what}. The API may have changed; try again later, and tell the user if it persists.`;
    case "status":
      return statusMessage(failure, what, tried);
    case "too-large":
      return `${NWS} answered ${what} with more than ${formatBytes(failure.limitBytes)}, more than this server reads from it, so the answer was abandoned. Ask about a smaller area, or try again later.`;
    case "redirect":
      return `${NWS} answered ${what} with HTTP ${failure.status}, a redirect to ${failure.reason} (${failure.location}), which this server does not follow. The service may be misconfigured; try again later, and tell the user if it persists.`;
    case "cancelled":
      return `The call was cancelled while waiting on the National Weather Service (${what}), so the request was abandoned and not retried.`;
  }
}

function statusMessage(failure: Extract<NwsFailure, { kind: "status" }>, what: string, tried: string): string {
  const { status, problem } = failure;
  if (status === 404 && problem?.type?.endsWith("/InvalidPoint")) {
    const said = [sentence(problem.title), sentence(problem.detail)].filter(Boolean).join(" ");
    return `${said} ${NWS} covers the US only (the states, territories and nearby waters): ask about a location in the United States.`.trim();
  }
  const said = problem
    ? `"${problem.title ?? "Error"}"${problem.detail ? `: ${sentence(problem.detail)}` : "."}`
    : `no error report (${describeBody(failure)}).`;
  return `${NWS} answered ${what} with HTTP ${status}${tried ? ` (${tried})` : ""}: ${said} ${adviceFor(failure)}`.trim();
}

function adviceFor(failure: Extract<NwsFailure, { kind: "status" }>): string {
  if (failure.status === 429) {
    const wait = failure.retryAfterMs === undefined ? "a few seconds" : formatMs(failure.retryAfterMs);
    return `It is limiting how often it may be called; wait ${wait} and try again.`;
  }
  if (failure.status === 403)
    return "It refuses requests without a User-Agent that identifies the application; the server's operator should set NWS_USER_AGENT.";
  if (failure.status >= 500) return "This is usually temporary; try again in a minute.";
  return "";
}

function describeNetworkError(code: string | undefined): string {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return "connection closed unexpectedly";
    case undefined:
      return "network error";
    default:
      return `network error ${code}`;
  }
}

function describeBody({ contentType, body }: { contentType: string; body: string }): string {
  const type = contentType ? `content type "${contentType.split(";")[0]!.trim()}"` : "no content type";
  const text = body.replace(/\s+/g, " ").trim();
  if (!text) return `${type}, empty`;
  return `${type}, starting ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}`;
}

function sentence(text: string | undefined): string {
  if (!text) return "";
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB` : `${bytes} bytes`;
}

function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
