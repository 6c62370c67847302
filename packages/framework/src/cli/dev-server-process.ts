import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

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

/**
 * The server `typemcp dev` runs, restarted after each good build. Over HTTP the next server
 * listens on the port the first one got, so a client's URL stays valid. Over stdio it relays
 * the host's messages and, on restart, replays the host's `initialize` to the new server and
 * tells the host its lists changed, so the session outlives the process.
 */
export class DevServerProcess {
  private child: ChildProcess | undefined;
  private port: string | undefined;
  private initialize: string | undefined;
  private initialized: string | undefined;
  // Id of a replayed initialize whose answer the host must not see.
  private swallowId: unknown;
  // What the host sent while no server was running; the next one gets it.
  private readonly pending: string[] = [];
  /** The HTTP endpoint, once the server reported it. */
  url: string | undefined;

  constructor(private readonly options: DevServerOptions) {
    if (options.stdio) {
      createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => this.fromHost(line));
      process.stdin.on("end", () => void this.stop().then(() => process.exit(0)));
    }
  }

  /** Starts the server, or stops the running one and starts it again; resolves once it is up. */
  async restart(): Promise<void> {
    const replay = this.child !== undefined;
    await this.stop();
    const args = [...this.options.args];
    const port = this.port ?? this.options.port;
    if (port !== undefined) args.push("--port", port);
    const child = spawn(process.execPath, ["--enable-source-maps", this.options.entry, ...args], {
      stdio: ["pipe", this.options.stdio ? "pipe" : "inherit", "pipe"],
    });
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
      createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => this.fromServer(line));
      if (replay && this.initialize) this.replayHandshake(child);
      for (const line of this.pending.splice(0)) child.stdin!.write(`${line}\n`);
    }
    await up;
  }

  /** Stops the running server, if any, and waits for it to exit. */
  async stop(): Promise<void> {
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
    const message = parse(line);
    if (message?.method === "initialize") this.initialize = line;
    if (message?.method === "notifications/initialized") this.initialized = line;
    if (this.child) this.child.stdin!.write(`${line}\n`);
    else this.pending.push(line);
  }

  private fromServer(line: string): void {
    const message = parse(line);
    if (message && this.swallowId !== undefined && message.id === this.swallowId && !message.method) {
      this.swallowId = undefined;
      for (const list of ["tools", "resources", "prompts"]) {
        process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", method: `notifications/${list}/list_changed` })}\n`);
      }
      return;
    }
    process.stdout.write(`${line}\n`);
  }

  private replayHandshake(child: ChildProcess): void {
    const initialize = parse(this.initialize!)!;
    this.swallowId = `typemcp-dev-${Date.now()}`;
    child.stdin!.write(`${JSON.stringify({ ...initialize, id: this.swallowId })}\n`);
    if (this.initialized) child.stdin!.write(`${this.initialized}\n`);
  }
}

function parse(line: string): { id?: unknown; method?: string } | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null ? (value as { id?: unknown; method?: string }) : undefined;
  } catch {
    return undefined;
  }
}
