import { TASKS_EXTENSION, type Era, type ServerCapabilities } from "./sdk/sdk.js";
import type { ServerApp } from "./server-app.js";
import { SKILLS_EXTENSION } from "./skills/skill-entry.js";

/**
 * What `app` declares to a new session of `era`. A 2025 client over stateless HTTP has no
 * session, so no stream to send a list change or a resource update on: the server does not claim
 * it can, or a client would wait for notifications never sent. A 2026 client opens a
 * subscriptions/listen stream for them.
 */
export function serverCapabilities(app: ServerApp, stateless: boolean, era: Era): ServerCapabilities {
  if (era === "2026-07-28") stateless = false;
  const hasCompletions =
    app.resources.values().some((r) => r.options.complete || r.generated.completions) ||
    app.prompts.values().some((p) => p.options.complete || p.generated.completions);
  const skills = app.hasSkills();
  const extensions: [string, Record<string, boolean>][] = [];
  if (app.tasks && era === "2026-07-28") extensions.push([TASKS_EXTENSION, {}]);
  if (skills) extensions.push([SKILLS_EXTENSION, { directoryRead: true }]);
  return {
    tools: stateless ? {} : { listChanged: true },
    logging: {},
    // A tool's view is a resource: a view-taking client reads it with resources/read; so is a skill's file.
    ...(app.resources.keys().length || app.hasViews() || skills ? { resources: stateless ? {} : { subscribe: true, listChanged: true } } : {}),
    ...(app.prompts.keys().length ? { prompts: stateless ? {} : { listChanged: true } } : {}),
    ...(hasCompletions ? { completions: {} } : {}),
    // 2026-07-28 negotiates tasks as an extension; 2025-11-25 as the experimental `tasks` capability.
    // Skills are declared in both eras; `directoryRead`: resources/directory/read is served.
    ...(extensions.length ? { extensions: Object.fromEntries(extensions) } : {}),
    ...(app.tasks && era === "2025-11-25" ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : {}),
  };
}
