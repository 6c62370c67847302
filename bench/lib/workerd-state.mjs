// A Workers bundle under workerd with the MCP_STATE Durable Object namespace bound, served by two
// Workers, each its own isolate, on one set of objects (in memory), as the end-to-end tests start
// it (test/support/workerd-state.ts): what one isolate keeps, the other finds through the objects.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A free loopback port (workerd takes its address from its configuration, not a port 0). */
export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Resolves once `url` answers 2xx, or 401 behind a bearer token: serving all the same (polled every 50 ms, at most 20 s). */
export async function waitFor(url) {
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok || r.status === 401,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered`);
}

/**
 * Starts `bundle` under the workerd binary `workerd` as two isolates on one Durable Object
 * namespace, with `bindings` (name → text) in both; resolves to their `/mcp` URLs, the child
 * process and `stop()`.
 */
export async function startWorkerdState(workerd, bundle, bindings = {}) {
  const [a, b] = [await freePort(), await freePort()];
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-bench-do-"));
  fs.copyFileSync(bundle, path.join(cwd, "worker.js"));
  const texts = Object.entries(bindings)
    .map(([name, value]) => `, (name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join("");
  const worker = (rest) =>
    `(modules = [ (name = "worker", esModule = embed "worker.js") ], compatibilityDate = "2025-09-01", compatibilityFlags = ["nodejs_compat"], ${rest})`;
  fs.writeFileSync(
    path.join(cwd, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .main), (name = "twin", worker = .twin) ],
  sockets = [ (name = "a", address = "127.0.0.1:${a}", http = (), service = "main"), (name = "b", address = "127.0.0.1:${b}", http = (), service = "twin") ],
);
const main :Workerd.Worker = ${worker(`durableObjectNamespaces = [ (className = "TypemcpState", uniqueKey = "typemcp-state", enableSql = true) ], durableObjectStorage = (inMemory = void), bindings = [ (name = "MCP_STATE", durableObjectNamespace = "TypemcpState")${texts} ]`)};
const twin :Workerd.Worker = ${worker(`bindings = [ (name = "MCP_STATE", durableObjectNamespace = (serviceName = "main", className = "TypemcpState"))${texts} ]`)};
`,
  );
  const child = spawn(workerd, ["serve", "config.capnp"], { cwd, stdio: "ignore" });
  const stop = () => {
    child.kill("SIGKILL");
    fs.rmSync(cwd, { recursive: true, force: true });
  };
  const urls = [a, b].map((p) => `http://127.0.0.1:${p}/mcp`);
  try {
    for (const url of urls) await waitFor(url.replace("/mcp", "/healthz"));
  } catch (error) {
    stop();
    throw error;
  }
  return { urls, child, stop };
}
