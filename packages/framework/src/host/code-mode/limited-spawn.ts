import { type ChildProcess, spawn, type StdioOptions } from "node:child_process";

/** What the runtime itself needs beside a program's heap (see `SandboxLimits.processMemoryMb`). */
export const RUNTIME_MB = 1_536;

/**
 * Starts `command` with the operating system's limit on its data (`RLIMIT_DATA`, through a shell
 * that sets `ulimit -d` and then becomes it): the bound on memory a V8 heap limit does not cover
 * (`ArrayBuffer`s live outside the heap). Not on Windows, which has no such limit: there it is
 * started as it is.
 */
export function spawnWithDataLimit(
  command: string,
  args: readonly string[],
  dataMb: number,
  options: { env: NodeJS.ProcessEnv; cwd?: string; stdio: StdioOptions },
): ChildProcess {
  if (process.platform === "win32") return spawn(command, args, options);
  return spawn("/bin/sh", ["-c", 'ulimit -d "$TYPEMCP_DATA_KB" && exec "$@"', "sh", command, ...args], {
    ...options,
    env: { ...options.env, TYPEMCP_DATA_KB: String(Math.floor(dataMb * 1024)) },
  });
}
