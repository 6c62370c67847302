import { createInterface } from "node:readline";

/** Asks one question on the terminal (stdin, prompt on stderr) and resolves with the answer line. */
export async function askLine(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    process.stderr.write(question);
    return await new Promise<string>((resolve) => {
      prompt.once("line", resolve);
      prompt.once("close", () => resolve(""));
    });
  } finally {
    prompt.close();
  }
}
