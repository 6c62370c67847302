import path from "node:path";
import { BuildError } from "../../errors/build-error.js";
import { describeSkill, SkillProblems } from "../../runtime/skills/sdk-skills.js";
import type { SkillEntry, SkillFileContent, SkillSet } from "../../runtime/skills/skill-entry.js";
import { toSkillFileContent } from "../../runtime/skills/skill-file-content.js";
import { closestName } from "../../serve/closest-name.js";
import type { FoundSkill } from "./find-skills.js";

/** The Skills extension's per-skill limits: what every conforming host must accept. */
const MAX_FILES = 512;
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Checks each skill as the Agent Skills format and the Skills extension (SEP-2640) require, and
 * that each tool its `allowed-tools` names is one of `tools` (those the server serves); returns
 * what the runtime serves. Throws a BuildError (INVALID_SKILL) naming the SKILL.md and its line,
 * or an AggregateError of them.
 */
export async function checkSkills(skills: readonly FoundSkill[], tools: readonly string[]): Promise<SkillSet> {
  const errors: BuildError[] = [];
  const entries: SkillEntry[] = [];
  const files: Record<string, SkillFileContent> = {};
  for (const skill of skills) {
    const manifest = path.join(skill.dir, "SKILL.md");
    const text = new TextDecoder().decode(skill.files["SKILL.md"]);
    const fail = (message: string, line: number) => errors.push(new BuildError("INVALID_SKILL", message, { location: { file: manifest, line, column: 1 } }));
    const sizes = Object.values(skill.files).map((f) => f.length);
    const bytes = sizes.reduce((a, b) => a + b, 0);
    if (sizes.length > MAX_FILES || bytes > MAX_BYTES) {
      fail(`The skill "${skill.skillPath}" has ${sizes.length} files of ${bytes} bytes; hosts need accept only ${MAX_FILES} files and 16 MiB per skill.`, 1);
      continue;
    }
    let entry: SkillEntry;
    try {
      entry = await describeSkill(skill.skillPath, skill.files);
    } catch (error) {
      if (!(error instanceof SkillProblems)) throw error;
      for (const problem of error.problems) fail(`${explain(problem, skill.skillPath)}`, lineOf(problem, text));
      continue;
    }
    for (const name of unknownTools(entry.frontmatter["allowed-tools"], tools)) {
      const near = closestName(name, tools);
      fail(
        `allowed-tools names "${name}", which is no tool of this server${near ? `: did you mean "${near}"?` : "."} Tools served: ${tools.join(", ") || "none"}. A tool of the host goes in its own form, like Bash(git:*).`,
        lineOfKey("allowed-tools", text),
      );
    }
    const root = entry.uri.slice(0, -"SKILL.md".length);
    for (const { uri } of entry.resources) {
      const name = decodeURI(uri.slice(root.length));
      files[uri] = toSkillFileContent(name, skill.files[name] ?? new Uint8Array());
    }
    entries.push(entry);
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new AggregateError(errors, `${errors.length} skill problems`);
  return { skills: entries, files };
}

// A skill names the server's tools in `allowed-tools` (space-separated, as the Agent Skills format
// writes it). An entry with arguments, like Bash(git:*), is a host tool's permission: not ours to check.
function unknownTools(allowed: unknown, tools: readonly string[]): string[] {
  if (typeof allowed !== "string") return [];
  return allowed.split(/\s+/).filter((name) => name !== "" && !name.includes("(") && !tools.includes(name));
}

// The SDK's words, with the fix a reader needs where they do not say it.
function explain(problem: string, skillPath: string): string {
  const last = skillPath.split("/").pop();
  if (/must match the last path segment/.test(problem))
    return `${problem}: rename the folder or the name, so that skills/${skillPath}/SKILL.md says name: ${last}.`;
  if (/must contain string "name" and "description"/.test(problem))
    return `${problem}: a skill's SKILL.md starts with a frontmatter block that gives both (---, name: ${last}, description: what it teaches and when to use it, ---).`;
  return problem;
}

// The SDK names a frontmatter line for YAML errors; a field's problem points at that field.
function lineOf(problem: string, text: string): number {
  const line = /\bline (\d+)\b/.exec(problem)?.[1];
  if (line) return Number(line);
  if (/\bname\b/.test(problem)) return lineOfKey("name", text);
  if (/\bdescription\b/.test(problem)) return lineOfKey("description", text);
  return 1;
}

function lineOfKey(key: string, text: string): number {
  const index = text.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? 1 : index + 1;
}
