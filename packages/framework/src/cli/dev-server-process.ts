import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DevStdioRelay } from "./dev-stdio-relay.js";

const STANDBY = fileURLToPath(new URL("./dev-standby.js", import.meta.url));

/** How `typemcp dev` runs the server it restarts. */
export interface DevServerOptions {
  /** The emitted JavaScript entry to run with node. */
  entry: string;
  /** Arguments after the entry (`--http`, the server's own flags). */
  args: readonly string[];
  /** The HTTP port asked for; 0 or none lets the first server pick one, which the next ones keep. */
  port?: string;
  /** Serve over stdio: relay this process's stdin/stdout to each server in turn. */
  stdio: boolean;
  /** Each line the server writes to stderr. */
  onStderr(line: string): void;
}

const HTTP_URL = /serving MCP over HTTP at (http:\/\/\S+)/;

// The next edit replaces the server, so no 2026-07-28 client may keep a list past it: the server
// sends no cache hint (serve()'s MCP_LIST_TTL), over HTTP as over stdio.
const serverEnv = (): NodeJS.ProcessEnv => ({ ...process.env, MCP_LIST_TTL: "0" });

/** How a restart went: the new server started, or it did not and the last good one keeps serving. */
export type RestartResult = { started: true } | { started: false; reason: string };

/**
 * The server `typemcp dev` runs, restarted after each good build. Over HTTP the next server
 * listens on the port the first one got, so a client's URL stays valid. Over stdio it relays
 * the host's messages through a {@link DevStdioRelay}, which hands the host's session (either
 * protocol era) over to each new server, so the session outlives the process. The last good
 * server is stopped only once the next one has started: one that fails to load leaves it serving.
 */
export class DevServerProcess {
  private child: ChildProcess | undefined;
  // The next server, already past loading typemcp and the SDK.
  private standby: { child: ChildProcess; ready: Promise<boolean> } | undefined;
  private port: string | undefined;
  private readonly relay = new DevStdioRelay((line) => void process.stdout.write(`${line}\n`));
  // What the host sent while no server was running; the next one gets it.
  private readonly pending: string[] = [];
  /** The HTTP endpoint, once the server reported it. */
  url: string | undefined;

  /** Whether a server is running (none before the first one started). */
  get serving(): boolean {
    return this.child !== undefined;
  }

  constructor(private readonly options: DevServerOptions) {
    if (options.stdio) {
      createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => this.fromHost(line));
      process.stdin.on("end", () => void this.close().then(() => process.exit(0)));
    }
  }

  /**
   * Starts the next server and, once it has loaded, stops the running one (if any) in its
   * favour. When the next one exits first, the running one keeps serving and the result says why.
   */
  async restart(): Promise<RestartResult> {
    const previous = this.child;
    const next = this.standby ?? this.warmUp();
    this.standby = undefined;
    const ready = await next.ready;
    if (!ready) {
      // The launcher itself failed (before loading the entry): what it said is all there is to show.
      for await (const line of createInterface({ input: next.child.stderr! })) this.options.onStderr(line);
    } else if (previous && !this.options.stdio) {
      // Over HTTP the next server needs the port; the last good one lends it, keeping its sessions.
      await ask(previous, "pause", "paused");
    }
    if (!ready || !(await this.start(next.child))) {
      if (previous && !this.options.stdio) await ask(previous, "resume", "resumed");
      this.standby = this.warmUp();
      return { started: false, reason: describeExit(next.child) };
    }
    this.child = undefined;
    await stopProcess(previous);
    this.child = next.child;
    if (this.options.stdio) {
      const child = next.child;
      createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => this.relay.fromServer(line, child === this.child));
      if (previous) for (const line of this.relay.handOver()) child.stdin!.write(`${line}\n`);
      for (const line of this.pending.splice(0)) this.toServer(child, line);
    }
    // Warm the next one only once this one is up, so the two do not compete for the CPU.
    this.standby = this.warmUp();
    return { started: true };
  }

  // Tells a warm standby to load the entry; resolves true once it has (and, over HTTP, said
  // where it listens), false if it exits first, once all it wrote to stderr has been passed on.
  private start(child: ChildProcess): Promise<boolean> {
    let listening = this.options.stdio;
    let loaded = false;
    return new Promise<boolean>((resolve) => {
      const stderr = createInterface({ input: child.stderr! });
      stderr.on("line", (line) => {
        const match = HTTP_URL.exec(line);
        if (match) {
          this.url = match[1]!;
          this.port ??= new URL(this.url).port;
          listening = true;
          if (loaded) resolve(true);
        }
        this.options.onStderr(line);
      });
      child.on("message", (message) => {
        if (message !== "started") return;
        loaded = true;
        if (listening) resolve(true);
      });
      const closed = new Promise((done) => stderr.once("close", done));
      child.once("exit", () => void closed.then(() => resolve(false)));
      child.send("go");
    });
  }

  private args(): string[] {
    const args = [...this.options.args];
    const port = this.port ?? this.options.port;
    if (port !== undefined) args.push("--port", port);
    return args;
  }

  private warmUp(): { child: ChildProcess; ready: Promise<boolean> } {
    const child = spawn(process.execPath, ["--enable-source-maps", STANDBY, this.options.entry, ...this.args()], {
      stdio: ["pipe", this.options.stdio ? "pipe" : "inherit", "pipe", "ipc"],
      env: serverEnv(),
    });
    const ready = new Promise<boolean>((resolve) => {
      child.once("message", (message) => {
        // For bench/dev-bench.mjs, which edits only once the next server is warm, as a person would.
        if (process.env.TYPEMCP_DEV_DEBUG) process.stderr.write("typemcp dev: standby ready\n");
        resolve(message === "ready");
      });
      child.once("exit", () => resolve(false));
    });
    return { child, ready };
  }

  /** Stops the running server, if any, and waits for it to exit. */
  async stop(): Promise<void> {
    return this.stopChild();
  }

  /** Stops the running server and the standby. */
  async close(): Promise<void> {
    this.standby?.child.kill("SIGKILL");
    this.standby = undefined;
    await this.stopChild();
  }

  private async stopChild(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopProcess(child);
  }

  private fromHost(line: string): void {
    if (this.child) this.toServer(this.child, line);
    else this.pending.push(line);
  }

  private toServer(child: ChildProcess, line: string): void {
    this.relay.fromHost(line);
    child.stdin!.write(`${line}\n`);
  }
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
  await exited;
  clearTimeout(timer);
}

// Sends a running server's launcher a request and waits for its reply (or for it to exit).
function ask(child: ChildProcess, request: string, reply: string): Promise<void> {
  if (!child.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== reply && !String(message).startsWith(`${request} failed`)) return;
      child.off("message", onMessage);
      resolve();
    };
    child.on("message", onMessage);
    child.once("exit", () => resolve());
    child.send(request);
  });
}

// Why a server that was to start did not, for the line `typemcp dev` prints.
function describeExit(child: ChildProcess): string {
  if (child.signalCode !== null) return `killed by ${child.signalCode}`;
  return `exit code ${child.exitCode ?? "unknown"}`;
}
