import type { SkillSet } from "../../runtime/skills/skill-entry.js";
import { BUILT_SKILLS_KEY } from "../../runtime/skills/skill-entry.js";

/**
 * `entry`'s emitted JavaScript with `skills` set where the runtime looks for them (see
 * `builtSkills`), before the module's own first statement runs `serve()`. Written on the first
 * line, before what is there, so that every later line keeps its place in the source map.
 */
export function withSkills(emitted: string, skills: SkillSet): string {
  const shebang = /^#![^\n]*\n/.exec(emitted)?.[0] ?? "";
  return `${shebang}globalThis[Symbol.for(${JSON.stringify(BUILT_SKILLS_KEY)})] = ${JSON.stringify(skills)};${emitted.slice(shebang.length)}`;
}
