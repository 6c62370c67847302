import { passesHttpChecks2025 } from "../../runtime/sdk.js";
import { isPlainRequest } from "../../runtime/plain-request.js";
import type { RequestView } from "./request-view.js";
import type { LaneRequest } from "./stateless-lanes.js";

// What a kept stateless server may answer: requests whose answer depends only on the request.
// `initialize` (which records the client's capabilities and version on the server) and
// `logging/setLevel` (the session's log level) would leave state behind for the next caller, and
// the rest (tasks, subscriptions) is rare enough to keep its server of its own.
const LANE_METHODS = new Set([
  "tools/call",
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "ping",
]);

/**
 * `parsed` as a request a stateless lane serves (see `StatelessLanes`), or undefined for anything
 * else, which the SDK's transport still judges and answers on a server of its own: notifications,
 * responses, other methods, requests the SDK's schema might refuse, and headers its transport
 * would refuse (wrong Accept or Content-Type, an unknown protocol version).
 */
export function laneRequestOf(parsed: unknown, request: RequestView): LaneRequest | undefined {
  if (!isPlainRequest(parsed)) return undefined;
  const message = parsed as LaneRequest;
  if (!LANE_METHODS.has(message.method) || !passesHttpChecks2025(request)) return undefined;
  // 2025-11-25 experimental tasks: a task-augmented call keeps the SDK's own path.
  if (message.params !== undefined && "task" in message.params) return undefined;
  return message;
}
