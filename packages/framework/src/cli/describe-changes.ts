import type { DerivedComponent } from "../build/schema/derive-definitions.js";

/** What one build served, by kind and name, for comparing two builds. */
export type ServedDefinitions = ReadonlyMap<string, string>;

/** The definitions a build derived, keyed `tool add`, `resource note://{name}`, `prompt greet`. */
export function toServedDefinitions(components: readonly DerivedComponent[]): ServedDefinitions {
  const served = new Map<string, string>();
  for (const c of components) served.set(`${c.kind} ${c.name}`, JSON.stringify(c.definition));
  return served;
}

/**
 * Lines saying what changed between two builds: `+ tool cube`, `- tool sqrt`,
 * `~ tool add: input schema, description`. Empty when nothing a client sees changed.
 */
export function describeChanges(before: ServedDefinitions, after: ServedDefinitions): string[] {
  const lines: string[] = [];
  for (const [key, definition] of after) {
    const old = before.get(key);
    if (old === undefined) lines.push(`+ ${key}`);
    else if (old !== definition) lines.push(`~ ${key}: ${changedParts(JSON.parse(old), JSON.parse(definition)).join(", ")}`);
  }
  for (const key of before.keys()) if (!after.has(key)) lines.push(`- ${key}`);
  return lines;
}

const PARTS: ReadonlyArray<[string, string]> = [
  ["inputSchema", "input schema"],
  ["outputSchema", "output schema"],
  ["description", "description"],
  ["arguments", "arguments"],
  ["params", "parameters"],
];

function changedParts(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const parts = PARTS.filter(([field]) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map(([, label]) => label);
  return parts.length ? parts : ["definition"];
}
