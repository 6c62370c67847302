import path from "node:path";
import type ts from "typescript";
import type { DerivedComponent } from "../schema/derive-definitions.js";
import { filesLoadedBy } from "../pack/files-loaded-by.js";
import { checkSkills } from "./check-skills.js";
import { withSkills } from "./embed-skills.js";
import { findSkills, skillsFolderOf } from "./find-skills.js";

/** What the build needs to find each entry's skills and the tools they may name. */
export interface SkillBuildInput {
  readonly outputs: Map<string, string>;
  readonly entries: readonly string[];
  readonly emitted: ReadonlyMap<string, string>;
  readonly sources: ReadonlyMap<string, ts.SourceFile>;
  readonly compilerOptions: ts.CompilerOptions;
  readonly components: readonly DerivedComponent[];
  readonly packageDir: string;
}

/** The skills one entry serves, by name, and the folder they came from. */
export interface BuiltSkills {
  readonly entry: string;
  readonly folder: string;
  readonly names: readonly string[];
}

/**
 * For each entry with a `skills/` folder (beside its source, else in the package): checks every
 * skill in it against the Agent Skills rules and the tools the entry serves, and writes the
 * skills into the entry's emitted JavaScript, so that its bundle (Node's and each platform's)
 * carries them. Throws BuildErrors naming the SKILL.md and line.
 */
export async function buildSkills(input: SkillBuildInput): Promise<BuiltSkills[]> {
  const built: BuiltSkills[] = [];
  for (const entry of input.entries) {
    const source = input.sources.get(entry);
    const folder = source && skillsFolderOf(source.fileName, input.packageDir);
    if (!folder) continue;
    const found = findSkills(folder);
    if (!found.length) continue;
    const loaded = new Set([...filesLoadedBy(entry, input.emitted, input.sources, input.compilerOptions)].map((s) => s.fileName));
    const tools = input.components.filter((c) => c.kind === "tool" && loaded.has(c.file)).map((c) => c.name);
    const set = await checkSkills(found, tools);
    const emitted = input.outputs.get(entry);
    if (emitted !== undefined) input.outputs.set(entry, withSkills(emitted, set));
    built.push({ entry, folder: path.resolve(folder), names: set.skills.map((s) => s.frontmatter.name) });
  }
  return built;
}
