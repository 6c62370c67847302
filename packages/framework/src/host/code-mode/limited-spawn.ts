import { type ChildProcess, spawn, type StdioOptions } from "node:child_process";

/** What the runtime itself needs beside a program's heap (see `SandboxLimits.processMemoryMb`). */
export const RUNTIME_MB = 1_536;

/**
 * A runtime that reads no stdin (workerd) does not notice its host is gone: the shell runs it
 * beside a reader of the host's pipe, which ends it when the pipe closes (the host exited, or
 * ended it by closing the pipe), and exits with it. The reader keeps none of its output open.
 */
const TIED =
  'ulimit -d "$TYPEMCP_DATA_KB" || exit 1; exec 4<&0; "$@" </dev/null & child=$!; (exec 2>&- 3>&-; read -r _ <&4; kill -9 "$child" 2>/dev/null) & wait "$child"';

/**
 * Starts `command` with the operating system's limit on its data (`RLIMIT_DATA`, through a shell
 * that sets `ulimit -d` and then becomes it): the bound on memory a V8 heap limit does not cover
 * (`ArrayBuffer`s live outside the heap). Not on Windows, which has no such limit: there it is
 * started as it is. `tiedToStdin`: see TIED (stdin must then be a pipe).
 */
export function spawnWithDataLimit(
  command: string,
  args: readonly string[],
  dataMb: number,
  options: { env: NodeJS.ProcessEnv; cwd?: string; stdio: StdioOptions; tiedToStdin?: boolean },
): ChildProcess {
  if (process.platform === "win32") return spawn(command, args, options);
  const script = options.tiedToStdin ? TIED : 'ulimit -d "$TYPEMCP_DATA_KB" && exec "$@"';
  return spawn("/bin/sh", ["-c", script, "sh", command, ...args], {
    ...options,
    env: { ...options.env, TYPEMCP_DATA_KB: String(Math.floor(dataMb * 1024)) },
  });
}
