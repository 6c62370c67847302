import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The runtimes platform builds are tested under, as npm serves them (each ships its binary in a package). */
export const RUNTIME_PACKAGES = { deno: "deno@2.9.6", bun: "bun@1.4.4", workerd: "workerd@1.20261117.1" } as const;
export type Runtime = keyof typeof RUNTIME_PACKAGES;

/**
 * Installs `packages` from npm once per machine (with the tests' cache) into a folder kept for
 * later runs, named after them; the folder, whose `node_modules/.bin` holds their commands.
 */
export function installFromNpm(packages: readonly string[]): string {
  const folder = path.join(os.tmpdir(), `typemcp-tools-${packages.join("-").replace(/[@./]/g, "_")}`);
  const done = path.join(folder, ".installed");
  if (fs.existsSync(done)) return folder;
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "package.json"), '{ "name": "typemcp-test-tools", "private": true }\n');
  const installed = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", ...packages], {
    cwd: folder,
    env: { ...process.env, npm_config_cache: path.join(os.tmpdir(), "typemcp-e2e-npm-cache"), npm_config_update_notifier: "false" },
    encoding: "utf8",
    timeout: 300_000,
  });
  if (installed.status === 0) fs.writeFileSync(done, "");
  return folder;
}

/** Each runtime's binary path, installed from npm (see {@link installFromNpm}), or why it cannot run here. */
export function installRuntimes(): Record<Runtime, { bin: string } | { missing: string }> {
  const folder = installFromNpm(Object.values(RUNTIME_PACKAGES));
  const found = {} as Record<Runtime, { bin: string } | { missing: string }>;
  for (const name of Object.keys(RUNTIME_PACKAGES) as Runtime[]) {
    const bin = path.join(folder, "node_modules", ".bin", name);
    const version = fs.existsSync(bin) ? spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 30_000 }) : undefined;
    found[name] =
      version?.status === 0
        ? { bin }
        : { missing: `${RUNTIME_PACKAGES[name]} could not be installed from npm or does not run here (${version?.stderr.trim() || "not installed"})` };
  }
  return found;
}

/** A free loopback port (workerd takes its address from its configuration, not a port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A platform entry running under its runtime. */
export interface RuntimeServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** What the runtime wrote to stderr and stdout so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `bundle` (a `typemcp build --target` entry) under `runtime` on a free loopback port, and
 * resolves once it answers `/healthz`, within `timeoutMs`. `env` reaches it as environment
 * variables (as text bindings under workerd, which has no environment).
 */
export async function startUnder(runtime: Runtime, bin: string, bundle: string, timeoutMs = 20_000, env: Record<string, string> = {}): Promise<RuntimeServer> {
  // workerd's default outbound reaches public addresses only: the services a test starts (an
  // OpenID provider) are on this machine's loopback, which its own network service allows.
  const port = await freePort();
  let args: string[];
  let cwd = path.dirname(bundle);
  if (runtime === "workerd") {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-workerd-"));
    fs.copyFileSync(bundle, path.join(cwd, "worker.js"));
    fs.writeFileSync(
      path.join(cwd, "config.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker), (name = "internet", network = (allow = ["public", "local"])) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
  bindings = [${Object.entries(env)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(", ")}],
);
`,
    );
    args = ["serve", "config.capnp"];
  } else if (runtime === "deno") {
    args = ["run", "--allow-env", "--allow-net", "--allow-read", bundle];
  } else {
    args = [bundle];
  }
  const child = spawn(bin, args, { cwd, env: { ...process.env, ...env, PORT: String(port), NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/mcp`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    if (runtime === "workerd") fs.rmSync(cwd, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    // Behind a bearer token (MCP_AUTH_TOKEN) the liveness check answers 401: serving all the same.
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok || r.status === 401,
      () => false,
    );
    if (ok) return { url, child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${runtime} did not serve ${bundle} within ${timeoutMs} ms:\n${output}`);
}
