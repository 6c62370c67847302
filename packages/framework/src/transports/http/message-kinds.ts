/** Whether a client takes an SSE answer (its `Accept` header names `text/event-stream`). */
export function acceptsEventStream(accept: string | null): boolean {
  return /\btext\/event-stream\b/i.test(accept ?? "");
}

/** Whether `body` is a `notifications/cancelled` notification. */
export function isCancellation(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "notifications/cancelled" && !("id" in body);
}

/** Whether `body` is a 2026-07-28 `subscriptions/listen` request. */
export function isListen(body: unknown): boolean {
  return isRequest(body) && (body as { method: string }).method === "subscriptions/listen";
}

/** Whether `body` is an `initialize` request. */
export function isInitialize(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "initialize";
}

/** Whether `body` is the `notifications/initialized` that ends a 2025-11-25 handshake. */
export function isInitialized(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "notifications/initialized" && !("id" in body);
}

/** Whether `body` is a JSON-RPC request (a method and an id), not a notification. */
export function isRequest(body: unknown): boolean {
  return typeof body === "object" && body !== null && typeof (body as { method?: unknown }).method === "string" && "id" in body;
}

/** Whether `body` is a 2025-11-25 task-augmented `tools/call`, whose answer is its task's handle, sent at once. */
export function startsTask(body: unknown): boolean {
  if (!isRequest(body)) return false;
  const { method, params } = body as { method: string; params?: { task?: unknown } };
  return method === "tools/call" && typeof params === "object" && params !== null && params.task !== undefined;
}
