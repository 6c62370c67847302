import type { CompletionSource } from "../../definitions/completion-definition.js";

/** MCP caps a completion answer at 100 values. */
const MAX_VALUES = 100;

/** What `completion/complete` says besides the argument: the values of the others already filled in (`context.arguments`). */
export interface CompletionContext {
  readonly arguments?: Readonly<Record<string, string>>;
}

/** A completion answer as `completion/complete` returns it. */
export interface CompletionAnswer {
  values: string[];
  total: number;
  hasMore: boolean;
}

/**
 * Candidates for one argument: from the author's source (a fixed list, or a method of the same
 * instance called with the typed prefix), else from what the build found in the type (a
 * literal union). Fixed lists are filtered by case-insensitive prefix; a method filters itself.
 */
export async function resolveCompletions(
  value: string,
  source: CompletionSource | undefined,
  fromType: readonly string[] | undefined,
  instance: object,
): Promise<CompletionAnswer> {
  let candidates: readonly string[];
  if (typeof source === "string") {
    const method = (instance as Record<string, unknown>)[source];
    if (typeof method !== "function") throw new TypeError(`completion method "${source}" does not exist`);
    const answer = (await method.call(instance, value)) as readonly string[] | Partial<CompletionAnswer>;
    // A method that caps its own list says how many there are in all with { values, total, hasMore }.
    if (!Array.isArray(answer)) {
      const values = ((answer as Partial<CompletionAnswer>).values ?? []).slice(0, MAX_VALUES);
      const total = (answer as Partial<CompletionAnswer>).total ?? values.length;
      return { values, total, hasMore: (answer as Partial<CompletionAnswer>).hasMore ?? total > values.length };
    }
    candidates = answer;
  } else {
    const prefix = value.toLowerCase();
    candidates = (source ?? fromType ?? []).filter((c) => c.toLowerCase().startsWith(prefix));
  }
  return { values: candidates.slice(0, MAX_VALUES), total: candidates.length, hasMore: candidates.length > MAX_VALUES };
}
