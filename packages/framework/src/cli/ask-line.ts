import { createInterface } from "node:readline";
import { show } from "./terminal-text.js";

/** Asks one question on the terminal (stdin, prompt on stderr) and resolves with the answer line. */
export async function askLine(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    // The question may quote a server (a form's message, a URL): shown, never obeyed (terminal-text.ts).
    show(process.stderr, question);
    return await new Promise<string>((resolve) => {
      prompt.once("line", resolve);
      prompt.once("close", () => resolve(""));
    });
  } finally {
    prompt.close();
  }
}
