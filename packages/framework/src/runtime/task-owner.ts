import { principalKey, type AuthInfo } from "./auth-info.js";

/**
 * Who a task belongs to. Only its owner may list, read, answer or cancel it; anyone else is told
 * it does not exist. The owner is, in this order: the authenticated principal (a bearer token
 * that names someone), else the 2025-11-25 session (or stdio connection) that started it, else
 * nobody, in which case the task id itself is the capability: a 2026-07-28 request, or a
 * 2025-11-25 request on a stateless server, reaches a task only by its random id, and
 * `tasks/list` lists nothing.
 */

/** What decides a task's owner, as one request knows it. */
export interface TaskCaller {
  /** 2026-07-28 requests carry no session: their tasks are reached by id alone. */
  readonly era: "legacy" | "modern";
  /** The verified token, when the server authenticates its callers. */
  readonly auth?: AuthInfo | undefined;
  /** The 2025-11-25 HTTP session (`Mcp-Session-Id`). */
  readonly sessionId?: string | undefined;
  /** The connection the request came on when it has no session id (stdio, in memory); undefined on a stateless server. */
  readonly connectionId?: string | undefined;
}

/**
 * The owner key of tasks `caller` starts and may see, or undefined when the task id is the only
 * key (then `tasks/list` shows nothing). Prefixed by kind, so a session id can never pass for a
 * principal of the same spelling.
 */
export function taskOwner(caller: TaskCaller): string | undefined {
  const principal = principalKey(caller.auth);
  if (principal !== undefined) return principal;
  if (caller.era === "modern") return undefined;
  const session = caller.sessionId ?? caller.connectionId;
  return session === undefined ? undefined : `session:${session}`;
}
