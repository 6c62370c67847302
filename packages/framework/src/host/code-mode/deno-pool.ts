/**
 * The main module of code mode's warm Deno process (run with no permissions): it waits for programs
 * on stdin and runs each in a fresh Worker, a V8 isolate of its own that inherits the process's
 * lack of permissions, so nothing one program defines is seen by the next. A line with `source` is
 * a program (the host wrote its module: the program, then the prelude); any other line is an
 * answer for the running program, passed on to it. The worker writes its own messages to stdout.
 */
const deno = (globalThis as any).Deno;
const scope = globalThis as any;
const encoder = new TextEncoder();
let worker: { postMessage(data: string): void; terminate(): void } | undefined;
let url: string | undefined;

function end(): void {
  worker?.terminate();
  if (url) URL.revokeObjectURL(url);
  worker = undefined;
  url = undefined;
}

function start(source: string, typescript: boolean): void {
  end();
  url = URL.createObjectURL(new Blob([source], { type: typescript ? "application/typescript" : "text/javascript" }));
  const started = new scope.Worker(url, { type: "module" });
  // A module that does not load (a syntax error in a JavaScript program) never reaches the prelude.
  started.onerror = (event: { message?: string; error?: unknown; preventDefault(): void }) => {
    event.preventDefault();
    const error = event.error instanceof Error ? event.error : undefined;
    const message = error?.message ?? String(event.message ?? "The program could not be loaded.").replace(/^Uncaught \w*Error: /, "");
    const line = {
      typemcp: "error",
      name: error?.name ?? /Uncaught (\w*Error)/.exec(String(event.message))?.[1] ?? "Error",
      message,
      stack: error?.stack ?? "",
    };
    deno.stdout.writeSync(encoder.encode(`${JSON.stringify(line)}\n`));
    end();
  };
  worker = started;
}

let buffer = "";
for await (const chunk of deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    if (line.startsWith('{"source":')) {
      const run = JSON.parse(line) as { source: string; typescript: boolean };
      start(run.source, run.typescript);
    } else worker?.postMessage(line);
  }
}
end();

export {};
