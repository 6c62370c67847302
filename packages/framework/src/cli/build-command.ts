import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import { buildProject } from "../schema/build-project.js";

/** `typemcp build [--project tsconfig.json] [--check]`: returns the process exit code. */
export function runBuild(args: readonly string[]): number {
  const project = valueOf(args, "--project", "-p") ?? "tsconfig.json";
  const started = performance.now();
  try {
    const result = buildProject({ project, noEmit: args.includes("--check") });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const files = new Set(result.tools.map((t) => path.relative(process.cwd(), t.file)));
    console.log(`typemcp build: ${result.tools.length} tool(s) from ${[...files].join(", ") || "no files"} in ${seconds}s`);
    for (const t of result.tools) console.log(`  ${t.name}(${Object.keys(t.definition.inputSchema.properties ?? {}).join(", ")})`);
    return 0;
  } catch (error) {
    const problems = error instanceof AggregateError ? error.errors : [error];
    for (const problem of problems) {
      if (problem instanceof BuildError) console.error(problem.location ? `error ${problem.format()}` : problem.message);
      else throw problem;
    }
    console.error(`typemcp build failed: ${problems.length} error(s).`);
    return 1;
  }
}

function valueOf(args: readonly string[], ...flags: string[]): string | undefined {
  const index = args.findIndex((a) => flags.includes(a));
  return index === -1 ? undefined : args[index + 1];
}
