import { ProviderReplyError } from "./provider-reply-error.js";
import { createWireFetch, type ProviderWireListener } from "./wire-fetch.js";

/** How the host talks HTTP to a model provider, whichever SDK sends the request. */
export interface ProviderFetchOptions {
  /** Bounds each attempt, from sending the request to the last byte of the answer. */
  readonly timeoutMs: number;
  /** Further attempts after a 429 or a 5xx (default 2). */
  readonly retries?: number;
  /** First backoff when the provider sends no `retry-after`, doubled each retry (default 500 ms). */
  readonly backoffMs?: number;
  /** Told before each retry, with what happened and how long the host waits. */
  readonly onRetry?: (text: string) => void;
  readonly inner?: typeof fetch;
}

/** The default of `retries`. */
export const DEFAULT_PROVIDER_RETRIES = 2;
// A provider that asks for more than this is not coming back within a chat turn.
const LONGEST_WAIT_MS = 60_000;
const RETRIED = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

/**
 * A `fetch` for the provider SDKs, so all three behave the same (their own retries are off):
 * each attempt is bounded by `timeoutMs`; a 429 or 5xx is retried with exponential backoff, or
 * after the provider's `retry-after`/`retry-after-ms`; a 2xx whose body is `{"error": …}` (as
 * gateways send) or is not JSON at all becomes a `ProviderReplyError`, which the SDK passes on as
 * the cause of its connection error, instead of a body the SDK would misread. Streamed bodies
 * are passed through as they are.
 */
export function createProviderFetch(options: ProviderFetchOptions): typeof fetch {
  const inner = options.inner ?? fetch;
  const retries = options.retries ?? DEFAULT_PROVIDER_RETRIES;
  return async (input, init) => {
    const what = `${init?.method ?? "GET"} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`;
    for (let attempt = 0; ; attempt++) {
      const stall = new ProviderReplyError("stall", `gave no answer to ${what} within ${seconds(options.timeoutMs)} (--timeout)`);
      const bound = boundedSignal(options.timeoutMs, stall, init?.signal ?? undefined);
      let response: Response;
      let text: string;
      try {
        response = await inner(input, { ...init, signal: bound.signal });
        // A stream is bounded by its silences, not its length: each chunk restarts the clock.
        if (isStream(response) && response.body) return new Response(response.body.pipeThrough(bound.restartOnEachChunk()), response);
        text = await response.text();
      } catch (error) {
        if (bound.signal.reason === stall) throw stall;
        throw error;
      } finally {
        bound.stopUnlessStreaming();
      }
      const wait = attempt < retries && RETRIED.has(response.status) ? waitBefore(response.headers, attempt, options.backoffMs ?? 500) : undefined;
      if (wait !== undefined && wait <= LONGEST_WAIT_MS) {
        options.onRetry?.(`${what} answered HTTP ${response.status}; retry ${attempt + 1} of ${retries} in ${seconds(wait)}.`);
        await sleep(wait, init?.signal ?? undefined);
        continue;
      }
      if (response.ok) assertAnswer(text, what);
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
  };
}

// The signal an attempt runs under: the caller's, and the host's clock, which a stream restarts on
// every chunk and stops at its end.
function boundedSignal(timeoutMs: number, stall: Error, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const abort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", abort, { once: true });
  if (outer?.aborted) abort();
  // Unref'd: a stream the SDK stops reading must not hold the process open until the clock runs out.
  const start = () => setTimeout(() => controller.abort(stall), timeoutMs).unref();
  let timer = start();
  let streaming = false;
  const stop = () => {
    clearTimeout(timer);
    outer?.removeEventListener("abort", abort);
  };
  return {
    signal: controller.signal,
    restartOnEachChunk: () => {
      streaming = true;
      return new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          clearTimeout(timer);
          timer = start();
          out.enqueue(chunk);
        },
        flush: stop,
      });
    },
    stopUnlessStreaming: () => {
      if (!streaming) stop();
    },
  };
}

function isStream(response: Response): boolean {
  // Server-sent events (the SDKs), or JSON lines (Ollama).
  return response.ok && /text\/event-stream|application\/x-ndjson/.test(response.headers.get("content-type") ?? "");
}

// A 2xx body must be JSON, and not an error wrapped in a success.
function assertAnswer(text: string, what: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderReplyError(
      "malformed",
      `answered ${what} with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}${text.length > 80 ? "…" : ""}`,
    );
  }
  const error = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as { error?: unknown }).error : undefined;
  if (error !== undefined && error !== null) throw new ProviderReplyError("error-body", `answered ${what} with an error in a 200 body: ${errorText(error)}`);
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" ? message : JSON.stringify(error).slice(0, 200);
}

/** How long to wait before retry `attempt` (0-based): what the provider asked for, else backoff with jitter. */
export function waitBefore(headers: Headers, attempt: number, backoffMs: number): number {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get("retry-after");
  if (after !== null) {
    const secs = Number(after);
    if (after.trim() !== "" && Number.isFinite(secs) && secs >= 0) return secs * 1000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return Math.round(backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", stop, { once: true });
  });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** What every model adapter takes about HTTP: `--timeout`, `--retries`, `--verbose`. */
export interface ProviderHttpOptions {
  /** Bounds each model request (default 120 s: a long answer takes longer than an MCP request). */
  timeoutMs?: number;
  /** Retries after a 429 or 5xx (default 2). */
  retries?: number;
  onWire?: ProviderWireListener;
  /** Told what the host did that the user did not ask for: a retry, a model the endpoint does not list. */
  onNotice?: (text: string) => void;
}

/** The default of `timeoutMs` for model requests. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** The `fetch` an adapter gives its SDK: bounded and retried as above, logged under `--verbose`. */
export function providerFetchFor(options: ProviderHttpOptions): typeof fetch {
  return createProviderFetch({
    timeoutMs: options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_PROVIDER_RETRIES,
    ...(options.onNotice && { onRetry: options.onNotice }),
    ...(options.onWire && { inner: createWireFetch(options.onWire) }),
  });
}
