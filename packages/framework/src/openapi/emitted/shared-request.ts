// The code every file `typemcp openapi` writes shares, kept as a module so that it is
// type-checked and linted like the rest of typemcp. The generator copies the two regions below
// verbatim into each generated file (through shared-request-text.ts, which
// `node scripts/openapi-shared-request.mjs` rewrites): the first at the top level, the second into
// the class. Everything outside them is here only to type-check them. They keep to what
// TypeScript 5.0's libraries declare (no AbortSignal.any, no URL.canParse), as typemcp does.
import { ToolError } from "../../errors/tool-error.js";
import type { Context } from "../../runtime/context.js";

// #region module
/** One request to the API, as a tool method describes it to `request`. */
export interface ApiRequest {
  method: string;
  /** The path under the base URL, its parameters already encoded. */
  path: string;
  /** Query parameters; an array is sent as the parameter repeated, undefined not at all. */
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: unknown;
  /** How the body is sent (default JSON). */
  bodyType?: "json" | "form" | "text";
  /** The security schemes the operation accepts: each one configured is sent. */
  auth?: readonly string[];
  /** How the answer is read: as JSON, as text, or not at all (the result is then its status). */
  answer: "json" | "text" | "none";
}

// Read through globalThis so the file type-checks and runs without Node's types, on any runtime.
function setting(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name] || undefined;
}

// A query or header value as text: objects as JSON, the rest as JavaScript writes them.
function wireText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

// Aborted when either is aborted: AbortSignal.any, which older TypeScript libraries do not declare.
function eitherSignal(first: AbortSignal, second: AbortSignal | undefined): AbortSignal {
  if (second === undefined) return first;
  const either = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) either.abort(signal.reason);
    else signal.addEventListener("abort", () => either.abort(signal.reason), { once: true });
  }
  return either.signal;
}

function encodeBody(request: ApiRequest, headers: Headers): string | undefined {
  if (request.body === undefined) return undefined;
  if (request.bodyType === "text") {
    headers.set("content-type", "text/plain");
    return String(request.body);
  }
  if (request.bodyType === "form") {
    headers.set("content-type", "application/x-www-form-urlencoded");
    const fields = Object.entries(request.body as Record<string, unknown>).filter(([, value]) => value !== undefined);
    return new URLSearchParams(fields.map(([name, value]): [string, string] => [name, wireText(value)])).toString();
  }
  headers.set("content-type", "application/json");
  return JSON.stringify(request.body);
}
// #endregion

/** What a generated class holds beside the copied `request`: its settings and its `authorize`, both written per spec. */
export abstract class SharedRequest {
  protected abstract readonly settings: { baseUrl: string; timeoutMs: number };
  protected abstract authorize(schemes: readonly string[], headers: Headers, url: URL): void;

  // #region class
  /**
   * Sends one request and reads its answer; every tool calls it. An answer other than 2xx, a
   * timeout or a network failure becomes a ToolError the model reads. Override it in a subclass
   * to add headers, retries or logging to every tool at once.
   */
  protected async request<T>(ctx: Context | undefined, request: ApiRequest): Promise<T> {
    let url: URL;
    try {
      url = new URL(`${this.settings.baseUrl.replace(/\/+$/, "")}${request.path}`);
    } catch {
      throw new ToolError(`This server is not set up to reach its API: its base URL, "${this.settings.baseUrl}", is not a full URL.`);
    }
    for (const [name, value] of Object.entries(request.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) url.searchParams.append(name, wireText(item));
    }
    const headers = new Headers({ accept: request.answer === "json" ? "application/json" : "*/*" });
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.map(wireText).join(",") : wireText(value));
    }
    this.authorize(request.auth ?? [], headers, url);
    const body = encodeBody(request, headers) ?? null;
    const what = `${request.method} ${url.pathname}`;
    // Abandoned after timeoutMs, or as soon as the client cancels the call.
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { method: request.method, headers, body, signal: eitherSignal(timeout, ctx?.signal) });
    } catch (error) {
      const why = ctx?.signal.aborted ? "the call was cancelled" : timeout.aborted ? `no answer within ${this.settings.timeoutMs} ms` : String(error);
      throw new ToolError(`${what} failed: ${why}.`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) {
      const excerpt = text.length > 500 ? `${text.slice(0, 500)}…` : text;
      throw new ToolError(`${what} failed with HTTP ${response.status} ${response.statusText}${excerpt ? `: ${excerpt}` : "."}`);
    }
    if (request.answer === "none") return `HTTP ${response.status} ${response.statusText}`.trim() as T;
    if (request.answer === "text") return text as T;
    try {
      return (text === "" ? undefined : JSON.parse(text)) as T;
    } catch {
      throw new ToolError(`${what} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
  }
  // #endregion
}

// The generated constructor reads settings with it.
export { setting };
