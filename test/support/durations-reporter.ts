import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest files the run names. */
const SLOWEST = 10;

/** Seconds, one decimal. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Ends a run, before its summary line, with where the time went: each project's files added up
 * and the ten slowest files, so a CI log shows what to split or speed up to keep `.ci/run` within
 * its budget (25 minutes on a quiet machine). A file's time is its import plus its tests and
 * hooks; files run side by side, so the sums exceed the run's wall time.
 */
export default class DurationsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => {
      const { collectDuration, duration } = module.diagnostic();
      return { project: module.project.name, file: module.relativeModuleId, ms: collectDuration + duration };
    });
    if (files.length === 0) return;
    const perProject = new Map<string, number>();
    for (const { project, ms } of files) perProject.set(project, (perProject.get(project) ?? 0) + ms);
    const lines = ["", "Time per project (files added up):"];
    for (const [project, ms] of [...perProject].sort((a, b) => b[1] - a[1])) lines.push(`  ${seconds(ms).padStart(9)}  ${project}`);
    lines.push(`Slowest files:`);
    for (const { project, file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) lines.push(`  ${seconds(ms).padStart(9)}  ${file} [${project}]`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
