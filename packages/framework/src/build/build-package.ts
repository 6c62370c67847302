import fs from "node:fs";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { bundleEntries, staleChunks } from "./bundle/bundle-entries.js";
import { withoutClassNameMarks } from "./schema/class-names.js";
import { findUnrunnable } from "./bundle/check-runnable.js";
import { findEntries } from "./bundle/find-entries.js";
import { servedSchemas } from "./bundle/served-schemas.js";
import { bundleForPlatform, type PlatformBundleOptions } from "./platform/platform-bundle.js";
import type { PlatformTarget } from "./platform/platform-targets.js";
import { buildProject } from "./schema/build-project.js";
import type { BuildWarning } from "./schema/build-warning.js";
import type { DerivedComponent } from "./schema/derive-definitions.js";
import { writeOutputs } from "./schema/write-outputs.js";
import { filesLoadedBy } from "./pack/files-loaded-by.js";
import { bundleViews } from "./views/bundle-views.js";
import { buildSkills, type BuiltSkills } from "./skills/build-skills.js";

/** What `typemcp build` asks of {@link buildPackage}. */
export interface BuildPackageOptions {
  /** The tsconfig of the server's package. */
  project: string;
  /** Type-check and derive the schemas, writing nothing. */
  check?: boolean;
  /** Write TypeScript's output as it is, without bundling the entries. */
  noBundle?: boolean;
  /** Entry points named on the command line (else found: files that call serve(), package.json "bin"). */
  entries?: readonly string[];
  /** The platforms to write an entry for, besides Node's bundle. */
  targets?: readonly PlatformTarget[];
  /** Packages left as imports in the bundles. */
  external?: readonly string[];
  /** Called with the build's warnings as soon as the types are read, before bundling. */
  onWarnings?: (warnings: readonly BuildWarning[]) => void;
}

/** What a build derived and wrote. */
export interface BuiltPackage {
  components: readonly DerivedComponent[];
  /**
   * The components the entries serve: those of the files an entry loads (all of them when
   * nothing was bundled). One in another file is built but never runs.
   */
  served: readonly DerivedComponent[];
  /** The Node entries, each bundled (their loaders and bundles written beside them). */
  entries: string[];
  /** The platforms' entries written (`dist/server.workers.js`, …). */
  platformFiles: string[];
  /** Emitted files Node would misread, left out because the bundle includes them. */
  leftOut: string[];
  /** The skills each entry serves, from its `skills/` folder. */
  skills: BuiltSkills[];
}

/**
 * `typemcp build` from source to shipped files: reads the types into schemas, bundles each tool's
 * view, each platform's entry and each Node entry (with validators compiled ahead of time), and
 * writes it all only once every step has succeeded. Throws BuildErrors (or an AggregateError of
 * them) naming the source file and line.
 */
export async function buildPackage(options: BuildPackageOptions): Promise<BuiltPackage> {
  const { project } = options;
  const packageDir = path.dirname(path.resolve(project));
  const bundling = !options.check && !options.noBundle;
  const result = buildProject({ project, noEmit: options.check, inMemory: true, markClassNames: bundling });
  options.onWarnings?.(result.warnings);
  const outputs = new Map(result.outputs);
  const entries = bundling ? findEntries({ packageDir, program: result.program, sources: result.sources, explicit: options.entries ?? [] }) : [];
  const compilerOptions = result.program.getCompilerOptions();
  // From the emitted files as compiled, before bundling puts loaders in the entries' place.
  const loaded = new Set(entries.flatMap((entry) => [...filesLoadedBy(entry, result.outputs, result.sources, compilerOptions)].map((s) => s.fileName)));
  const served = entries.length ? result.components.filter((c) => loaded.has(c.file)) : result.components;
  const unrunnable = findUnrunnable(outputs, result.sources, new Set(entries), result.program);
  if (!bundling && unrunnable.length)
    throw new AggregateError(
      unrunnable.map((u) => u.error),
      "unrunnable output",
    );
  if (!options.check) await bundleViews(outputs, result.components);
  // Checked in every mode; written into the entries before any bundle is made of them.
  const skillEntries = bundling ? entries : findEntries({ packageDir, program: result.program, sources: result.sources, explicit: options.entries ?? [] });
  const skills = await buildSkills({
    outputs,
    entries: skillEntries,
    emitted: result.outputs,
    sources: result.sources,
    compilerOptions,
    components: result.components,
    packageDir,
  });
  const sourceMap = compilerOptions.inlineSourceMap ? "inline" : compilerOptions.sourceMap ? "linked" : false;
  const platforms = options.targets ?? [];
  if (platforms.length && !entries.length) throw new HostError("HOST_USAGE", "--target needs an entry point: call serve() in a file, or name it with --entry.");
  const schemas = servedSchemas(result.components);
  const platformFiles = await bundlePlatforms(outputs, entries, platforms, { sources: result.sources, external: options.external, packageDir, schemas });
  await bundleEntries({ outputs, entries, sources: result.sources, external: options.external, sourceMap, schemas });
  // Bundled, the other files are never run; one Node would misread is left out rather than written.
  for (const { file } of unrunnable) {
    outputs.delete(file);
    outputs.delete(`${file}.map`);
  }
  if (!options.check) {
    // What TypeScript emits, as the bundles no longer need the marks their classes were found by.
    for (const [file, text] of outputs) if (/\.[cm]?js$/.test(file)) outputs.set(file, withoutClassNameMarks(text));
    writeOutputs(outputs);
    for (const file of staleChunks(outputs, entries)) fs.rmSync(file, { force: true });
  }
  return { components: result.components, served, entries, platformFiles, leftOut: unrunnable.map((u) => u.file), skills };
}

// Before the Node bundles, which put a loader in each entry's place.
async function bundlePlatforms(
  outputs: Map<string, string>,
  entries: readonly string[],
  targets: readonly PlatformTarget[],
  options: Omit<PlatformBundleOptions, "outputs" | "entry" | "target">,
): Promise<string[]> {
  const snapshot = new Map(outputs);
  const files: string[] = [];
  for (const entry of entries) {
    for (const target of targets) {
      const bundled = new Map(snapshot);
      const file = await bundleForPlatform({ ...options, outputs: bundled, entry, target });
      outputs.set(file, bundled.get(file)!);
      files.push(file);
    }
  }
  return files;
}
