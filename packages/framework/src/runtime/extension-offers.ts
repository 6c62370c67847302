import type { ClientCapabilities } from "./sdk/protocol-types.js";

/** Extensions declared only to a client that declares the same one, by identifier. */
export type ExtensionOffers = Record<string, Record<string, unknown>>;

/**
 * `result` (an `initialize` or `server/discover` answer) with the extensions of `offers` that
 * `client` declared too added to its capabilities: a client that does not take them sees the
 * server as without.
 */
export function withTakenOffers(result: Record<string, unknown>, client: ClientCapabilities | undefined, offers: ExtensionOffers): Record<string, unknown> {
  const taken = Object.keys(offers).filter((id) => client?.extensions?.[id] !== undefined);
  if (!taken.length) return result;
  const answer = result as { capabilities?: { extensions?: Record<string, unknown> } };
  const extensions = { ...answer.capabilities?.extensions, ...Object.fromEntries(taken.map((id) => [id, offers[id]])) };
  return { ...answer, capabilities: { ...answer.capabilities, extensions } };
}
