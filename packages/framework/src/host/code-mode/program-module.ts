import { type PreludeSetup, preludeSource } from "./sandbox-prelude.js";
import type { ResolvedLimits, SandboxRun } from "./sandbox-types.js";

/**
 * The module a program runs as: the program first (so its lines are the module's less one),
 * then the prelude: under Deno in a block of its own, which the program cannot see into; under
 * workerd (`run` is the run's bridge key) as the module's request handler. `javascript` is the
 * program compiled (`async function program() {…}`), for a runtime without TypeScript.
 */
export function programModule(program: SandboxRun, limits: ResolvedLimits, options: { run?: string; javascript?: string } = {}): string {
  const run = options.run ?? "";
  const setup: PreludeSetup = {
    namespaces: program.namespaces,
    discovery: program.onDiscover !== undefined,
    kept: program.kept?.entries() ?? {},
    run,
    outputLimit: limits.outputLimit,
  };
  const head = options.javascript ?? `async function program() {\n${program.code}\n}\n`;
  if (!run) return `${head}{\nconst setup = ${JSON.stringify(setup)};\n${preludeSource()}(setup, program, "deno");\n}\n`;
  // workerd: a module whose one request runs the program and answers with its last messages.
  const prelude = `${preludeSource()}(${JSON.stringify(setup)}, program, "workerd")`;
  return `${head}export default { fetch: () => ${prelude}.then((messages) => new Response(JSON.stringify({ messages }))) };\n`;
}
