import { HostError } from "../host-error.js";

/**
 * Turns what a provider SDK throws into a HostError in plain words. The three official SDKs
 * agree on the shape: an API error carries the HTTP `status`; a connection error has none and
 * keeps the network failure as its `cause`. An abort is a cancellation.
 */
export function toProviderFailure(error: unknown, where: { provider: string; endpoint: string; model: string; what: string }): HostError {
  if (error instanceof HostError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError" || name === "APIUserAbortError") return new HostError("HOST_CANCELLED", "Cancelled.", { cause: error });
  const status = (error as { status?: unknown } | null)?.status ?? (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof status === "number") {
    const said = firstLine(message);
    if (status === 401 || status === 403) {
      return new HostError("HOST_PROVIDER_SETUP", `${where.provider} at ${where.endpoint} refused the API key (HTTP ${status}): ${said}`, { cause: error });
    }
    if (status === 404)
      return new HostError("HOST_PROVIDER_SETUP", `${where.provider} at ${where.endpoint} does not know the model "${where.model}" (HTTP 404): ${said}`, {
        cause: error,
      });
    return new HostError("HOST_PROVIDER_UNAVAILABLE", `${where.provider} at ${where.endpoint} answered ${where.what} with HTTP ${status}: ${said}`, {
      cause: error,
    });
  }
  return new HostError("HOST_PROVIDER_UNAVAILABLE", `Could not reach ${where.provider} at ${where.endpoint} (${where.what}): ${withCause(error, message)}`, {
    cause: error,
  });
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
