import { TASKS_EXTENSION, type Era, type ServerCapabilities } from "./sdk/protocol-types.js";
import { SKILLS_EXTENSION } from "./skills/skill-entry.js";

/**
 * What a server that `offers` these declares to a new session of `era`. A 2025 client over stateless HTTP has no
 * session, so no stream to send a list change or a resource update on: the server does not claim
 * it can, or a client would wait for notifications never sent. A 2026 client opens a
 * subscriptions/listen stream for them.
 */
export function serverCapabilities(offers: Offers, stateless: boolean, era: Era): ServerCapabilities {
  if (era === "2026-07-28") stateless = false;
  const extensions: [string, Record<string, boolean>][] = [];
  if (offers.tasks && era === "2026-07-28") extensions.push([TASKS_EXTENSION, {}]);
  if (offers.skills) extensions.push([SKILLS_EXTENSION, { directoryRead: true }]);
  return {
    tools: stateless ? {} : { listChanged: true },
    logging: {},
    // A tool's view is a resource: a view-taking client reads it with resources/read; so is a skill's file.
    ...(offers.resources || offers.views || offers.skills ? { resources: stateless ? {} : { subscribe: true, listChanged: true } } : {}),
    ...(offers.prompts ? { prompts: stateless ? {} : { listChanged: true } } : {}),
    ...(offers.completions ? { completions: {} } : {}),
    // 2026-07-28 negotiates tasks as an extension; 2025-11-25 as the experimental `tasks` capability.
    // Skills are declared in both eras; `directoryRead`: resources/directory/read is served.
    ...(extensions.length ? { extensions: Object.fromEntries(extensions) } : {}),
    ...(offers.tasks && era === "2025-11-25" ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : {}),
  };
}

/** What a server offers, as far as its capabilities tell a client. */
export interface Offers {
  readonly resources: boolean;
  readonly prompts: boolean;
  readonly completions: boolean;
  /** Task tools (`@tool({ task })`). */
  readonly tasks: boolean;
  readonly skills: boolean;
  /** Tools with views (MCP Apps). */
  readonly views: boolean;
}
