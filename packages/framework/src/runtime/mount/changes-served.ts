// Each followed remote server's list changes being served, in order (follow-remote.ts): a call
// that changed a list answers once the gateway serves the new one (proxied-tool.ts).
const serving = new WeakMap<object, Promise<void>>();

/** Records `queue` as the list changes of `remote` being served now. */
export function servingChanges(remote: object, queue: Promise<void>): void {
  serving.set(remote, queue);
}

/** Resolves once the list changes `remote` has announced so far are served (at once when none are under way). */
export function changesServed(remote: object): Promise<void> {
  return serving.get(remote) ?? Promise.resolve();
}
