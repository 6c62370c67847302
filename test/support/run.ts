import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";

/**
 * Runs a command to completion; fails the test with its output when it exits non-zero.
 * The command sees the environment of a user's shell: the `npm_*` variables a package manager
 * exports to the script running these tests (`pnpm test` sets npm_config_user_agent to pnpm, and
 * `npm create` reads it to pick a package manager) are left out unless `options.env` sets them.
 */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean },
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...withoutPackageManagerVariables(process.env), ...options.env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!options.allowFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status ?? result.signal} in ${options.cwd}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

function withoutPackageManagerVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));
}

/** What {@link runAsync} returns: the fields of `spawnSync`'s result the tests read. */
export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * {@link run} without blocking the test worker, so that tests marked concurrent keep both
 * cores busy while one waits on its child; stdin is closed at once, as `spawnSync` does.
 */
export function runAsync(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean },
): Promise<RunResult> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...withoutPackageManagerVariables(process.env), ...options.env } });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status, signal) => {
      if (!options.allowFailure && status !== 0)
        reject(new Error(`${command} ${args.join(" ")} exited ${status ?? signal} in ${options.cwd}\n${stdout}\n${stderr}`));
      else resolve({ status, signal, stdout, stderr });
    });
  });
}
