import { providerEnv, startFakeProvider, type ScriptedTurn } from "./fake-providers.js";
import { typemcp, type CliRun } from "./host-cli.js";

/**
 * `typemcp chat --prompt Go. ...args` against a fake OpenAI that answers request `i` with
 * `turns[i]` (the last one again past the end); returns the run and every request the model got.
 */
export async function chatWithFakeModel(
  turns: ReadonlyArray<(body: any) => ScriptedTurn>,
  args: readonly string[],
): Promise<{ run: CliRun; generations: any[] }> {
  const fake = await startFakeProvider("openai", (index, body) => turns[Math.min(index, turns.length - 1)]!(body));
  try {
    const run = await typemcp(["chat", "--provider", "openai", "--model", "test-model", "--base-url", fake.baseUrl, "--prompt", "Go.", ...args], {
      env: providerEnv({ OPENAI_API_KEY: "test-key" }),
      timeoutMs: 60_000,
    });
    return { run, generations: fake.generations() };
  } finally {
    await fake.close();
  }
}
