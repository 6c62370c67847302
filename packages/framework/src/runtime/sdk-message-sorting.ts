/**
 * A workaround, kept in one place: the SDK has no public hook for what it costs most per stdio
 * call, so this module makes the checks it runs on every message cheaper, answering exactly as
 * they would.
 *
 * The SDK's `Protocol` sorts each incoming message by trying it with zod as a result response,
 * an error response, then a request (then a notification); its stdio channel checks each message
 * it forwards as a request once more, and each message it sends as a response. For a request,
 * the first two parses always fail (both schemas are strict and have no `method`), and a failing
 * zod parse is the dearest kind: in a profile of pipelined `tools/call`s the sorting cost about a
 * third of the server's CPU. The checks are the SDK's public `isJSONRPC…` predicates, each a
 * `safeParse` of the spec schema that `specTypeSchemas` publishes; `installMessageSortingShortcuts`
 * gives those four schema objects a `safeParse` that answers the plain cases by structure (see
 * `plain-request.ts`) and hands everything else to zod as before. The answer's `success` is
 * always what zod would say; its `data` or `error` is zod's own, made on first read.
 *
 * What would remove it upstream: `Protocol` could tell requests from responses by the presence of
 * `method` before reaching for a schema (a response has none, a request must have one), and
 * validate the message once, against the one schema that can accept it, and the stdio serving
 * entry could hand the instance the message it has already checked. With that, nothing here is
 * needed. `sdk-message-sorting.test.ts` fails the moment the SDK's predicates stop using these
 * schema objects or any shortcut's answer differs from zod's.
 */
import { specTypeSchemas } from "@modelcontextprotocol/server";
import { isPlainRequest } from "./plain-request.js";

/** The part of a zod schema the shortcuts stand in front of. */
interface SafeParsing {
  safeParse(value: unknown, params?: unknown): { success: boolean; data?: unknown; error?: unknown };
}

/** Which structural answer a shortcut gives: true/false when it is certain, undefined to ask zod. */
type Shortcut = (value: unknown) => boolean | undefined;

const SHORTCUTS: Record<"JSONRPCRequest" | "JSONRPCResultResponse" | "JSONRPCErrorResponse" | "JSONRPCNotification", Shortcut> = {
  // A request the structural check accepts is one the schema accepts; a plain object without a
  // `method` or an `id` is one it refuses (both are required).
  JSONRPCRequest: (value) =>
    isPlainRequest(value) ? true : isPlain(value) && (!Object.hasOwn(value, "method") || !Object.hasOwn(value, "id")) ? false : undefined,
  // Both response schemas are strict and have no `method`: a message with one is neither.
  JSONRPCResultResponse: (value) => (isPlain(value) && Object.hasOwn(value, "method") ? false : isPlainResultResponse(value) ? true : undefined),
  JSONRPCErrorResponse: (value) => (isPlain(value) && (Object.hasOwn(value, "method") || Object.hasOwn(value, "result")) ? false : undefined),
  // A notification must have a `method` and, being strict, no `id`.
  JSONRPCNotification: (value) => (isPlain(value) && (Object.hasOwn(value, "id") || !Object.hasOwn(value, "method")) ? false : undefined),
};

const MARK = Symbol.for("typemcp.messageSortingShortcut");
let installed = false;

/** Puts the structural shortcuts in front of the SDK's message schemas, once per process. */
export function installMessageSortingShortcuts(): void {
  if (installed) return;
  installed = true;
  for (const [name, shortcut] of Object.entries(SHORTCUTS)) {
    const schema = (specTypeSchemas as unknown as Record<string, SafeParsing & { [MARK]?: true }>)[name];
    // Not a zod schema any more (or already done): leave the SDK's own check alone; the test says so.
    if (!schema || typeof schema.safeParse !== "function" || schema[MARK]) continue;
    const zodParse = schema.safeParse.bind(schema);
    schema.safeParse = (value: unknown, params?: unknown) => {
      const known = params === undefined ? shortcut(value) : undefined;
      return known === undefined ? zodParse(value, params) : new ShortcutAnswer(known, zodParse, value);
    };
    schema[MARK] = true;
  }
}

/**
 * zod's answer shape, its `data` or `error` made by zod only if read (the SDK's predicates read
 * `success` alone). One object per check, its getters on the prototype: this runs for every
 * message in and out.
 */
class ShortcutAnswer {
  private full: { data?: unknown; error?: unknown } | undefined;

  constructor(
    readonly success: boolean,
    private readonly parse: (value: unknown) => { data?: unknown; error?: unknown },
    private readonly value: unknown,
  ) {}

  get data(): unknown {
    return this.success ? this.zod().data : undefined;
  }

  get error(): unknown {
    return this.success ? undefined : this.zod().error;
  }

  private zod(): { data?: unknown; error?: unknown } {
    return (this.full ??= this.parse(this.value));
  }
}

// A response as typemcp sends most: `jsonrpc`, an `id`, a plain `result` without `_meta` (whose
// shape the SDK checks), and nothing else: exactly what the strict result-response schema takes.
function isPlainResultResponse(value: unknown): boolean {
  if (!isPlain(value)) return false;
  let keys = 0;
  for (const key in value) {
    if (key !== "jsonrpc" && key !== "id" && key !== "result") return false;
    keys++;
  }
  const { id, result } = value;
  return (
    keys === 3 &&
    value.jsonrpc === "2.0" &&
    (typeof id === "string" || Number.isSafeInteger(id)) &&
    isPlain(result) &&
    result._meta === undefined &&
    !Object.hasOwn(result, "_meta")
  );
}

// Only objects as JSON.parse makes them: what zod reads of anything else (getters, prototypes)
// is for zod to judge.
function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
