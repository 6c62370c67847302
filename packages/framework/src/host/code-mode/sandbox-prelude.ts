/**
 * The code that runs inside code mode's sandbox, in the program's own fresh isolate (a Deno worker,
 * or a workerd dynamic worker), before the model's program. The host writes its source (the text
 * of this file's three functions, which close over nothing else) into the isolate's one module, after the program:
 * it defines one global namespace per server whose functions ask the host to call a tool,
 * `codemode.search`/`describe`/`keep`/`show` (when the host offers them), `kept` (what earlier
 * programs kept), turns `console.*` into printed lines, runs the program and reports how it ended.
 * Under Deno its messages are JSON lines on stdout (`{"typemcp":…}`), answered by messages from the
 * pool's main thread; under workerd each question is a request to the host's bridge, and what the
 * program printed travels with the next question or the answer that ends the run.
 */
export function sandboxPrelude(setup: PreludeSetup, program: () => Promise<unknown>, kind: "deno" | "workerd"): Promise<unknown> {
  type Message = Record<string, unknown>;
  const scope = globalThis as any;
  const deno = scope.Deno;
  const channel = preludeChannel(setup, kind);
  let printed = 0;
  // The program reaches nothing outside but the bridge: under workerd its fetch would go to the host.
  if (kind === "workerd")
    scope.fetch = () => Promise.reject(Object.assign(new Error("Requires net access: programs have no network."), { name: "NotCapable" }));
  const show = (value: unknown): string => {
    if (typeof value === "string") return value;
    if (deno) return deno.inspect(value, { depth: 8, colors: false, strAbbreviateSize: 100_000, iterableLimit: 1000 });
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  preludeGlobals(setup, channel.ask, channel.ToolCallError);
  const print = (...values: unknown[]) => {
    const text = values.map(show).join(" ");
    channel.send({ typemcp: "print", text });
    // Held in the isolate until the next question: past what the host takes (which stops the program), no more.
    if (kind === "workerd" && (printed += text.length + 1) > setup.outputLimit) throw new RangeError("The program printed past its limit.");
  };
  for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "table"] as const) {
    (console as unknown as Record<string, unknown>)[name] = print;
  }
  let ended: (message: Message) => void = () => {};
  const finished = new Promise<Message[]>((resolve) => {
    ended = (message) => {
      channel.send(message);
      if (kind === "deno") scope.close();
      resolve(channel.outbox.splice(0));
    };
  });
  const fail = (error: unknown) => {
    const e = error instanceof Error ? error : new Error(show(error));
    ended({ typemcp: "error", name: e.name, message: e.message, stack: e.stack ?? "" });
  };
  scope.addEventListener("unhandledrejection", (event: { reason: unknown; preventDefault(): void }) => {
    event.preventDefault();
    fail(event.reason);
  });
  scope.addEventListener("error", (event: { error: unknown; preventDefault(): void }) => {
    event.preventDefault();
    fail(event.error);
  });
  channel.send({ typemcp: "ready" });
  program().then(() => ended({ typemcp: "done" }), fail);
  return finished;
}

/**
 * How the prelude talks to the host: under Deno a message is a line on stdout at once and answers
 * come from the pool's main thread; under workerd messages wait in `outbox` for the next question,
 * which is a request to the host's bridge whose response is its answer.
 */
export function preludeChannel(setup: PreludeSetup, kind: "deno" | "workerd") {
  type Reply = { id: number; result?: unknown; error?: string };
  type Message = Record<string, unknown>;
  const scope = globalThis as any;
  const encoder = new TextEncoder();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const outbox: Message[] = [];
  const bridgeFetch = scope.fetch;
  let nextId = 1;
  /** A tool that answered `isError: true`, or a call the host refused: the program may catch it. */
  class ToolCallError extends Error {
    override name = "ToolCallError";
  }
  const settle = (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting.reject(new ToolCallError(reply.error));
    else waiting.resolve(reply.result);
  };
  const send = (message: Message) => {
    if (kind === "workerd") return void outbox.push(message);
    const bytes = encoder.encode(`${JSON.stringify(message)}\n`);
    for (let at = 0; at < bytes.length; ) at += scope.Deno.stdout.writeSync(bytes.subarray(at));
  };
  const ask = (message: Message): Promise<unknown> => {
    const id = nextId++;
    const answer = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    send({ ...message, id });
    if (kind === "workerd") {
      const body = JSON.stringify({ run: setup.run, messages: outbox.splice(0) });
      bridgeFetch("http://bridge/", { method: "POST", body }).then(
        async (response: Response) => settle((await response.json()) as Reply),
        (error: Error) => settle({ id, error: `The host did not answer: ${error.message}` }),
      );
    }
    return answer;
  };
  if (kind === "deno") scope.onmessage = (event: { data: string }) => settle(JSON.parse(event.data) as Reply);
  return { send, ask, outbox, ToolCallError };
}

/** Defines the program's globals: a namespace per server, `ToolCallError`, `codemode` (when offered) and `kept`. */
export function preludeGlobals(setup: PreludeSetup, ask: (message: Record<string, unknown>) => Promise<unknown>, ToolCallError: unknown): void {
  // A kept function is its source, made a function again by indirect eval: it sees only globals.
  const revive = (source: string): unknown => {
    try {
      // biome-ignore lint/security/noGlobalEval: inside the sandbox, on a function the session's own programs wrote; it gets no permission they lack.
      return (0, eval)(`(${source})`);
    } catch {
      return undefined;
    }
  };
  const call = (tool: string, args: unknown) => ask({ typemcp: "call", tool, args: args ?? {} });
  const discover = (op: string, args: unknown) => ask({ typemcp: "discover", op, args });
  for (const [namespace, methods] of Object.entries(setup.namespaces)) {
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
      show: async (...images: Array<{ type?: unknown; data?: unknown; mimeType?: unknown; resource?: unknown }>) => {
        for (const image of images) await ask({ typemcp: "image", type: image?.type, mimeType: image?.mimeType, data: image?.data, resource: image?.resource });
      },
    };
    Object.defineProperty(globalThis, "codemode", { value: Object.freeze(Object.assign(Object.create(null), codemode)), enumerable: true });
  }
  const kept: Record<string, unknown> = Object.create(null);
  for (const [name, entry] of Object.entries(setup.kept)) kept[name] = entry.source !== undefined ? revive(entry.source) : entry.value;
  Object.defineProperty(globalThis, "kept", { value: Object.freeze(kept), enumerable: true });
}

/** The prelude's source: its functions in a scope of their own, as an expression for `sandboxPrelude`. */
export function preludeSource(): string {
  return `(() => {\n${[preludeChannel, preludeGlobals, sandboxPrelude].map(String).join("\n")}\nreturn sandboxPrelude;\n})()`;
}

/** What the host tells the prelude: the globals to define, and, under workerd, the run's bridge key and output cap. */
export interface PreludeSetup {
  readonly namespaces: Record<string, Record<string, string>>;
  readonly discovery: boolean;
  readonly kept: Record<string, { value?: unknown; source?: string }>;
  readonly run: string;
  readonly outputLimit: number;
}
