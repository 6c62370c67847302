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

/**
 * The server `typemcp dev` runs, restarted after each good build. Over HTTP the next server
 * listens on the port the first one got, so a client's URL stays valid. Over stdio it relays
 * the host's messages through a {@link DevStdioRelay}, which hands the host's session (either
 * protocol era) over to each new server, so the session outlives the process.
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

  constructor(private readonly options: DevServerOptions) {
    if (options.stdio) {
      createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => this.fromHost(line));
      process.stdin.on("end", () => void this.close().then(() => process.exit(0)));
    }
  }

  /** Starts the server, or stops the running one and starts it again; resolves once it is up. */
  async restart(): Promise<void> {
    const replay = this.child !== undefined;
    const next = this.standby ?? this.warmUp();
    this.standby = undefined;
    const warm = await next.ready;
    await this.stop();
    const child = warm ? next.child : this.spawnCold();
    if (warm) child.send("go");
    this.child = child;
    const up = new Promise<void>((resolve) => {
      createInterface({ input: child.stderr! }).on("line", (line) => {
        const match = HTTP_URL.exec(line);
        if (match) {
          this.url = match[1]!;
          this.port ??= new URL(this.url).port;
          resolve();
        }
        this.options.onStderr(line);
      });
      child.once("exit", () => resolve());
      if (this.options.stdio) resolve();
    });
    if (this.options.stdio) {
      createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => this.relay.fromServer(line, child === this.child));
      if (replay) for (const line of this.relay.handOver()) child.stdin!.write(`${line}\n`);
      for (const line of this.pending.splice(0)) this.toServer(child, line);
    }
    await up;
    // Warm the next one only once this one is up, so the two do not compete for the CPU.
    this.standby = this.warmUp();
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

  // Without a standby (typemcp not found from the entry): a plain start.
  private spawnCold(): ChildProcess {
    return spawn(process.execPath, ["--enable-source-maps", this.options.entry, ...this.args()], {
      stdio: ["pipe", this.options.stdio ? "pipe" : "inherit", "pipe"],
      env: serverEnv(),
    });
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
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
    await exited;
    clearTimeout(timer);
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
