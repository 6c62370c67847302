/**
 * The SDK's Skills extension (SEP-2640) helpers that typemcp uses: `skillEntry`, which makes a
 * skill's entry from its files (frontmatter read by the SDK's YAML reader, the Agent Skills rules
 * checked, digests and sizes), the same way the SDK's own `SkillsClient` verifies them. Loaded on
 * first use: a server whose skills the build already described never loads it.
 */
import type { SkillEntry } from "./skill-entry.js";

/** What `describeSkill` found wrong with a skill, each problem in words. */
export class SkillProblems extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join("; "));
  }
}

/**
 * The entry of the skill at `skillPath` (`calc-help`, or `acme/billing/refunds`) from its files
 * by path inside its folder (`SKILL.md`, `references/GUIDE.md`). Throws {@link SkillProblems}.
 */
export async function describeSkill(skillPath: string, files: Record<string, string | Uint8Array>): Promise<SkillEntry> {
  const { skillEntry, SkillCatalogError } = await import("@modelcontextprotocol/server/ext/skills");
  try {
    const entry = await skillEntry(skillPath, files);
    if (!Array.isArray(entry.resources)) throw new SkillProblems([`${skillPath}: its files could not be listed`]);
    return entry as SkillEntry;
  } catch (error) {
    if (error instanceof SkillCatalogError) throw new SkillProblems(error.problems.map((p) => p.message));
    throw error;
  }
}
