import { principalKey, type AuthInfo } from "./auth-info.js";
import { findResource, type ServedComponents } from "../protocol-handlers.js";
import { missingScopes } from "./scope-check.js";

/** What a request needs that its caller's token lacks. */
export interface ScopeShortfall {
  /** The scopes missing, in the order declared. */
  readonly missing: string[];
  /** What needs them, in words: `tool "close_ticket"`. */
  readonly what: string;
}

/**
 * The scopes a JSON-RPC request needs that `auth` lacks: a `tools/call`, `prompts/get`,
 * `resources/read` or `resources/subscribe` of a component that declares scopes. Undefined when
 * the request may proceed, and for one naming nothing this server serves (the handler answers
 * that in its own words).
 */
export function scopeShortfall(app: Pick<ServedComponents, "tools" | "prompts" | "resources">, message: unknown, auth: AuthInfo): ScopeShortfall | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
  let needed: { scopes: readonly string[]; what: string } | undefined;
  if (method === "tools/call" && typeof params?.name === "string") {
    const tool = app.tools.get(params.name);
    needed = tool && { scopes: tool.scopes, what: `tool "${tool.name}"` };
  } else if (method === "prompts/get" && typeof params?.name === "string") {
    const prompt = app.prompts.get(params.name);
    needed = prompt && { scopes: prompt.scopes, what: `prompt "${prompt.key}"` };
  } else if ((method === "resources/read" || method === "resources/subscribe") && typeof params?.uri === "string") {
    const found = findResource(app, params.uri);
    needed = found && { scopes: found.resource.scopes, what: `resource "${found.resource.key}"` };
  }
  const missing = needed ? missingScopes(needed.scopes, auth) : [];
  return missing.length > 0 ? { missing, what: needed!.what } : undefined;
}

const TASK_METHODS = new Set(["tasks/get", "tasks/update", "tasks/cancel", "tasks/result"]);

/**
 * For a request that reaches a task (`tasks/get`, `tasks/update`, `tasks/cancel`, and
 * 2025-11-25's `tasks/result`), the scopes its tool needs that `auth` lacks: a task is read,
 * answered or cancelled only by a caller that could start it now. Undefined for any other
 * request, and for a task this caller does not own or that does not exist (the handler answers
 * "not found", as for anyone). The task is looked up by the owner a token gives, its principal.
 */
export function taskScopeShortfall(
  app: Pick<ServedComponents, "tools" | "tasks">,
  message: unknown,
  auth: AuthInfo,
): Promise<ScopeShortfall | undefined> | undefined {
  if (!app.tasks || typeof message !== "object" || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { taskId?: unknown } };
  if (typeof method !== "string" || !TASK_METHODS.has(method) || typeof params?.taskId !== "string") return undefined;
  return app.tasks.store.read(params.taskId, principalKey(auth)).then((record) => {
    const name = record?.request?.tool;
    const tool = typeof name === "string" ? app.tools.get(name) : undefined;
    const missing = tool ? missingScopes(tool.scopes, auth) : [];
    return missing.length > 0 ? { missing, what: `the task of tool "${tool!.name}"` } : undefined;
  });
}

/** Every scope the components declare, once each: the server's `scopes_supported`. */
export function scopesSupported(app: Pick<ServedComponents, "tools" | "prompts" | "resources">): string[] {
  const all = [...app.tools.values(), ...app.prompts.values(), ...app.resources.values()].flatMap((item) => item.scopes);
  return [...new Set(all)];
}
