import type { NwsFailure } from "./nws-errors.js";

/** How a request is retried. */
export interface RetryPolicy {
  /** Retries after the first attempt; the API is asked at most `retries + 1` times. */
  readonly retries: number;
  /** The wait before the first retry, doubled before each next one. */
  readonly baseDelayMs: number;
  /** The longest wait worth making; a `Retry-After` asking for more fails the request at once. */
  readonly maxDelayMs: number;
}

/**
 * How long to wait before retrying after `failure` on attempt `attempt` (0 for the first), or
 * undefined when it should not be retried. Rate limits (429), server errors (5xx) and network
 * errors are worth another try; a timeout is not, since the limit already says how long is too
 * long, nor is a cancelled request, nor any other answer the API gave on purpose.
 */
export function retryDelayMs(failure: NwsFailure, attempt: number, policy: RetryPolicy): number | undefined {
  if (attempt >= policy.retries) return undefined;
  const retryable = failure.kind === "unreachable" || (failure.kind === "status" && (failure.status === 429 || failure.status >= 500));
  if (!retryable) return undefined;
  const asked = failure.kind === "status" ? failure.retryAfterMs : undefined;
  const delay = asked ?? policy.baseDelayMs * 2 ** attempt;
  return delay <= policy.maxDelayMs ? delay : undefined;
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: either delay-seconds or an
 * HTTP-date (RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names its day and month ("Fri, 23 Feb 2024 18:00:07 GMT"); Date.parse alone
  // would also take "-3" as a year.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
