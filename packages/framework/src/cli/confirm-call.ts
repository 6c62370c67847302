import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/** The terminal `--confirm` asks on. */
export interface PromptStreams {
  input: Readable & { isTTY?: boolean };
  output: Writable;
}

/**
 * Asks `question` and waits for an answer: true only for "y" or "yes" (any case). The default
 * is no, so a stray Enter never runs a tool that changes things.
 */
export async function askYesNo(question: string, streams: PromptStreams): Promise<boolean> {
  const prompt = createInterface({ input: streams.input, output: streams.output, terminal: false });
  try {
    streams.output.write(`${question} [y/N] `);
    const answer = await new Promise<string>((resolve) => {
      prompt.once("line", resolve);
      prompt.once("close", () => resolve(""));
    });
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    prompt.close();
  }
}
