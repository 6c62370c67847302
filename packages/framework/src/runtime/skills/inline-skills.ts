import { BuildError } from "../../errors/build-error.js";
import { describeSkill, SkillProblems } from "./sdk-skills.js";
import { toSkillFileContent } from "./skill-file-content.js";
import type { SkillFileContent, SkillSet } from "./skill-entry.js";

/**
 * A skill given in code (`serve({ skills: [...] })`): its path under `skill://` (its folder name,
 * which must equal its `name`, after any organizational prefix) and its files by path inside it.
 *
 * @example
 * ```ts
 * const skill: InlineSkill = {
 *   path: "calc-help",
 *   files: { "SKILL.md": "---\nname: calc-help\ndescription: When to add and when to divide.\n---\nCall add for sums.\n" },
 * };
 * ```
 */
export interface InlineSkill {
  readonly path: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
}

/** The entries and contents of `skills`, each checked as the build checks a `skills/` folder. Throws SkillProblems. */
export async function toSkillSet(skills: readonly InlineSkill[]): Promise<SkillSet> {
  const encoder = new TextEncoder();
  const files: Record<string, SkillFileContent> = {};
  const entries = [];
  for (const skill of skills) {
    const bytes = Object.fromEntries(Object.entries(skill.files).map(([name, value]) => [name, typeof value === "string" ? encoder.encode(value) : value]));
    const entry = await describeSkill(skill.path, bytes).catch((error: unknown) => {
      if (!(error instanceof SkillProblems)) throw error;
      throw new BuildError("INVALID_SKILL", `The skill "${skill.path}" given in code (skills option) is not a valid skill: ${error.message}.`);
    });
    const root = entry.uri.slice(0, -"SKILL.md".length);
    // The entry's URIs are percent-encoded where a file's name needs it.
    for (const { uri } of entry.resources) {
      const name = decodeURI(uri.slice(root.length));
      files[uri] = toSkillFileContent(name, bytes[name] ?? new Uint8Array());
    }
    entries.push(entry);
  }
  return { skills: entries, files };
}

/** Both sets as one: the build's `skills/` folder and the code's, a skill in both served from the code. */
export function mergeSkillSets(sets: readonly (SkillSet | undefined)[]): SkillSet | undefined {
  const present = sets.filter((s): s is SkillSet => s !== undefined && s.skills.length > 0);
  if (present.length <= 1) return present[0];
  const skills = new Map(present.flatMap((s) => s.skills.map((e) => [e.uri, e] as const)));
  return { skills: [...skills.values()], files: Object.assign({}, ...present.map((s) => s.files)) };
}
