import type { Readable } from "node:stream";

/**
 * Resolves once `read()` (what a process has written to `stream` so far) includes `text`, checked
 * on every chunk: a test waits for what the process says, not for a guessed number of
 * milliseconds. Fails naming the text and what was said when `stream` ends first, or after
 * `timeoutMs` when given; without it, the test's own timeout bounds a frozen process.
 */
export function untilSays(stream: Readable, read: () => string, text: string, timeoutMs?: number): Promise<void> {
  if (read().includes(text)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const stop = (error?: Error): void => {
      clearTimeout(timer);
      stream.off("data", check);
      stream.off("end", ended);
      if (error) reject(error);
      else resolve();
    };
    // Registered after the caller's own listener, so `read()` already holds the chunk.
    const check = (): void => {
      if (read().includes(text)) stop();
    };
    const ended = (): void => stop(new Error(`the stream ended without saying "${text}"; it said: ${read()}`));
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => stop(new Error(`"${text}" not said within ${timeoutMs} ms; it said: ${read()}`)), timeoutMs);
    stream.on("data", check);
    stream.once("end", ended);
  });
}
