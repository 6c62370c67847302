import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromRoot } from "./paths.js";
import { freePort, type RuntimeServer } from "./runtimes.js";

/** The Workers build of test/fixtures/src/workers-state.ts, once {@link buildWorkersStateBundle} made it. */
export const WORKERS_STATE_BUNDLE = fromRoot("test/fixtures/dist/workers/workers-state.workers.js");

/** Builds the Durable Object tests' server for Workers (`typemcp build --target workers`). */
export function buildWorkersStateBundle(): void {
  execFileSync(
    process.execPath,
    [
      "packages/framework/bin/typemcp.js",
      "build",
      "--project",
      "test/fixtures/tsconfig.workers.json",
      "--target",
      "workers",
      "--entry",
      "test/fixtures/src/workers-state.ts",
    ],
    { cwd: fromRoot("."), stdio: ["ignore", "ignore", "inherit"], timeout: 120_000 },
  );
}

/** Where workerd keeps the Durable Objects: in memory, or on disk in a folder that outlives the process. */
export type StateStorage = { kind: "memory" } | { kind: "disk"; dir: string };

/**
 * Starts a Workers build under workerd with the `MCP_STATE` Durable Object namespace bound to its
 * `TypemcpState` class, as a wrangler.toml binding does on Cloudflare, and resolves once it
 * answers `/healthz` (within `timeoutMs`). `port` reuses an address (a restart).
 *
 * The same build also runs as a second Worker (`twinUrl`), in an isolate of its own, bound to the
 * first one's objects: what one isolate keeps, the other must find through the objects alone, as
 * two Cloudflare isolates (or locations) serving one deployment do. Their outbound requests reach
 * public addresses and this machine's loopback (a test's OpenID provider).
 */
export async function startWorkerdWithState(
  bin: string,
  bundle: string,
  storage: StateStorage,
  options: { port?: number; twinPort?: number; bindings?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RuntimeServer & { port: number; twinPort: number; twinUrl: string }> {
  const port = options.port ?? (await freePort());
  const twinPort = options.twinPort ?? (await freePort());
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-workerd-state-"));
  fs.copyFileSync(bundle, path.join(cwd, "worker.js"));
  const texts = Object.entries(options.bindings ?? {}).map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`);
  const disk = storage.kind === "disk" ? `, (name = "state-disk", disk = (path = ${JSON.stringify(storage.dir)}, writable = true))` : "";
  fs.writeFileSync(
    path.join(cwd, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker), (name = "twin", worker = .twin), (name = "internet", network = (allow = ["public", "local"]))${disk} ],
  sockets = [
    (name = "http", address = "127.0.0.1:${port}", http = (), service = "main"),
    (name = "twin-http", address = "127.0.0.1:${twinPort}", http = (), service = "twin"),
  ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
  durableObjectNamespaces = [ (className = "TypemcpState", uniqueKey = "typemcp-state", enableSql = true) ],
  durableObjectStorage = ${storage.kind === "disk" ? '(localDisk = "state-disk")' : "(inMemory = void)"},
  bindings = [ (name = "MCP_STATE", durableObjectNamespace = "TypemcpState")${texts.map((t) => `, ${t}`).join("")} ],
);
const twin :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
  bindings = [ (name = "MCP_STATE", durableObjectNamespace = (serviceName = "main", className = "TypemcpState"))${texts.map((t) => `, ${t}`).join("")} ],
);
`,
  );
  const { child, output, stop } = serveWorkerd(bin, cwd);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await Promise.all(
      [port, twinPort].map((p) =>
        // Behind a bearer token (MCP_AUTH_*) the liveness check answers 401: serving all the same.
        fetch(`http://127.0.0.1:${p}/healthz`).then(
          (r) => r.ok || r.status === 401,
          () => false,
        ),
      ),
    );
    if (ok.every(Boolean)) return { url: `http://127.0.0.1:${port}/mcp`, port, twinPort, twinUrl: `http://127.0.0.1:${twinPort}/mcp`, child, output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`workerd did not serve ${bundle} within ${timeoutMs} ms:\n${output()}`);
}

/** Runs `workerd serve config.capnp` in `cwd`, keeping what it prints; `stop()` kills it and removes `cwd`. */
export function serveWorkerd(bin: string, cwd: string): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(bin, ["serve", "config.capnp"], { cwd, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    fs.rmSync(cwd, { recursive: true, force: true });
  };
  return { child, output: () => output, stop };
}
