import type { CompletionAnswer, CompletionContext } from "../components/resolve-completions.js";
import type { RemoteCatalog } from "./remote-catalog.js";
import { toRemoteFailure } from "./remote-failure.js";

/**
 * Forwards `completion/complete` for `ref`'s `argument` to the remote server, with the other
 * arguments' values (`context`) as the caller sent them; none from a server without completions.
 */
export async function completeRemotely(
  remote: RemoteCatalog,
  ref: Parameters<NonNullable<RemoteCatalog["complete"]>>[0],
  argument: string,
  value: string,
  context?: CompletionContext,
): Promise<CompletionAnswer> {
  if (!remote.complete) return { values: [], total: 0, hasMore: false };
  try {
    const answer = await remote.complete(ref, { name: argument, value }, context?.arguments ? { arguments: { ...context.arguments } } : undefined);
    return { values: [...answer.values], total: answer.total ?? answer.values.length, hasMore: answer.hasMore ?? false };
  } catch (error) {
    const of = ref.type === "ref/prompt" ? `prompt "${ref.name}"` : `"${ref.uri.slice(0, 200)}"`;
    throw toRemoteFailure(error, `Completing "${argument.slice(0, 60)}" of ${of}`, "INVALID_PARAMS");
  }
}
