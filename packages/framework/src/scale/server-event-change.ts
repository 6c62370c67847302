import type { ServerChange } from "../runtime/server-app.js";
import type { ServerEvent } from "./redis-event-bus.js";

const CHANGES = { tools_list_changed: "tools", resources_list_changed: "resources", prompts_list_changed: "prompts" } as const;

/** The change a shared bus's event announces, as a server's sessions are told of it. */
export function toServerChange(event: ServerEvent): ServerChange {
  return event.kind === "resource_updated" ? { kind: "resource", uri: event.uri } : { kind: CHANGES[event.kind] };
}

/** The event that announces `change` on a shared bus. */
export function toServerEvent(change: ServerChange): ServerEvent {
  return change.kind === "resource" ? { kind: "resource_updated", uri: change.uri } : { kind: `${change.kind}_list_changed` };
}
