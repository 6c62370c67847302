/**
 * The code that runs inside code mode's sandbox (Deno with no permissions), before the model's
 * program: it reads which tools exist from the host (the first line on stdin), defines one global
 * namespace per server whose functions send `{"typemcp":"call"}` lines to the host on stdout and
 * wait for the answer on stdin, defines `codemode.search`/`describe` (when the host offers them)
 * as `{"typemcp":"discover"}` lines answered the same way, `codemode.keep` (`{"typemcp":"keep"}`)
 * and `kept` (what earlier programs kept, from the first line), turns `console.*` into `{"typemcp":"print"}` lines, and reports
 * how the program ended. The host copies this file next to the program; nothing else is loaded.
 * It has no Deno types at build time, hence the one `Deno` lookup below.
 */

type Reply = { id: number; result?: unknown; error?: string };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

const deno = (globalThis as any).Deno;
const events = globalThis as any;
const encoder = new TextEncoder();
const pending = new Map<number, Pending>();
let nextId = 1;

function send(message: Record<string, unknown>): void {
  const bytes = encoder.encode(`${JSON.stringify(message)}\n`);
  for (let at = 0; at < bytes.length; ) at += deno.stdout.writeSync(bytes.subarray(at));
}

const lines = (async function* () {
  let buffer = "";
  for await (const chunk of deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
    }
  }
})();

/** A tool that answered `isError: true`, or a call the host refused: the program may catch it. */
class ToolCallError extends Error {
  override name = "ToolCallError";
}

// A line to the host that its answer on stdin (same id) settles.
function ask(message: Record<string, unknown>): Promise<unknown> {
  const id = nextId++;
  send({ ...message, id });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

const call = (tool: string, args: unknown) => ask({ typemcp: "call", tool, args: args ?? {} });
const discover = (op: string, args: unknown) => ask({ typemcp: "discover", op, args });

// A kept function is its source, made a function again by indirect eval: it sees only globals.
function revive(source: string): unknown {
  try {
    // biome-ignore lint/security/noGlobalEval: inside the sandbox, on a function the session's own programs wrote; it gets no permission they lack.
    return (0, eval)(`(${source})`);
  } catch {
    return undefined;
  }
}

function show(value: unknown): string {
  return typeof value === "string" ? value : deno.inspect(value, { depth: 8, colors: false, strAbbreviateSize: 100_000, iterableLimit: 1000 });
}

function fail(error: unknown): never {
  const e = error instanceof Error ? error : new Error(show(error));
  send({ typemcp: "error", name: e.name, message: e.message, stack: e.stack ?? "" });
  deno.exit(0);
  throw e;
}

const setup = JSON.parse((await lines.next()).value ?? "{}") as {
  namespaces?: Record<string, Record<string, string>>;
  discovery?: boolean;
  kept?: Record<string, { value?: unknown; source?: string }>;
};
for (const [namespace, methods] of Object.entries(setup.namespaces ?? {})) {
  const api: Record<string, (args?: unknown) => Promise<unknown>> = Object.create(null);
  for (const [method, tool] of Object.entries(methods)) api[method] = (args?: unknown) => call(tool, args);
  Object.defineProperty(globalThis, namespace, { value: Object.freeze(api), enumerable: true });
}
Object.defineProperty(globalThis, "ToolCallError", { value: ToolCallError });
if (setup.discovery) {
  const codemode = {
    search: (query: unknown, options?: { limit?: unknown; outputs?: unknown }) => discover("search", { query, ...options }),
    describe: (...names: unknown[]) => discover("describe", { names }),
    // A function goes as its source, data as JSON (which throws here, in the program, on a cycle or a BigInt).
    keep: (name: unknown, value: unknown) => {
      if (typeof value !== "function") return ask({ typemcp: "keep", name, ...(value !== undefined && { value: JSON.parse(JSON.stringify(value)) }) });
      const source = String(value);
      if (typeof revive(source) !== "function") {
        throw new TypeError(`codemode.keep: ${String(name)} cannot be kept: keep an arrow function or a function expression, not a method.`);
      }
      return ask({ typemcp: "keep", name, source });
    },
    show: async (...images: Array<{ type?: unknown; data?: unknown; mimeType?: unknown }>) => {
      for (const image of images) await ask({ typemcp: "image", type: image?.type, mimeType: image?.mimeType, data: image?.data });
    },
  };
  Object.defineProperty(globalThis, "codemode", { value: Object.freeze(Object.assign(Object.create(null), codemode)), enumerable: true });
}
const kept: Record<string, unknown> = Object.create(null);
for (const [name, entry] of Object.entries(setup.kept ?? {})) kept[name] = entry.source !== undefined ? revive(entry.source) : entry.value;
Object.defineProperty(globalThis, "kept", { value: Object.freeze(kept), enumerable: true });
const print = (...values: unknown[]) => send({ typemcp: "print", text: values.map(show).join(" ") });
for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "table"] as const) {
  (console as unknown as Record<string, unknown>)[name] = print;
}
events.addEventListener("unhandledrejection", (event: { reason: unknown; preventDefault(): void }) => {
  event.preventDefault();
  fail(event.reason);
});
events.addEventListener("error", (event: { error: unknown; preventDefault(): void }) => {
  event.preventDefault();
  fail(event.error);
});

(async () => {
  for await (const line of lines) {
    const reply = JSON.parse(line) as Reply;
    const waiting = pending.get(reply.id);
    if (!waiting) continue;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting.reject(new ToolCallError(reply.error));
    else waiting.resolve(reply.result);
  }
})();

/** Runs the model's program, then tells the host it finished (or how it failed) and exits. */
export async function start(program: () => Promise<unknown>): Promise<void> {
  send({ typemcp: "ready" });
  try {
    await program();
  } catch (error) {
    fail(error);
  }
  send({ typemcp: "done" });
  deno.exit(0);
}
