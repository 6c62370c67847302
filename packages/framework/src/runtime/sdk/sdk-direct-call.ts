/**
 * `tools/call` served past the SDK's request dispatcher, in either era, at a connection's door
 * (direct-door.ts: stdio, in memory, a kept HTTP lane).
 *
 * Why: per pipelined stdio call, the SDK's `Protocol` spends more on its request bookkeeping than
 * typemcp spends serving the call: an `AbortController` per request whether or not anything
 * listens (its signal is the dearest object Node 20 makes), a context of spread objects and
 * closures, and a zod parse of the request and of the result, each allocation more work for the
 * garbage collector (profiles in bench/records/2026-12-04-round-4-issue-38.md). Everything the dispatcher does for such a call
 * is done here with the SDK's public API and our own checks: the request's shape is checked by
 * structure (anything unusual takes the SDK's path, so the SDK still judges what it would refuse),
 * the signal is made only when read, notifications and requests to the client go through the
 * `Server`'s public `notification`/`request` tied to the call, a cancellation aborts the call and
 * its reply is dropped, and the reply has the shape and the error codes the SDK gives (on
 * 2026-07-28 also its `resultType`, its `serverInfo` stamp and its check of the questions an
 * input-required result asks). What the handler sees is made as on the SDK's path
 * (handler-extra.ts): only the channel is this one. Sorting the messages by structure, not by
 * zod, is also what spares the SDK's failing parses (each a thrown-away error object) for
 * nearly every message: the dearest part of its dispatch.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  INVALID_PARAMS,
  isInputRequiredResult,
  LOG_LEVEL_META_KEY,
  MissingRequiredClientCapabilityError,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  specTypeSchemas,
  type Server,
} from "@modelcontextprotocol/server";
import type { RequestChannel } from "./handler-extra.js";
import type { ClientRequestMethod } from "../rounds/input-round.js";
import type { ClientCapabilities } from "./protocol-types.js";
import { isPlainObject, isPlainRequest } from "./plain-request.js";
import { errorReply } from "./error-reply.js";
import { withFields } from "./with-fields.js";

export { errorReply };
import type { WireAuthInfo } from "./wire-auth.js";

type RequestId = string | number;

/** The keys a 2025-11-25 `tools/call` params may hold for the direct path; any other (`task`) takes the SDK's. */
const DIRECT_KEYS = new Set(["name", "arguments", "_meta"]);

/**
 * Whether `message` is a `tools/call` request the direct path serves: a plain request (see
 * `isPlainRequest`) whose params hold a string `name`, `arguments` absent or an object, and no
 * other key but `_meta`. Exactly what the 2025-11-25 schema accepts among such requests.
 */
export function isDirectToolCall(message: unknown): boolean {
  if (!isPlainRequest(message)) return false;
  const params = (message as { params?: Record<string, unknown> }).params;
  if (params === undefined) return false;
  for (const key in params) if (!DIRECT_KEYS.has(key)) return false;
  return typeof params.name === "string" && (params.arguments === undefined || isPlainObject(params.arguments));
}

/**
 * One call served directly, and how it talks back (its `RequestChannel`): its signal, made on
 * first read; whether it was cancelled; notifications and requests to the client through the
 * `Server`'s public `notification`/`request`, tied to the call as the SDK ties them.
 */
export class DirectCall implements RequestChannel {
  /** Its place among its door's calls in flight (CallsById). */
  byIdAt = -1;
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  constructor(
    private readonly server: Server,
    readonly requestId: RequestId,
  ) {}

  /** Aborted when the client cancels the call or the connection closes. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedWith !== undefined) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  /** Whether the call was cancelled: its reply, if any comes, is not sent. */
  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  abort(reason: unknown): void {
    if (this.abortedWith !== undefined) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    return this.server.notification({ method, params } as never, { relatedRequestId: this.requestId });
  }

  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.server.request({ method, params } as never, { relatedRequestId: this.requestId, signal: this.signal }) as Promise<Record<string, unknown>>;
  }
}

/** What an HTTP lane hands over with a request: the request it came in, and its verified token. */
export interface HttpFacts {
  readonly request?: Request;
  readonly authInfo?: WireAuthInfo;
}

/** What the direct path hands the handler of one call. */
export interface DirectRequest {
  /** The call's params; on 2026-07-28 with the envelope lifted out of `_meta`, as the SDK hands them. */
  readonly params: Record<string, unknown>;
  /** A lane's HTTP facts: the request it came in, and its verified token. */
  readonly http?: HttpFacts;
  /** A 2026-07-28 call's envelope. */
  readonly envelope?: Envelope2026;
}

/** What serves one direct call; the resolved value is the tool result sent back. */
export type DirectAnswer = (request: DirectRequest, call: DirectCall) => Promise<unknown>;

/** What a 2026-07-28 request's `_meta` envelope says, once the direct path has accepted it. */
export interface Envelope2026 {
  readonly clientCapabilities: ClientCapabilities;
  readonly logLevel: string | undefined;
  /** The rest of `_meta`, as the handler sees it (undefined when nothing is left). */
  readonly meta: Record<string, unknown> | undefined;
}

const ENVELOPE_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY]);
const RESERVED_PREFIX = "io.modelcontextprotocol/";

/**
 * The envelope of a plain 2026-07-28 `tools/call` (see `isDirectToolCall`) that the direct path
 * serves, or undefined to leave the request to the SDK, which judges it in its own words. Taken
 * only when the SDK would certainly accept it: the protocol version 2026-07-28, client
 * capabilities, client info and log level (if any) that the published schemas accept, a
 * progress token that is a string or an integer, and no other reserved key in `_meta`.
 */
export function plainEnvelope2026(params: Record<string, unknown>): Envelope2026 | undefined {
  const meta = params._meta;
  if (!isPlainObject(meta) || meta[PROTOCOL_VERSION_META_KEY] !== "2026-07-28") return undefined;
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  const info = meta[CLIENT_INFO_META_KEY];
  const level = meta[LOG_LEVEL_META_KEY];
  const token = meta.progressToken;
  if (!isPlainObject(capabilities) || !accepts(specTypeSchemas.ClientCapabilities, capabilities)) return undefined;
  if (info !== undefined && !accepts(specTypeSchemas.Implementation, info)) return undefined;
  if (level !== undefined && !accepts(specTypeSchemas.LoggingLevel, level)) return undefined;
  if (token !== undefined && typeof token !== "string" && !Number.isSafeInteger(token)) return undefined;
  let rest: Record<string, unknown> | undefined;
  for (const key in meta) {
    if (ENVELOPE_KEYS.has(key)) continue;
    if (key.startsWith(RESERVED_PREFIX)) return undefined;
    (rest ??= {})[key] = meta[key];
  }
  return { clientCapabilities: capabilities as ClientCapabilities, logLevel: level as string | undefined, meta: rest };
}

function accepts(schema: { "~standard": { validate(value: unknown): unknown } }, value: unknown): boolean {
  return (schema["~standard"].validate(value) as { issues?: unknown }).issues === undefined;
}

/**
 * The reply the SDK sends for a 2026-07-28 `tools/call` that resolved with `result`: an
 * input-required result as it is once each question's capability is one the request declared
 * (else -32021, as the SDK refuses it); any other result checked as on 2025-11-25, then stamped
 * `resultType: "complete"` unless it names one. Either way the server's identity goes into
 * `_meta` (`serverInfo`), as the SDK stamps every 2026-07-28 result.
 */
export function resultReply2026(id: RequestId, result: unknown, serverInfo: Record<string, unknown>, declared: ClientCapabilities): Record<string, unknown> {
  if (isInputRequiredResult(result)) {
    const refused = refusedInputRequest(result.inputRequests, declared);
    return refused ? errorReply(id, refused) : { result: stampServerInfo(result, serverInfo), jsonrpc: "2.0", id };
  }
  const reply = resultReply(id, result);
  if (reply.result === undefined) return reply;
  const checked = reply.result as Record<string, unknown>;
  const typed = checked.resultType === undefined ? withFields(checked, { resultType: "complete" }) : checked;
  return { result: stampServerInfo(typed, serverInfo), jsonrpc: "2.0", id };
}

function stampServerInfo(result: Record<string, unknown>, serverInfo: Record<string, unknown>): Record<string, unknown> {
  const meta = result._meta;
  if (meta === undefined) return withFields(result, { _meta: { [SERVER_INFO_META_KEY]: serverInfo } });
  if (!isPlainObject(meta) || meta[SERVER_INFO_META_KEY] !== undefined) return result;
  return withFields(result, { _meta: withFields(meta, { [SERVER_INFO_META_KEY]: serverInfo }) });
}

// The SDK's rule for what each kind of question requires of the client, and what counts as
// declared: a bare `elicitation: {}` reads as form support.
function refusedInputRequest(inputRequests: unknown, declared: ClientCapabilities): Error | undefined {
  for (const [key, entry] of Object.entries((inputRequests ?? {}) as Record<string, { method?: unknown; params?: Record<string, unknown> }>)) {
    const required = requiredFor(entry);
    if (required === undefined) continue;
    const missing = missingFrom(required, declared as Record<string, unknown>);
    if (missing !== undefined) {
      return new MissingRequiredClientCapabilityError(
        { requiredCapabilities: missing },
        `Cannot request input '${key}' (${String(entry.method)}): the request's client capabilities do not declare the required capability`,
      );
    }
  }
  return undefined;
}

function requiredFor(entry: { method?: unknown; params?: Record<string, unknown> }): Record<string, Record<string, unknown>> | undefined {
  if (entry.method === "elicitation/create") return { elicitation: entry.params?.mode === "url" ? { url: {} } : { form: {} } };
  if (entry.method === "sampling/createMessage")
    return { sampling: entry.params?.tools !== undefined || entry.params?.toolChoice !== undefined ? { tools: {} } : {} };
  if (entry.method === "roots/list") return { roots: {} };
  return undefined;
}

function missingFrom(required: Record<string, Record<string, unknown>>, declared: Record<string, unknown>): Record<string, unknown> | undefined {
  const missing: Record<string, unknown> = {};
  for (const [capability, members] of Object.entries(required)) {
    const present = declared[capability];
    if (present === undefined) {
      missing[capability] = members;
      continue;
    }
    if (!isPlainObject(present)) continue;
    const absent: Record<string, unknown> = {};
    for (const member of Object.keys(members)) {
      const implied = capability === "elicitation" && member === "form" && present.form === undefined && present.url === undefined;
      if (present[member] === undefined && !implied) absent[member] = members[member];
    }
    if (Object.keys(absent).length > 0) missing[capability] = absent;
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}

/** The result keys that keep a result without `content` from getting an empty one (the SDK's rule). */
const FOREIGN_KEYS = ["task", "inputRequests", "requestState"];

/**
 * The reply the SDK's dispatcher sends for a `tools/call` that resolved with `result`, in its key
 * order: a result without `content` gets an empty one (the SDK's v1-parity rule), then the result
 * is checked against the spec's `CallToolResult` (a refused one is answered -32602, as the SDK
 * does). What typemcp's own results look like (text blocks, an object's `structuredContent`, a
 * boolean `isError`) is recognised by structure; anything else is checked by the schema the SDK
 * publishes (`specTypeSchemas`), whose output is what is sent.
 */
export function resultReply(id: RequestId, result: unknown): Record<string, unknown> {
  const record = result as Record<string, unknown>;
  const normalized = isPlainObject(record) && record.content === undefined && !FOREIGN_KEYS.some((key) => key in record) ? { ...record, content: [] } : record;
  if (isPlainToolResult(normalized)) return { result: normalized, jsonrpc: "2.0", id };
  const checked = specTypeSchemas.CallToolResult["~standard"].validate(normalized) as { value: unknown; issues?: undefined } | { issues: readonly unknown[] };
  if (checked.issues === undefined) return { result: checked.value, jsonrpc: "2.0", id };
  // The SDK's words: its schema's issues, as JSON.
  return { jsonrpc: "2.0", id, error: { code: INVALID_PARAMS, message: `Invalid tools/call result: ${JSON.stringify(checked.issues, null, 2)}` } };
}

// What every schema of the spec accepts as such and sends back unchanged: `content` of text blocks
// (a type and a string, nothing else), `structuredContent` an object, `isError` a boolean, no
// other key, in the schema's order (its output has its keys in that order).
const PLAIN_KEYS = ["content", "structuredContent", "isError"];
function isPlainToolResult(result: unknown): boolean {
  if (!isPlainObject(result) || !Array.isArray(result.content)) return false;
  let rank = -1;
  for (const key in result) {
    const at = PLAIN_KEYS.indexOf(key);
    if (at <= rank) return false;
    rank = at;
    const value = result[key];
    if (key === "content") {
      for (const block of value as unknown[]) if (!isPlainTextBlock(block)) return false;
    } else if (key === "structuredContent") {
      if (!isPlainObject(value)) return false;
    } else if (typeof value !== "boolean") return false;
  }
  return true;
}

function isPlainTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
  for (const key in block) if (key !== "type" && key !== "text") return false;
  return true;
}
