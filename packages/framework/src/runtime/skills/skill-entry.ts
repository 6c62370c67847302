/**
 * The Skills extension's (SEP-2640) wire shapes and names, in typemcp's terms: what `skills/list`
 * and `skills/get` answer, and what the build hands the runtime to serve.
 */

/** The Skills extension's identifier, in `capabilities.extensions`. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/** The MIME type of a directory resource (`resources/directory/read`). */
export const DIRECTORY_MIME_TYPE = "inode/directory";

/** One file of a skill: its URI, the SHA-256 of its raw bytes (`sha256:{hex}`) and their length. */
export interface SkillResource {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

/** One skill as `skills/list` and `skills/get` answer it. */
export interface SkillEntry {
  /** The URI of the skill's `SKILL.md`. */
  readonly uri: string;
  /** The `SKILL.md` frontmatter as written, as JSON. */
  readonly frontmatter: { readonly name: string; readonly description: string; readonly [field: string]: unknown };
  /** Every file of the skill, `SKILL.md` first. */
  readonly resources: readonly SkillResource[];
}

/** A skill file's content as `resources/read` sends it: UTF-8 text, or base64 bytes. */
export type SkillFileContent = { readonly mimeType: string; readonly text: string } | { readonly mimeType: string; readonly blob: string };

/** What a build (or `serve({ skills })`) gives the runtime: each skill's entry and every file's content, by URI. */
export interface SkillSet {
  readonly skills: readonly SkillEntry[];
  readonly files: Readonly<Record<string, SkillFileContent>>;
}

/** Where a bundle built by `typemcp build` leaves the skills of its `skills/` folder for the runtime. */
export const BUILT_SKILLS_KEY = "typemcp.skills";

/** The skills the build left in this bundle, if any (see {@link BUILT_SKILLS_KEY}). */
export function builtSkills(): SkillSet | undefined {
  return (globalThis as Record<symbol, SkillSet | undefined>)[Symbol.for(BUILT_SKILLS_KEY)];
}
