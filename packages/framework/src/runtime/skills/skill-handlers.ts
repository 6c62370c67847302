import { ProtocolError } from "../../errors/protocol-error.js";
import type { Era, ProtocolServer } from "../sdk/sdk.js";
import type { ServedSkills } from "./served-skills.js";

/** What the skill handlers answer from. */
export interface SkillsOfServer {
  skills(): Promise<ServedSkills | undefined>;
  /** The 2026-07-28 cache fields of a skills answer, which the extension requires on that era. */
  skillsCacheHint(era: Era): { ttlMs?: number; cacheScope?: "public" };
}

const uriParam = (params: Record<string, unknown>) =>
  typeof params.uri === "string" && params.uri !== "" ? undefined : "params.uri must be a non-empty string (a skill's SKILL.md URI, from skills/list)";
const listParams = (params: Record<string, unknown>) =>
  params.cursor === undefined || typeof params.cursor === "string" ? undefined : "params.cursor must be a string";

/**
 * Answers the Skills extension's methods (SEP-2640) in either era: `skills/list` (every skill in
 * one page), `skills/get` (one skill by the URI of its `SKILL.md`) and `resources/directory/read`
 * (the direct children of a skill directory). Skill files themselves are read with
 * `resources/read`, answered beside the server's other resources.
 */
export function registerSkillHandlers(app: SkillsOfServer, protocol: ProtocolServer): void {
  const served = async () => (await app.skills()) ?? noSkills();
  protocol.handleExtension("skills/list", listParams, async (params, extra) => {
    // typemcp lists every skill in one page and issues no cursor (as its other lists).
    if (params.cursor !== undefined)
      throw new ProtocolError(
        "INVALID_PARAMS",
        "Invalid cursor for skills/list: this server returns every skill in one page and issued no cursor; call skills/list without one.",
      );
    return { skills: (await served()).list(), ...app.skillsCacheHint(extra.era) };
  });
  protocol.handleExtension("skills/get", uriParam, async (params, extra) => ({ skill: (await served()).get(params.uri), ...app.skillsCacheHint(extra.era) }));
  protocol.handleExtension("resources/directory/read", uriParam, async (params, extra) => {
    if (params.cursor !== undefined)
      throw new ProtocolError(
        "INVALID_PARAMS",
        "Invalid cursor for resources/directory/read: this server returns every child in one page and issued no cursor.",
      );
    return { resources: (await served()).readDirectory(params.uri), ...app.skillsCacheHint(extra.era) };
  });
}

function noSkills(): never {
  throw new ProtocolError("UNKNOWN_SKILL", "This server serves no skills.");
}
