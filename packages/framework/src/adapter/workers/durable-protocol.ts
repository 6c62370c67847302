import { ProtocolError } from "../../errors/protocol-error.js";
import { QuotaFull, type QuotaCap } from "../../runtime/tasks/task-limits.js";
import type { DurableObjectNamespace, DurableObjectStub } from "./durable-object-types.js";

/**
 * The protocol between a Worker and typemcp's Durable Object (`TypemcpState`, bound as
 * `MCP_STATE`). A Durable Object cannot hold a JS object the Worker shares, so every store the
 * Worker uses is a client that sends `POST https://typemcp.state/<role>/<operation>` with a JSON
 * body to one object's stub, and reads a JSON answer `{ ok: value }` (or `{ quotaFull: cap }`
 * for a task quota). Which object holds what is decided by its name (`idFromName`):
 *
 * | object name            | role       | holds                                                      |
 * |------------------------|------------|------------------------------------------------------------|
 * | `tasks:owner:<digest>` | `tasks`    | one owner's tasks, results and per-owner quota tallies     |
 * | `tasks:free:<xx>`      | `tasks`    | the unowned tasks whose random id starts with `<xx>`       |
 * | `tasks:tally`          | `tally`    | one hold per live task: the server-wide task caps' counts  |
 * | `run:<task id>`        | `run`      | one task's run (the tool runs there), while it runs        |
 * | `stream:<stream id>`   | `stream`   | the events of one SSE stream, for `Last-Event-ID` resumes  |
 * | `bus`                  | `bus`      | nothing stored: fans changes out to listen streams, sessions |
 * | `used-states`          | `used`     | the 2026-07-28 `requestState` ids already used             |
 * | `oauth:<kind>:<key>`   | `oauth`    | one OAuth proxy record: a client, a login or a code        |
 * | `session:<session id>` | `session`  | one 2025-11-25 session: its protocol server, live streams  |
 *
 * One object serialises everything sent to it (its input gate), so a quota check and the count it
 * allows cannot interleave with another's, as the Redis scripts guarantee with `EVAL`: an
 * owner's caps in the owner's shard, the server-wide ones in the tally (see `DurableTaskTally`). A long
 * stream (a resume following a running call, a `subscriptions/listen` stream hearing of changes)
 * is one `fetch` whose response body the object keeps writing to, one JSON line per event.
 */
export const STATE_ORIGIN = "https://typemcp.state";

/** The binding name a Workers build looks for. */
export const STATE_BINDING = "MCP_STATE";

/** The stub of the object named `name`. */
export function stateObject(namespace: DurableObjectNamespace, name: string): DurableObjectStub {
  return namespace.get(namespace.idFromName(name));
}

/** Sends one operation to `stub` and gives back its answer; a lost or failing object becomes STORE_UNAVAILABLE, a full quota QuotaFull. */
export async function callObject<T>(stub: DurableObjectStub, path: string, body: unknown, what: string): Promise<T> {
  let answer: { ok?: T; quotaFull?: QuotaCap; error?: string };
  try {
    const response = await stub.fetch(
      new Request(`${STATE_ORIGIN}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? null) }),
    );
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    throw stateUnavailable(what, error);
  }
  if (answer.quotaFull) throw new QuotaFull(answer.quotaFull);
  if (answer.error !== undefined) throw stateUnavailable(what, new Error(answer.error));
  return answer.ok as T;
}

/** The error a store throws when its Durable Object cannot do what was asked. */
export function stateUnavailable(what: string, error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  return new ProtocolError(
    "STORE_UNAVAILABLE",
    `Could not ${what}: the shared store (Durable Object ${STATE_BINDING}) did not answer: ${error instanceof Error ? error.message : String(error)}.`,
    { cause: error },
  );
}

/** One JSON answer of an object. */
export function answer(value: unknown): Response {
  return new Response(JSON.stringify({ ok: value ?? null }), { headers: { "Content-Type": "application/json" } });
}

/** A body of JSON lines an object writes to as events happen, and what it takes to write and end it. */
export function lineStream(oncancel: () => void): { response: Response; write(value: unknown): boolean; close(): void } {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => {
      open = false;
      oncancel();
    },
  });
  return {
    response: new Response(body, { headers: { "Content-Type": "application/x-ndjson" } }),
    write(value) {
      if (!open) return false;
      controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      return true;
    },
    close() {
      if (!open) return;
      open = false;
      controller.close();
      oncancel();
    },
  };
}

/** Reads a body of JSON lines, calling `each` for every line in order; resolves at its end. */
export async function readLines(body: ReadableStream<Uint8Array>, each: (value: unknown) => Promise<boolean> | boolean): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The text of the line being read, chunk by chunk: a line of megabytes arrives in many chunks,
  // and appending each to one string and searching it again would cost its length squared.
  let pending: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      let text = decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = text.indexOf("\n")) >= 0) {
        pending.push(text.slice(0, newline));
        const line = pending.join("");
        pending = [];
        text = text.slice(newline + 1);
        if (line && (await each(JSON.parse(line))) === true) return;
      }
      if (text) pending.push(text);
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
