/** Anything a registry holds: it has a key and a wire definition for its list answer. */
export interface RegistryEntry<W> {
  readonly key: string;
  readonly wire: W;
}

/**
 * The live set of one kind of component (tools, resources, resource templates, prompts): add, get, list,
 * enable, disable, remove. `onChange` fires after every change, so the server can send the
 * matching `list_changed` notification.
 */
export class ComponentRegistry<W, M extends RegistryEntry<W>> {
  private readonly entries = new Map<string, M>();
  private readonly disabled = new Set<string>();
  private cached: readonly W[] | undefined;
  onChange: (() => void) | undefined;

  /** Adds `entry`, replacing one with the same key in its place. */
  add(entry: M): void {
    this.entries.set(entry.key, entry);
    this.changed();
  }

  /** The enabled entry `key`, if any. */
  get(key: string): M | undefined {
    return this.disabled.has(key) ? undefined : this.entries.get(key);
  }

  /** Every enabled entry, in the order added. */
  values(): M[] {
    return [...this.entries.values()].filter((m) => !this.disabled.has(m.key));
  }

  /** The wire definitions of every enabled entry; the same array until something changes. */
  list(): readonly W[] {
    this.cached ??= this.values().map((m) => m.wire);
    return this.cached;
  }

  /** Every key, enabled or not. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Hides `key` from lists and calls until enabled again. Returns false for an unknown key. */
  disable(key: string): boolean {
    if (!this.entries.has(key) || this.disabled.has(key)) return this.entries.has(key);
    this.disabled.add(key);
    this.changed();
    return true;
  }

  /** Serves `key` again. Returns false for an unknown key. */
  enable(key: string): boolean {
    if (!this.entries.has(key)) return false;
    if (this.disabled.delete(key)) this.changed();
    return true;
  }

  /** Removes `key` for good. Returns false for an unknown key. */
  remove(key: string): boolean {
    if (!this.entries.delete(key)) return false;
    this.disabled.delete(key);
    this.changed();
    return true;
  }

  private changed(): void {
    this.cached = undefined;
    this.onChange?.();
  }
}
