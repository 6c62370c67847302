import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The `redis-server` binary, or undefined where it is not installed (`.ci/run` installs Debian's). */
export const REDIS_SERVER = [
  ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "redis-server")),
  "/usr/bin/redis-server",
  "/usr/sbin/redis-server",
].find((p) => fs.existsSync(p));

/** Says once why Redis tests are skipped. */
export function warnIfNoRedis(what: string): void {
  if (!REDIS_SERVER) console.warn(`${what} skipped: redis-server is not installed (.ci/run installs it with apt-get install redis-server).`);
}

/** A real Redis on 127.0.0.1 for one test file: stop it to simulate an outage, start it again on the same port. */
export interface RedisProcess {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing answers. */
  freeze(): void;
  /** Lets a frozen process run again (SIGCONT). */
  thaw(): void;
}

/** Starts `redis-server` on a free loopback port, with no persistence, in a temporary folder. */
export async function startRedis(): Promise<RedisProcess> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(REDIS_SERVER!, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
    await waitForPort(port, child);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill("SIGCONT");
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };
  await start();
  process.once("exit", () => child?.kill("SIGKILL"));
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, freeze: () => void child?.kill("SIGSTOP"), thaw: () => void child?.kill("SIGCONT") };
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not listen on ${port} within 5 s`);
}
