import { setTimeout as sleep } from "node:timers/promises";
import { toWeatherError, type NwsFailure, type ProblemDocument } from "./nws-errors.js";
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from "./retry-policy.js";

/** How every request to the API is made. */
export interface FetchJsonOptions {
  /** Request headers: the API requires a `User-Agent` and answers GeoJSON for `Accept: application/geo+json`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The limit on each attempt, from sending the request to reading the last byte of the body. */
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  /** The largest response body read, in bytes; a longer one is abandoned unread. */
  readonly maxResponseBytes: number;
}

/** Redirects followed per request, each to the same origin as the request. */
const MAX_REDIRECTS = 3;

type Attempt = { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly failure: NwsFailure };

/**
 * GETs `url` and parses its JSON body, retrying as `options.retry` allows. Every failure,
 * including the last one after retries, is thrown as a ToolError written for the model.
 * When `cancel` fires, the request in flight or the wait before a retry stops at once, and
 * nothing more is sent.
 */
export async function fetchJson(url: URL, options: FetchJsonOptions, cancel?: AbortSignal): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const result = await attemptOnce(url, options, cancel);
    if (result.ok) return result.body;
    const delay = retryDelayMs(result.failure, attempt, options.retry);
    if (delay === undefined) throw toWeatherError(result.failure, { url, attempts: attempt + 1 });
    if (!(await waitUnlessCancelled(delay, cancel))) throw toWeatherError({ kind: "cancelled", reason: cancel?.reason }, { url, attempts: attempt + 1 });
  }
}

async function attemptOnce(url: URL, options: FetchJsonOptions, cancel: AbortSignal | undefined): Promise<Attempt> {
  // One time limit covers the whole exchange: a server that sends headers and then stalls the
  // body is as stuck as one that never answers.
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    const followed = await fetchSameOrigin(url, options, signal);
    if ("failure" in followed) return { ok: false, failure: followed.failure };
    response = followed.response;
    const read = await readLimited(response, options.maxResponseBytes);
    if (read === undefined) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, failure: { kind: "too-large", limitBytes: options.maxResponseBytes } };
    }
    text = read;
  } catch (error) {
    // Asked first: fetch rejects with whatever reason the canceller gave, which says nothing
    // reliable about its kind, and a cancelled request must be neither retried nor called slow.
    if (cancel?.aborted) return { ok: false, failure: { kind: "cancelled", reason: cancel.reason } };
    return { ok: false, failure: toNetworkFailure(error, options.timeoutMs) };
  }
  const contentType = response.headers.get("content-type") ?? "";
  const body = parseJson(text);
  if (!response.ok) {
    return {
      ok: false,
      failure: {
        kind: "status",
        status: response.status,
        problem: toProblem(body),
        contentType,
        body: text,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      },
    };
  }
  if (body === undefined) return { ok: false, failure: { kind: "not-json", status: response.status, contentType, body: text } };
  return { ok: true, body: body.value };
}

/**
 * GETs `url`, following a redirect only to the same origin (scheme, host and port): the API has
 * no reason to send a client elsewhere, and a redirect to another host (an internal address, a
 * cloud metadata endpoint) is exactly what a compromised or spoofed upstream would try.
 */
async function fetchSameOrigin(url: URL, options: FetchJsonOptions, signal: AbortSignal): Promise<{ response: Response } | { failure: NwsFailure }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { headers: options.headers, signal, redirect: "manual" });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
    if (location === null) return { response };
    await response.body?.cancel().catch(() => undefined);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return { failure: { kind: "redirect", status: response.status, location: location.slice(0, 200), reason: "an invalid URL" } };
    }
    if (next.origin !== url.origin) return { failure: { kind: "redirect", status: response.status, location: next.origin, reason: "another host" } };
    if (hop >= MAX_REDIRECTS)
      return { failure: { kind: "redirect", status: response.status, location: next.pathname, reason: `more than ${MAX_REDIRECTS} redirects` } };
    current = next;
  }
}

/** The body as text, or undefined as soon as it is known to exceed `limit` bytes (declared or read). */
async function readLimited(response: Response, limit: number): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return undefined;
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

/** Waits `ms`; false, as soon as it happens, when `cancel` fires first. */
async function waitUnlessCancelled(ms: number, cancel: AbortSignal | undefined): Promise<boolean> {
  if (!cancel) {
    await sleep(ms);
    return true;
  }
  return sleep(ms, true, { signal: cancel }).catch(() => false);
}

function toNetworkFailure(error: unknown, timeoutMs: number): NwsFailure {
  if (error instanceof Error && error.name === "TimeoutError") return { kind: "timeout", timeoutMs };
  return { kind: "unreachable", code: errorCode(error), cause: error };
}

// fetch wraps the socket error as `cause`; with several addresses to try it is an AggregateError.
function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === "string" ? code : undefined;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function toProblem(body: { value: unknown } | undefined): ProblemDocument | undefined {
  const value = body?.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const { type, title, detail } = value as Record<string, unknown>;
  if (typeof title !== "string" && typeof detail !== "string") return undefined;
  return {
    ...(typeof type === "string" ? { type } : {}),
    ...(typeof title === "string" ? { title } : {}),
    ...(typeof detail === "string" ? { detail } : {}),
  };
}
