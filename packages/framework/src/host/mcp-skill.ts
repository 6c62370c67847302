/** One skill a server serves (the Skills extension, SEP-2640), as `skills/list` describes it. */
export interface McpSkill {
  /** The URI of its `SKILL.md`. */
  readonly uri: string;
  /** Its `SKILL.md` frontmatter: `name` and `description`, and whatever else the author wrote. */
  readonly frontmatter: { readonly name: string; readonly description: string; readonly [field: string]: unknown };
  /** Its files with their digests, or "dynamic" when the server publishes none. */
  readonly resources: readonly { readonly uri: string; readonly digest: string; readonly size: number }[] | "dynamic";
}

/** One file of a skill as the host read it, checked against the skill's entry. */
export interface McpSkillFile {
  readonly uri: string;
  readonly mimeType?: string;
  /** The file's text; undefined for bytes that are not text. */
  readonly text?: string;
  /** Its length in bytes. */
  readonly size: number;
  /** Size and digest matched the entry (false only for a "dynamic" skill, which has none). */
  readonly verified: boolean;
}
