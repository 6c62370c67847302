import { BuildError } from "../errors/build-error.js";
import { formatWarning, warningsOf } from "../build/schema/build-warning.js";

/**
 * The lines `typemcp build` prints for a failed build: its warnings, each error (`error
 * file:line:column - message`) and a count. Anything that is not a build problem is rethrown.
 */
export function formatBuildFailure(error: unknown): string[] {
  const problems = flatten(error);
  const lines = warningsOf(error).map((warning) => `warning ${formatWarning(warning)}`);
  for (const problem of problems) {
    if (!(problem instanceof BuildError)) throw problem;
    lines.push(problem.location ? `error ${problem.format()}` : problem.message);
  }
  lines.push(`typemcp build failed: ${problems.length} error(s).`);
  return lines;
}

function flatten(error: unknown): unknown[] {
  return error instanceof AggregateError ? error.errors.flatMap(flatten) : [error];
}
