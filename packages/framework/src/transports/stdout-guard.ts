/** The one way to stdout left in stdio mode, with the stream's flow control. */
export interface ProtocolOutput {
  /** Writes one chunk; false means the pipe is full: wait for `onDrain` before writing more. */
  write(chunk: string): boolean;
  /** Calls `listener` once, when a full pipe has room again. */
  onDrain(listener: () => void): void;
  /** Calls `listener` once, if the reader goes away (EPIPE): nothing written will arrive. */
  onBroken(listener: () => void): void;
  /** Resolves once everything written has left the process, or after `timeoutMs`. */
  flushed(timeoutMs: number): Promise<void>;
}

let protocolOutput: ProtocolOutput | undefined;

/**
 * Reserves stdout for the protocol. In stdio mode a stray `console.log` in a tool would corrupt
 * the JSON-RPC stream the host reads, so everything else that writes to `process.stdout`
 * (console.log, console.info, a dependency's progress bar) is sent to stderr instead.
 * Returns the one output that still reaches stdout.
 *
 * A host that closes its end of a pipe makes the next write fail with EPIPE; unhandled, that
 * error would crash the process with a stack trace. Both stdout and stderr errors are caught:
 * stdout's are reported through `onBroken`, stderr's are dropped (there is no one to tell).
 */
export function reserveStdout(stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): ProtocolOutput {
  if (protocolOutput) return protocolOutput;
  const original = stdout.write.bind(stdout) as (chunk: string) => boolean;
  let broken = false;
  const brokenListeners: Array<() => void> = [];
  stdout.on("error", () => {
    if (broken) return;
    broken = true;
    for (const listener of brokenListeners.splice(0)) listener();
  });
  stderr.on("error", () => undefined);
  stdout.write = stderr.write.bind(stderr) as typeof stdout.write;
  protocolOutput = {
    write: (chunk) => (broken ? true : original(chunk)),
    onDrain: (listener) => void stdout.once("drain", listener),
    onBroken: (listener) => (broken ? listener() : void brokenListeners.push(listener)),
    flushed: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (broken || stdout.writableLength === 0) return resolve();
        const timer = setTimeout(done, timeoutMs);
        function done(): void {
          clearTimeout(timer);
          stdout.off("drain", done);
          resolve();
        }
        stdout.once("drain", done);
        brokenListeners.push(done);
      }),
  };
  return protocolOutput;
}
