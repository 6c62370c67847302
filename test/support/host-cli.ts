import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fromRoot, ROOT, TYPEMCP_CLI } from "./paths.js";

/** What a finished `typemcp` process left behind. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The servers the host-side tests talk to; towns and weather only once their packages are built. */
export const HOST_SERVERS = {
  calc: fromRoot("packages/calc-server/dist/calc.js"),
  towns: fromRoot("packages/towns-server/dist/towns.js"),
  weather: fromRoot("packages/weather-server/dist/weather.js"),
  everything: fromRoot("node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
} as const;

/** Whether a server's entry file exists. */
export function isBuilt(file: string): boolean {
  return fs.existsSync(file);
}

/**
 * Runs `node packages/framework/bin/typemcp.js …args` as a real process from the repository
 * root, writing `input` to its stdin (then closing it), and kills it if it outlives `timeoutMs`.
 * `env` replaces the environment it inherits; `onStderr` sees its stderr so far as it grows.
 */
export function typemcp(
  args: readonly string[],
  options: { input?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; onStderr?: (stderr: string) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TYPEMCP_CLI, ...args], { cwd: ROOT, stdio: "pipe", ...(options.env && { env: options.env }) });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      options.onStderr?.(stderr);
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`typemcp ${args.join(" ")} ran over ${options.timeoutMs ?? 20_000} ms; stderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** Writes an mcp.json (the format hosts read) into `dir` and returns its path. */
export function writeMcpConfig(dir: string, servers: Record<string, object>): string {
  const file = path.join(dir, "mcp.json");
  fs.writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
  return file;
}

/** An mcp.json entry that starts `node <script> …args` over stdio. */
export function nodeServer(script: string, args: string[] = [], env?: Record<string, string>): object {
  return { command: process.execPath, args: [script, ...args], ...(env && { env }) };
}
