/** Which qualified tool names a host may call: glob patterns such as `towns__*` or `*__delete_*`. */
export interface ToolPolicy {
  /** When any are given, a tool must match one of them. */
  readonly allow?: readonly string[];
  /** A tool that matches any of these is refused, even if allowed. */
  readonly deny?: readonly string[];
}

/** Why a name is refused, or undefined when the policy lets it through. */
export function checkToolPolicy(name: string, policy: ToolPolicy): string | undefined {
  const denied = policy.deny?.find((pattern) => matchesGlob(name, pattern));
  if (denied !== undefined) return `it matches --deny "${denied}"`;
  if (policy.allow?.length && !policy.allow.some((pattern) => matchesGlob(name, pattern))) {
    return `it matches no --allow pattern (${policy.allow.map((p) => `"${p}"`).join(", ")})`;
  }
  return undefined;
}

/** Whether `name` matches `pattern` whole, where `*` is any run of characters and `?` any one. */
export function matchesGlob(name: string, pattern: string): boolean {
  const source = [...pattern].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.+()[\]{}|]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`, "s").test(name);
}
