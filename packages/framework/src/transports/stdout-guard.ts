/** Writes one chunk to the real stdout; false means wait for `drain`. */
export type StdoutWriter = (chunk: string) => boolean;

let protocolWriter: StdoutWriter | undefined;

/**
 * Reserves stdout for the protocol. In stdio mode a stray `console.log` in a tool would corrupt
 * the JSON-RPC stream the host reads, so everything else that writes to `process.stdout`
 * (console.log, console.info, a dependency's progress bar) is sent to stderr instead.
 * Returns the one writer that still reaches stdout.
 */
export function reserveStdout(): StdoutWriter {
  if (protocolWriter) return protocolWriter;
  const stdout = process.stdout;
  const original = stdout.write.bind(stdout);
  protocolWriter = (chunk) => original(chunk);
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  return protocolWriter;
}
