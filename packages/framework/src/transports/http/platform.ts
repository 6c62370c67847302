/**
 * The few process concerns the HTTP layer has, written for every runtime it runs on: Node, and
 * the web-standard platforms (Workers, Deno, Bun), where a timer may be a bare number and there
 * may be no `process.stderr`.
 */

/** Lets the process exit while `timer` is pending, where the runtime allows that (Node, Bun). */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** Writes one diagnostic line to stderr (never stdout, which may carry protocol). */
export function warn(line: string): void {
  const stderr = (globalThis as { process?: { stderr?: { write?: (text: string) => void } } }).process?.stderr;
  if (typeof stderr?.write === "function") stderr.write(`${line}\n`);
  else console.error(line);
}
