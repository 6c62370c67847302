import path from "node:path";
import { BuildError } from "../errors/build-error.js";
import { buildProject } from "../schema/build-project.js";
import { formatWarning, warningsOf, type BuildWarning } from "../schema/build-warning.js";
import { bundleEntries } from "./bundle-entries.js";

/**
 * `typemcp build [--project tsconfig.json] [--check] [--no-bundle] [--external name]...`:
 * returns the process exit code.
 */
export async function runBuild(args: readonly string[]): Promise<number> {
  const project = valuesOf(args, "--project", "-p")[0] ?? "tsconfig.json";
  const started = performance.now();
  try {
    const result = buildProject({ project, noEmit: args.includes("--check") });
    printWarnings(result.warnings);
    const bundled =
      args.includes("--check") || args.includes("--no-bundle")
        ? []
        : await bundleEntries({ packageDir: path.dirname(path.resolve(project)), emitted: result.emitted, external: valuesOf(args, "--external") });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const files = new Set([...result.tools, ...result.members].map((t) => path.relative(process.cwd(), t.file)));
    console.log(`typemcp build: ${result.tools.length} tool(s) from ${[...files].join(", ") || "no files"} in ${seconds}s`);
    for (const t of result.tools) console.log(`  ${t.name}(${Object.keys(t.definition.inputSchema.properties ?? {}).join(", ")})`);
    for (const m of result.members) console.log(`  ${m.kind} ${m.name}`);
    for (const file of bundled) console.log(`  → ${path.relative(process.cwd(), file)} (bundled)`);
    return 0;
  } catch (error) {
    printWarnings(warningsOf(error));
    const problems = error instanceof AggregateError ? error.errors : [error];
    for (const problem of problems) {
      if (problem instanceof BuildError) console.error(problem.location ? `error ${problem.format()}` : problem.message);
      else throw problem;
    }
    console.error(`typemcp build failed: ${problems.length} error(s).`);
    return 1;
  }
}

function printWarnings(warnings: readonly BuildWarning[]): void {
  for (const warning of warnings) console.error(`warning ${formatWarning(warning)}`);
}

function valuesOf(args: readonly string[], ...flags: string[]): string[] {
  return args.flatMap((arg, i) => (flags.includes(arg) && args[i + 1] !== undefined ? [args[i + 1]!] : []));
}
