import { spawn, spawnSync, type ChildProcess } from "node:child_process";
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
  // A bound for a process that never listens, with room for a slow start on a loaded machine.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not listen on ${port} within 20 s`);
}

/** The `redis-cli` beside `redis-server` (Debian's redis-tools), which forms a cluster. */
export const REDIS_CLI = REDIS_SERVER && [path.join(path.dirname(REDIS_SERVER), "redis-cli"), "/usr/bin/redis-cli"].find((p) => fs.existsSync(p));

/** A Redis Cluster of three masters on 127.0.0.1, for one test file. */
export interface RedisClusterProcess {
  readonly ports: readonly number[];
  /** A URL naming the first node, as a deployment names any one of its nodes. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts three `redis-server --cluster-enabled yes` on free loopback ports, joins them with
 * `redis-cli --cluster create` (no replicas), and resolves once the cluster says its state is ok.
 */
export async function startRedisCluster(): Promise<RedisClusterProcess> {
  if (!REDIS_SERVER || !REDIS_CLI) throw new Error("redis-server and redis-cli are not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "typemcp-redis-cluster-"));
  const ports = [await freePort(), await freePort(), await freePort()];
  const children = ports.map((port) =>
    spawn(
      REDIS_SERVER!,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        `nodes-${port}.conf`,
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        dir,
      ],
      { stdio: "ignore" },
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null ? undefined : new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGKILL"))),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", () => children.forEach((child) => child.kill("SIGKILL")));
  try {
    await Promise.all(ports.map((port, i) => waitForPort(port, children[i]!)));
    const created = spawnSync(REDIS_CLI, ["--cluster", "create", ...ports.map((port) => `127.0.0.1:${port}`), "--cluster-replicas", "0", "--cluster-yes"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const states = ports.map((port) => spawnSync(REDIS_CLI!, ["-p", String(port), "cluster", "info"], { encoding: "utf8" }).stdout);
      if (states.every((info) => /cluster_state:ok/.test(info))) break;
      if (Date.now() > deadline) throw new Error(`the cluster did not come up: ${states.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, url: `redis://127.0.0.1:${ports[0]}`, stop };
}
