import { passesHttpChecks2025 } from "../../runtime/sdk/sdk.js";
import { isPlainRequest, REQUEST_ONLY_METHODS } from "../../runtime/sdk/plain-request.js";
import type { RequestView } from "./request-view.js";
import type { LaneRequest } from "./stateless-lanes.js";

/**
 * `parsed` as a request a stateless lane serves (see `StatelessLanes`), or undefined for anything
 * else, which the SDK's transport still judges and answers on a server of its own: notifications,
 * responses, other methods, requests the SDK's schema might refuse, and headers its transport
 * would refuse (wrong Accept or Content-Type, an unknown protocol version).
 */
export function laneRequestOf(parsed: unknown, request: RequestView): LaneRequest | undefined {
  if (!isPlainRequest(parsed)) return undefined;
  const message = parsed as LaneRequest;
  if (!REQUEST_ONLY_METHODS.has(message.method) || !passesHttpChecks2025(request)) return undefined;
  // A task-augmented call is served on a lane too: the task runs on with a context of its own
  // (task-context.ts), which sends nothing through the server that started it.
  return message;
}
