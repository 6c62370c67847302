import { spawn, spawnSync } from "node:child_process";

/** Whether util-linux `script(1)` is here to give a command a real terminal. */
export const canFakeTerminal = spawnSync("script", ["--version"]).status === 0;

/**
 * Runs `command` (argv) on a real terminal through `script(1)`, types `answer` and Enter once
 * the terminal shows `prompt` (not after a guessed delay), and resolves with what the terminal
 * showed and the exit status. Killed after `timeoutMs`.
 */
export function answerOnTerminal(
  command: readonly string[],
  prompt: string,
  answer: string,
  timeoutMs = 20_000,
): Promise<{ status: number | null; output: string }> {
  const line = command.map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qec", line, "/dev/null"], { stdio: "pipe" });
  return new Promise((resolve, reject) => {
    let output = "";
    let answered = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command.join(" ")} ran over ${timeoutMs} ms on a terminal; it showed: ${output}`));
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (answered || !output.includes(prompt)) return;
      answered = true;
      child.stdin.end(`${answer}\n`);
    });
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

/** Runs `command` (argv) on a real terminal through `script(1)` and resolves with what the terminal showed. */
export function showOnTerminal(command: readonly string[], timeoutMs = 20_000): Promise<{ status: number | null; output: string }> {
  const line = command.map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qec", line, "/dev/null"], { stdio: "pipe" });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command.join(" ")} ran over ${timeoutMs} ms on a terminal; it showed: ${output}`));
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stdin.end();
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
