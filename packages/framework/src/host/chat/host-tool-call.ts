import type { ToolResultMessage } from "../models/model-adapter.js";
import { hostToolArguments } from "./call-arguments.js";
import type { ChatServer } from "./chat-types.js";
import type { HostAnsweredCall } from "./host-answered-call.js";

/** How a host-answered tool refuses: the decision emitted, the reason returned to the model. */
export type RefuseCall = (decision: "unknown" | "invalid" | "refused", by: "host" | "schema" | "consent", reason: string) => ToolResultMessage;

/**
 * The start that the host's tools over servers (resources, skills) share: the call's arguments
 * read and its `call` event emitted; a refusal; and the server its `server` argument names among
 * `servers`, or the refusal to give when it names none of them (`what`: "resources", "skills").
 */
export function startHostToolCall(
  host: HostAnsweredCall,
  servers: readonly ChatServer[],
  what: string,
): { args: Record<string, unknown> | undefined; refuse: RefuseCall; server: ChatServer | undefined; unknownServer: ToolResultMessage | undefined } {
  const { call } = host;
  const args = hostToolArguments(call);
  host.emit({ type: "call", step: host.step, id: call.id, name: call.name, arguments: args });
  const refuse: RefuseCall = (decision, by, reason) => {
    host.emit({ type: "decision", id: call.id, decision, reason, by });
    return host.reply(true, reason);
  };
  const wanted = typeof args?.server === "string" ? args.server : undefined;
  const server = wanted === undefined ? undefined : servers.find((s) => s.name === wanted);
  const unknownServer =
    wanted !== undefined && !server
      ? refuse("unknown", "host", `There is no server "${wanted}" with ${what}. The servers are: ${servers.map((s) => s.name).join(", ") || "none"}.`)
      : undefined;
  return { args, refuse, server, unknownServer };
}
