import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { ProtocolError } from "../../packages/framework/src/errors/protocol-error.js";
import type { CodeOf } from "../../packages/framework/src/errors/codes.js";
import { QuotaFull, type QuotaCap } from "../../packages/framework/src/runtime/tasks/task-limits.js";
import type { TaskStore } from "../../packages/framework/src/runtime/tasks/task-store.js";
import { fromRoot } from "./paths.js";
import { freePort } from "./runtimes.js";
import { serveWorkerd } from "./workerd-state.js";

/** Bundles test/fixtures/workers-task-store/worker.ts (the framework's Durable Object task store, from source) into one module for workerd; gives back its path. */
export async function buildTaskStoreWorker(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-task-store-worker-"));
  await build({
    configFile: false,
    logLevel: "error",
    root: fromRoot("."),
    build: {
      ssr: fromRoot("test/fixtures/workers-task-store/worker.ts"),
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "esnext",
      rollupOptions: { output: { format: "es", entryFileNames: "worker.js" } },
    },
    ssr: { noExternal: true, target: "webworker" },
  });
  return path.join(outDir, "worker.js");
}

/**
 * Starts `bundle` under workerd as `count` Workers in one process, each with a Durable Object
 * namespace of its own bound as MCP_STATE (in memory): a deployment of its own per store, since
 * the server-wide caps count every task of a deployment. `stores()` gives the next one's
 * `TaskStore`, which sends each operation to its Worker. With `shared`, they are one deployment
 * instead: every Worker (an isolate of its own) is bound to the first one's objects.
 */
export async function startTaskStoreWorkers(bin: string, bundle: string, count: number, options: { shared?: boolean } = {}) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-workerd-tasks-"));
  fs.copyFileSync(bundle, path.join(cwd, "worker.js"));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const workers = ports.map(
    (_, i) => `const w${i} :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
${
  options.shared && i > 0
    ? `bindings = [ (name = "MCP_STATE", durableObjectNamespace = (serviceName = "s0", className = "TypemcpState")) ],`
    : `durableObjectNamespaces = [ (className = "TypemcpState", uniqueKey = "typemcp-tasks-${i}") ],
  durableObjectStorage = (inMemory = void),
  bindings = [ (name = "MCP_STATE", durableObjectNamespace = "TypemcpState") ],`
}
);`,
  );
  fs.writeFileSync(
    path.join(cwd, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ ${ports.map((_, i) => `(name = "s${i}", worker = .w${i})`).join(", ")} ],
  sockets = [ ${ports.map((port, i) => `(name = "h${i}", address = "127.0.0.1:${port}", http = (), service = "s${i}")`).join(", ")} ],
);
${workers.join("\n")}
`,
  );
  const { child, output, stop } = serveWorkerd(bin, cwd);
  const urls = ports.map((port) => `http://127.0.0.1:${port}/`);
  for (let tries = 0; ; tries++) {
    const up = await Promise.all(
      urls.map((url) =>
        fetch(url).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) break;
    if (child.exitCode !== null || tries > 200) {
      await stop();
      throw new Error(`workerd did not serve the task store Workers:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let next = 0;
  return {
    stop,
    output,
    /** The next Worker's store (each Worker is handed out once). */
    store(): RemoteTaskStore {
      const url = urls[next++];
      if (!url) throw new Error(`only ${count} task store Workers were started`);
      return remoteTaskStore(url);
    },
  };
}

/**
 * A `TaskStore` in a Worker, a look into one of its objects by name (what `tasks/list` of `owner`
 * finds there), and one of the Worker's operations that answer with JSON lines (`watch`, `settled`).
 */
export type RemoteTaskStore = TaskStore & {
  peek(object: string, owner: string): Promise<{ tasks: Array<{ taskId: string }> }>;
  lines(operation: string, args: unknown[]): Promise<Lines>;
};

/** The JSON lines a Worker writes, read one at a time; `next()` rejects once they ended. */
export type Lines = { next(): Promise<Record<string, unknown>>; cancel(): void };

async function openLines(url: string, operation: string, args: unknown[]): Promise<Lines> {
  const stop = new AbortController();
  const response = await fetch(url, { method: "POST", body: JSON.stringify({ operation, args }), signal: stop.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ready: Array<Record<string, unknown>> = [];
  let text = "";
  return {
    async next() {
      while (ready.length === 0) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the Worker's ${operation} lines ended${text ? ` with ${text}` : ""}`);
        const parts = (text + value).split("\n");
        text = parts.pop()!;
        for (const part of parts) if (part) ready.push(JSON.parse(part) as Record<string, unknown>);
      }
      return ready.shift()!;
    },
    cancel: () => stop.abort(),
  };
}

function remoteTaskStore(url: string): RemoteTaskStore {
  const call = async (operation: string, args: unknown[], object?: string): Promise<any> => {
    const response = await fetch(url, { method: "POST", body: JSON.stringify({ operation, args, object }) });
    const answer = (await response.json()) as { ok?: unknown; quotaFull?: QuotaCap; error?: { code: CodeOf<"protocol">; message: string } };
    if (answer.quotaFull) throw new QuotaFull(answer.quotaFull);
    if (answer.error) throw new ProtocolError(answer.error.code, answer.error.message);
    return answer.ok ?? undefined;
  };
  return {
    create: (...args) => call("create", args),
    get: (...args) => call("get", args),
    update: (...args) => call("update", args),
    finish: (...args) => call("finish", args),
    outcome: (...args) => call("outcome", args),
    read: (...args) => call("read", args),
    awaitInput: (...args) => call("awaitInput", args),
    answer: (...args) => call("answer", args),
    list: (...args) => call("list", args),
    peek: (object, owner) => call("peek", [{ owner }], object),
    lines: (operation, args) => openLines(url, operation, args),
  };
}
