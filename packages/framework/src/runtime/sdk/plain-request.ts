// Which incoming messages are certainly JSON-RPC requests by the SDK's own definition, told by
// their structure instead of by zod (the direct tools/call branch, both eras' HTTP lanes),
// and which of their methods a kept protocol server may answer.

/**
 * The methods whose answer depends only on the request, which a kept protocol server answers on
 * either era's HTTP path (the 2026-07-28 path adds its `server/discover` probe). `initialize` and
 * `logging/setLevel` would leave state behind for the next caller; the `tasks/*` methods and
 * subscriptions keep a server of their own (a task-augmented `tools/call` is served on a lane: its
 * task runs with a context of its own).
 */
export const REQUEST_ONLY_METHODS: ReadonlySet<string> = new Set([
  "tools/call",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "ping",
  // The Skills extension's: what the build described, the same for every request.
  "skills/list",
  "skills/get",
  "resources/directory/read",
]);

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
/** The 2025-11-25 tasks key of a request's `_meta`, whose shape the SDK checks too. */
const RELATED_TASK = "io.modelcontextprotocol/related-task";

/**
 * Whether `message` is a request that the SDK's `JSONRPCRequestSchema` accepts, decided without
 * zod: `jsonrpc` "2.0", an `id` that is a string or a safe integer, a string `method`, `params`
 * absent or an object whose `_meta`, when present, is an object with a valid `progressToken` (or
 * none) and no related-task key; and no other member (the schema is strict). It answers true only
 * where the schema does; anything unusual answers false and takes the SDK's own path, so the SDK
 * still judges every message it is less sure of.
 */
export function isPlainRequest(message: unknown): boolean {
  if (!isPlainObject(message)) return false;
  // for…in over an object as JSON.parse makes it: its own keys, without an array of them per message.
  for (const key in message) if (!REQUEST_KEYS.has(key) || !Object.hasOwn(message, key)) return false;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== "2.0" || typeof method !== "string" || !(typeof id === "string" || Number.isSafeInteger(id))) return false;
  if (params === undefined) return true;
  if (!isPlainObject(params)) return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isPlainObject(meta) || meta[RELATED_TASK] !== undefined) return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === "string" || Number.isSafeInteger(token);
}

/** Whether `value` is an object and not an array (what the SDK's schemas take for a JSON object). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
