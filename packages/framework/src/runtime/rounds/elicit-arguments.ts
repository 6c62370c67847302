import { BuildError } from "../../errors/build-error.js";
import type { AskOptions } from "../context.js";

/** What `ctx.elicit(...)` was called with, once the schema written in by the build is found. */
export interface ElicitArguments {
  readonly requestedSchema: Record<string, unknown>;
  readonly options: AskOptions;
}

/**
 * Sorts out the arguments of `ctx.elicit`: `(message, schema, options?)` as written by hand or by
 * `typemcp build` (which turns `ctx.elicit<T>(message, options?)` into that form), else the typed
 * form that was never built. Throws a `BuildError` (NOT_BUILT) for the latter: the schema of `T`
 * exists only once the build has derived it.
 */
export function toElicitArguments(schemaOrOptions: Record<string, unknown> | AskOptions | undefined, options: AskOptions | undefined): ElicitArguments {
  if (isSchema(schemaOrOptions)) return { requestedSchema: schemaOrOptions, options: options ?? {} };
  throw new BuildError(
    "NOT_BUILT",
    "ctx.elicit<T>(message) carries no schema: the schema of T is derived and written into the call by `typemcp build`; compile this server with `typemcp build` (or `typemcp dev`, or typemcp/vite under vitest), not plain tsc, or pass the requested schema as the second argument.",
  );
}

// A requested schema is an object schema (MCP: `type: "object"`); `AskOptions` only has `key`.
function isSchema(value: Record<string, unknown> | AskOptions | undefined): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && ("type" in value || "properties" in value);
}
