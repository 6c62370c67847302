import { HostError } from "../errors/host-error.js";

/** The tool names Anthropic's Messages API and OpenAI's Chat and Responses APIs all accept. */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Provider-safe names for `names` (qualified `server__tool` names, say), each unique and the
 * same every time for the same set: a valid name is kept; any other character becomes `_`;
 * a name too long, or one that now collides, is cut and ends in `_` and eight hex digits
 * hashed from the original. Returns original → provider name.
 */
export function toProviderToolNames(names: Iterable<string>): Map<string, string> {
  const result = new Map<string, string>();
  for (const name of names) result.set(name, PROVIDER_TOOL_NAME.test(name) ? name : shorten(name.replace(/[^a-zA-Z0-9_-]/g, "_") || "tool", name));
  const byCandidate = new Map<string, string[]>();
  for (const [name, candidate] of result) byCandidate.set(candidate, [...(byCandidate.get(candidate) ?? []), name]);
  for (const group of byCandidate.values()) {
    if (group.length < 2) continue;
    for (const name of group) if (result.get(name) !== name) result.set(name, withHash(result.get(name)!, name));
  }
  const seen = new Map<string, string>();
  for (const [name, safe] of result) {
    const other = seen.get(safe);
    if (other !== undefined) throw new HostError("HOST_USAGE", `Tools "${other}" and "${name}" get the same provider name "${safe}"; rename one.`);
    seen.set(safe, name);
  }
  return result;
}

/** The provider-safe name of one tool name; see `toProviderToolNames`. */
export function toProviderToolName(name: string): string {
  return toProviderToolNames([name]).get(name)!;
}

function shorten(safe: string, original: string): string {
  return safe.length <= 64 ? safe : withHash(safe, original);
}

function withHash(safe: string, original: string): string {
  const suffix = `_${fnv1a(original)}`;
  return safe.slice(0, 64 - suffix.length) + suffix;
}

// FNV-1a, 32 bits: enough to tell a handful of names apart, and the same on every platform.
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}
