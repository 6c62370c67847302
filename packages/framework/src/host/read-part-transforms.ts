import { HostError } from "../errors/host-error.js";
import type { ArgumentTransform, ComponentTransform, PartTransforms, ToolTransform } from "../runtime/mount/part-transforms.js";

/**
 * The transforms an mcp.json entry declares for a gateway that mounts it (`"tools"`,
 * `"prompts"`, `"resources"`, each keyed by the server's own names), checked field by field;
 * undefined when it declares none. Each mistake is a HOST_CONFIG_INVALID naming where it is.
 */
export function readPartTransforms(entry: Record<string, unknown>, at: string, file: string): PartTransforms | undefined {
  const fail = (where: string, problem: string) => new HostError("HOST_CONFIG_INVALID", `${file}: ${at}.${where} ${problem}`);
  const tools = eachOf(entry.tools, "tools", fail, (value, where) => readTool(value, where, fail));
  const prompts = eachOf(entry.prompts, "prompts", fail, (value, where) => readComponent(value, where, fail, []));
  const resources = eachOf(entry.resources, "resources", fail, (value, where) => readComponent(value, where, fail, []));
  if (!tools && !prompts && !resources) return undefined;
  return { ...(tools && { tools }), ...(prompts && { prompts }), ...(resources && { resources }) };
}

type Fail = (where: string, problem: string) => HostError;

function eachOf<T>(value: unknown, where: string, fail: Fail, read: (value: unknown, where: string) => T): Record<string, T> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw fail(where, "must be an object keyed by the server's own names");
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, read(item, `${where}.${key}`)]));
}

function readComponent(value: unknown, where: string, fail: Fail, more: readonly string[]): ComponentTransform {
  if (!isObject(value)) throw fail(where, "must be an object");
  const known = ["hidden", "scopes", ...more];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length)
    throw fail(where, `has ${unknown.map((key) => `"${key}"`).join(", ")}, which is not a transform; it takes ${known.map((key) => `"${key}"`).join(", ")}`);
  const { hidden, scopes } = value;
  if (hidden !== undefined && typeof hidden !== "boolean") throw fail(`${where}.hidden`, `must be true or false; got ${JSON.stringify(hidden)}`);
  if (scopes !== undefined && !(Array.isArray(scopes) && scopes.every((scope) => typeof scope === "string" && scope !== "")))
    throw fail(`${where}.scopes`, "must be an array of scope names");
  return { ...(hidden !== undefined && { hidden }), ...(scopes !== undefined && { scopes: scopes as string[] }) };
}

function readTool(value: unknown, where: string, fail: Fail): ToolTransform {
  const base = readComponent(value, where, fail, ["name", "description", "arguments"]);
  const { name, description, arguments: args } = value as Record<string, unknown>;
  if (name !== undefined && (typeof name !== "string" || name === "")) throw fail(`${where}.name`, "must be a non-empty string");
  if (description !== undefined && typeof description !== "string") throw fail(`${where}.description`, "must be a string");
  const changes = eachOf(args, `${where}.arguments`, fail, (change, at): ArgumentTransform => {
    if (!isObject(change) || Object.keys(change).length !== 1 || !("value" in change || "default" in change))
      throw fail(at, 'must be { "value": … } (always this value, hidden from callers) or { "default": … } (this value when none is given)');
    return change as ArgumentTransform;
  });
  return {
    ...base,
    ...(name !== undefined && { name: name as string }),
    ...(description !== undefined && { description: description as string }),
    ...(changes && { arguments: changes }),
  };
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
