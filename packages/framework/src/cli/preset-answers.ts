import { HostError } from "../errors/host-error.js";

/** One `--answer`: an action alone (`accept` takes the form's defaults), or the form's content. */
export type PresetAnswer = { readonly action: "accept" | "decline" | "cancel" } | { readonly content: Record<string, unknown> };

/**
 * Reads `--answer` values, each the answer to one question a server asks, in the order asked:
 * a JSON object (the form filled in), or `accept`, `decline` or `cancel`. Throws a HostError
 * (exit 2) for anything else, before any server starts.
 */
export function readPresetAnswers(values: readonly string[]): PresetAnswer[] {
  return values.map((raw, index) => {
    const text = raw.trim();
    if (text === "accept" || text === "decline" || text === "cancel") return { action: text };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new HostError(
        "HOST_USAGE",
        `--answer #${index + 1} ("${raw}") must be a JSON object of the form's fields, e.g. '{"name": "Ada"}', or accept, decline or cancel.`,
      );
    }
    return { content: value as Record<string, unknown> };
  });
}
