import fs from "node:fs";
import path from "node:path";
import ts from "./schema/typescript.cjs";
import { buildProgram } from "./schema/build-project.js";
import type { DerivedComponent } from "./schema/derive-definitions.js";
import type { PerFile } from "./schema/file-memo.js";
import { readProjectConfig } from "./schema/load-program.js";
import type { ProjectSession } from "./schema/project-session.js";
import { writeOutputs } from "./schema/write-outputs.js";
import { bundleViews } from "./views/bundle-views.js";
import { findEntries } from "./bundle/find-entries.js";
import { buildSkills } from "./skills/build-skills.js";

/**
 * One `typemcp dev` build: the session's program emitted in memory, each view bundled into its
 * page, each entry's skills checked and written into it, the files written. Returns the components it derived (what the new server serves). Not
 * bundled into one file: the dev server runs the emitted files, which a rebuild replaces quickly.
 */
export async function devBuild(session: ProjectSession): Promise<readonly DerivedComponent[]> {
  const result = buildProgram(session.current(), { inMemory: true, memory: session.memory });
  const outputs = new Map(result.outputs);
  await bundleViews(outputs, result.components);
  // Into the emitted entries, which dev runs as they are (not bundled), as the build does.
  const packageDir = path.dirname(path.resolve(session.configPath));
  // The walk for serve() calls the derivation just did (or kept), not a second one.
  const perFile: PerFile = (kind, file, compute) => session.memory.remember(kind, file, compute);
  const entries = findEntries({ packageDir, program: result.program, sources: result.sources, explicit: [], perFile });
  await buildSkills({
    outputs,
    entries,
    emitted: result.outputs,
    sources: result.sources,
    compilerOptions: result.program.getCompilerOptions(),
    components: result.components,
    packageDir,
  });
  writeOutputs(outputs);
  return result.components;
}

/** The emitted JavaScript `typemcp dev` runs: the given source's output, else the package's first `bin`. */
export function devEntryOf(project: string, given: string | undefined): string {
  const parsed = readProjectConfig(project);
  if (given) {
    const absolute = path.resolve(given);
    if (/\.[cm]?tsx?$/.test(absolute) && !absolute.endsWith(".d.ts")) {
      const output = ts.getOutputFileNames(parsed, absolute, false).find((f) => /\.[cm]?js$/.test(f));
      if (output) return output;
    }
    return absolute;
  }
  const packageDir = path.dirname(project);
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error('typemcp dev: name the entry file (typemcp dev src/server.ts): package.json has no "bin".');
  return path.resolve(packageDir, bin);
}

/** The folders a change in which is no source change: node_modules, .git and the build's output. */
export function unwatchedFolders(project: string): string[] {
  const parsed = readProjectConfig(project);
  const dirs = [path.join(path.dirname(project), "node_modules"), path.join(path.dirname(project), ".git")];
  if (parsed.options.outDir) dirs.push(path.resolve(parsed.options.outDir));
  return dirs.map((d) => d + path.sep);
}
