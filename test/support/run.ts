import { spawnSync, type SpawnSyncReturns } from "node:child_process";

/** Runs a command to completion; fails the test with its output when it exits non-zero. */
export function run(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean }): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!options.allowFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.status ?? result.signal} in ${options.cwd}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
