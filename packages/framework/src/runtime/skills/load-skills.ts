import { builtSkills } from "./skill-entry.js";
import { mergeSkillSets, toSkillSet, type InlineSkill } from "./inline-skills.js";
import { ServedSkills } from "./served-skills.js";

/** The skills a server serves: those the build left in its bundle and those given in code; undefined when none. */
export async function loadSkills(inline: readonly InlineSkill[]): Promise<ServedSkills | undefined> {
  const set = mergeSkillSets([builtSkills(), inline.length ? await toSkillSet(inline) : undefined]);
  return set && new ServedSkills(set);
}

/** Whether there will be skills to serve, known without reading any (capabilities are declared before). */
export function hasSkills(inline: readonly InlineSkill[]): boolean {
  return inline.length > 0 || (builtSkills()?.skills.length ?? 0) > 0;
}
