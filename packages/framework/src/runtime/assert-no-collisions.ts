import { BuildError } from "../errors/build-error.js";
import type { collectComponents } from "./components/collect-components.js";
import { servedAs } from "./mount/prefix.js";

const DUPLICATE = { tool: "DUPLICATE_TOOL_NAME", resource: "DUPLICATE_RESOURCE_URI", prompt: "DUPLICATE_PROMPT_NAME" } as const;

/** What a server already serves, by kind. */
interface Served {
  readonly tools: { has(key: string): boolean };
  readonly resources: { has(key: string): boolean };
  readonly prompts: { has(key: string): boolean };
}

/**
 * Throws a `BuildError` naming both methods when a tool or prompt name, or a resource URI, of
 * `found` (the components of `instance`, under `prefix`) is already served or used twice by
 * `instance`; otherwise records in `origins` which method serves each.
 */
export function assertNoCollisions(
  served: Served,
  origins: Map<string, string>,
  instance: object,
  found: ReturnType<typeof collectComponents>,
  prefix: string | undefined,
): void {
  const className = instance.constructor?.name || "(anonymous class)";
  const seen = new Map<string, string>();
  for (const { record } of found) {
    const name = servedAs(record, prefix);
    const key = `${record.kind}\0${name}`;
    const registry = record.kind === "tool" ? served.tools : record.kind === "resource" ? served.resources : served.prompts;
    const here = `${className}.${record.key}`;
    const earlier = seen.get(key) ?? (registry.has(name) ? (origins.get(key) ?? "a component already served") : undefined);
    if (earlier !== undefined) {
      const what = record.kind === "resource" ? "resource URI" : record.kind;
      throw new BuildError(
        DUPLICATE[record.kind],
        `${what} "${name}" is served twice: by ${earlier} and by ${here}. Rename one${record.kind === "resource" ? "'s URI" : ` with @${record.kind}({ name: "…" })`}.`,
      );
    }
    seen.set(key, here);
  }
  for (const [key, origin] of seen) origins.set(key, origin);
}
