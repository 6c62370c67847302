import { HostError } from "../../errors/host-error.js";
import { DEFAULT_PROVIDER_RETRIES } from "./provider-fetch.js";
import { ProviderReplyError } from "./provider-reply-error.js";

/** Where a provider request went, for the one line that says it failed. */
export interface ProviderRequestPlace {
  provider: string;
  endpoint: string;
  model: string;
  what: string;
  /** Retries the provider fetch makes after a 429 or 5xx, to say they were used up. */
  retries?: number;
}

/** Where each request of one adapter goes: `where("POST /v1/messages")`. */
export function requestPlaces(provider: string, endpoint: string, options: { model: string; retries?: number }): (what: string) => ProviderRequestPlace {
  return (what) => ({ provider, endpoint, model: options.model, what, retries: options.retries ?? DEFAULT_PROVIDER_RETRIES });
}

/**
 * Turns what a provider SDK throws into a HostError in plain words. The three official SDKs
 * agree on the shape: an API error carries the HTTP `status`; a connection error has none and
 * keeps the network failure as its `cause`. An abort is a cancellation.
 */
export function toProviderFailure(error: unknown, where: ProviderRequestPlace): HostError {
  if (error instanceof HostError) return error;
  const reply = replyErrorIn(error);
  if (reply) return new HostError("HOST_PROVIDER_UNAVAILABLE", `${where.provider} at ${where.endpoint} ${reply.detail}`, { cause: error });
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError" || name === "APIUserAbortError") return new HostError("HOST_CANCELLED", "Cancelled.", { cause: error });
  const status = (error as { status?: unknown } | null)?.status ?? (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const streamed = status === undefined ? streamErrorIn(error) : undefined;
  if (streamed)
    return new HostError(
      "HOST_PROVIDER_UNAVAILABLE",
      `${where.provider} at ${where.endpoint} answered ${where.what} with an error in the middle of its stream: ${streamed}`,
      { cause: error },
    );
  if (typeof status === "number") {
    const said = firstLine(errorMessageOf(message));
    if (status === 401 || status === 403) {
      return new HostError("HOST_PROVIDER_SETUP", `${where.provider} at ${where.endpoint} refused the API key (HTTP ${status}): ${said}`, { cause: error });
    }
    if (status === 404)
      return new HostError("HOST_PROVIDER_SETUP", `${where.provider} at ${where.endpoint} does not know the model "${where.model}" (HTTP 404): ${said}`, {
        cause: error,
      });
    const gaveUp = where.retries && (status === 429 || status >= 500) ? ` (after ${where.retries} ${where.retries === 1 ? "retry" : "retries"})` : "";
    return new HostError("HOST_PROVIDER_UNAVAILABLE", `${where.provider} at ${where.endpoint} answered ${where.what} with HTTP ${status}${gaveUp}: ${said}`, {
      cause: error,
    });
  }
  return new HostError("HOST_PROVIDER_UNAVAILABLE", `Could not reach ${where.provider} at ${where.endpoint} (${where.what}): ${withCause(error, message)}`, {
    cause: error,
  });
}

// An SDK error with no HTTP status but the provider's own error object: an `error` event inside a
// stream that began with 200 (Anthropic's `event: error`). What the provider said, with its type.
function streamErrorIn(error: unknown): string | undefined {
  const body = (error as { error?: unknown } | null)?.error as { type?: unknown; message?: unknown; error?: unknown } | undefined;
  if (typeof body !== "object" || body === null) return undefined;
  const inner = (typeof body.error === "object" && body.error !== null ? body.error : body) as { type?: unknown; message?: unknown };
  if (typeof inner.message !== "string") return undefined;
  return `${firstLine(inner.message)}${typeof inner.type === "string" && inner.type !== "error" ? ` (${inner.type})` : ""}`;
}

function replyErrorIn(error: unknown): ProviderReplyError | undefined {
  let at = error;
  for (let depth = 0; at && depth < 4; depth++) {
    if (at instanceof ProviderReplyError) return at;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

// The SDKs put the status and the raw body in the message ("503 {\"error\": …}"): keep what the provider said.
function errorMessageOf(message: string): string {
  const rest = message.replace(/^\d{3}\s+/, "");
  try {
    const body = JSON.parse(rest) as { error?: { message?: unknown } | string; message?: unknown };
    const said = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    return typeof said === "string" ? said : rest;
  } catch {
    return rest;
  }
}

function firstLine(text: string): string {
  const line = text.split("\n")[0]!.trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

// "Connection error." says nothing; the reason (ECONNREFUSED, ENOTFOUND) sits in the cause chain.
function withCause(error: unknown, message: string): string {
  let cause = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return message.includes(code) ? message : `${message} (${code})`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}
