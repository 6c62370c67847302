import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as TypeScript from "typescript";
import { RUNTIME_MB, spawnWithDataLimit } from "./limited-spawn.js";
import type { BridgeMessage, ProgramBridge } from "./program-bridge.js";
import { classifyExit } from "./sandbox-messages.js";

/** The largest request the bridge reads (a tool call's arguments and what was printed before it). */
const MAX_BRIDGE_BODY = 16 * 1024 * 1024;

/**
 * One long-lived workerd (Cloudflare's Workers runtime) that runs programs one at a time, each
 * as a dynamic worker in an isolate of its own with a V8 heap limit: the host posts the program's
 * module to it over a Unix socket, and the program's questions (tool calls and the rest) come
 * back to the host's loopback bridge, the only service the program can reach; what it printed
 * travels with them. A program that must be stopped (its time, its output) ends the process.
 */
export class WorkerdProcess {
  private current: { bridge: ProgramBridge; run: string } | undefined;
  private stderr = "";
  /** Whether the process has ended: it takes no more programs. */
  exited = false;

  private readonly closed: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly server: http.Server,
    private readonly dir: string,
  ) {
    this.closed = new Promise((resolve) => child.once("close", () => resolve()));
  }

  /** Starts workerd with the host's bridge listening; resolves once workerd takes requests. */
  static async start(workerd: string, limits: { memoryMb: number; processMemoryMb?: number | undefined }): Promise<WorkerdProcess> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-workerd-code-"));
    let self: WorkerdProcess | undefined;
    const server = http.createServer((request, response) => self?.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    fs.writeFileSync(path.join(dir, "runner.js"), runnerSource());
    fs.writeFileSync(path.join(dir, "config.capnp"), config(dir, port, limits.memoryMb));
    // workerd says on its control descriptor (3) when its socket listens.
    const dataMb = limits.processMemoryMb ?? limits.memoryMb + RUNTIME_MB;
    const args = ["serve", "--experimental", "--control-fd", "3", "config.capnp"];
    const child = spawnWithDataLimit(workerd, args, dataMb, {
      cwd: dir,
      stdio: ["pipe", "ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "" },
      tiedToStdin: true,
    });
    const listening = new Promise<void>((resolve) => {
      let said = "";
      child.stdio[3]!.on("data", (chunk: Buffer) => {
        said += chunk.toString("utf8");
        if (said.includes('"event":"listen"')) resolve();
      });
    });
    const started = new WorkerdProcess(child, server, dir);
    self = started;
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      if (started.stderr.length < 64_000) started.stderr += chunk;
    });
    child.on("close", (code, signal) => started.ended(code, signal));
    await Promise.race([listening, new Promise((resolve) => child.once("close", resolve))]);
    started.idle();
    return started;
  }

  /** Runs one program's module with `bridge` as its host side; resolves when it has finished or the process has ended. */
  async run(bridge: ProgramBridge, source: string, run: string): Promise<void> {
    if (this.exited) {
      bridge.failure ??= classifyExit(this.stderr, null, null);
      return;
    }
    this.current = { bridge, run };
    this.stderr = "";
    this.busy();
    // The program's clock starts as it is sent: workerd starts it at once.
    bridge.handle({ typemcp: "ready" }, () => {});
    try {
      const text = await this.post(source);
      const parsed = JSON.parse(text) as { messages?: BridgeMessage[] };
      for (const message of parsed.messages ?? []) bridge.handle(message, () => {});
    } catch (error) {
      // A connection cut is workerd going down (a heap past its limit aborts it): its exit says why.
      if (!this.exited && /hang up|ECONNRESET|ECONNREFUSED/.test(String(error))) await this.closed;
      if (!bridge.failure && !bridge.finished) bridge.failure = this.exited ? classifyExit(this.stderr, null, null) : crashed(error);
    } finally {
      this.current = undefined;
      this.idle();
    }
  }

  /** Ends the process at once. */
  kill(): void {
    // Closing its pipe ends it (see spawnWithDataLimit), where there is a shell between.
    this.child.stdin?.destroy();
    if (process.platform === "win32") this.child.kill("SIGKILL");
  }

  private post(source: string): Promise<string> {
    let onClose = () => {};
    const answered = new Promise<string>((resolve, reject) => {
      const request = http.request({ socketPath: path.join(this.dir, "sock"), path: "/", method: "POST" }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => (response.statusCode === 200 ? resolve(body) : reject(new Error(body.trim() || `workerd answered ${response.statusCode}`))));
        response.on("error", reject);
      });
      request.on("error", reject);
      onClose = () => request.destroy(new Error("workerd ended"));
      this.child.once("close", onClose);
      request.end(JSON.stringify({ source }));
    });
    return answered.finally(() => this.child.off("close", onClose));
  }

  // A question of the running program: what it printed before it, then the question, whose answer is the response.
  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BRIDGE_BODY) {
        request.destroy();
        this.current?.bridge.stop(
          "output-limit",
          `The program sent a tool call of more than ${MAX_BRIDGE_BODY} characters and was stopped: pass less to a tool at once.`,
        );
      }
    });
    request.on("end", () => {
      const current = this.current;
      let parsed: { run?: unknown; messages?: BridgeMessage[] } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {}
      if (!current || parsed.run !== current.run || !Array.isArray(parsed.messages)) {
        response.writeHead(403).end();
        return;
      }
      for (const message of parsed.messages) current.bridge.handle(message, (reply) => response.end(JSON.stringify(reply)));
    });
  }

  private ended(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = true;
    this.child.stdin?.destroy();
    this.server.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
    const bridge = this.current?.bridge;
    if (bridge && !bridge.failure && !bridge.finished) bridge.failure = classifyExit(this.stderr, code, signal);
  }

  // While it waits for a program it does not keep the host's process alive.
  private idle(): void {
    this.child.unref();
    this.server.unref();
    for (const stream of [this.child.stdio[0], this.child.stdio[2], this.child.stdio[3]]) (stream as unknown as { unref?(): void }).unref?.();
  }

  private busy(): void {
    this.child.ref();
    this.server.ref();
    for (const stream of [this.child.stdio[0], this.child.stdio[2], this.child.stdio[3]]) (stream as unknown as { ref?(): void }).ref?.();
  }
}

function config(dir: string, port: number, memoryMb: number): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "runner", worker = .runner), (name = "host", external = (address = "127.0.0.1:${port}", http = ())) ],
  sockets = [ (name = "programs", address = "unix:${path.join(dir, "sock")}", http = (), service = "runner") ],
  v8Flags = [ "--max-old-space-size=${memoryMb}" ],
);
const runner :Workerd.Worker = (
  modules = [ (name = "runner.js", esModule = embed "runner.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [ (name = "LOADER", workerLoader = ()), (name = "HOST", service = "host") ],
);
`;
}

// The runner as built (dist: .js), or its source made JavaScript (tests run the .ts; workerd runs JavaScript only).
function runnerSource(): string {
  const js = fileURLToPath(new URL("./workerd-runner.js", import.meta.url));
  if (fs.existsSync(js)) return fs.readFileSync(js, "utf8");
  const ts = createRequire(import.meta.url)("typescript") as typeof TypeScript;
  const source = fs.readFileSync(fileURLToPath(new URL("./workerd-runner.ts", import.meta.url)), "utf8");
  return ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
}

function crashed(error: unknown): NonNullable<ProgramBridge["failure"]> {
  return { kind: "crashed", message: `The sandbox ended before the program finished: ${error instanceof Error ? error.message : String(error)}` };
}
