/** Anything a registry holds: it has a key and a wire definition for its list answer. */
export interface Member<W> {
  readonly key: string;
  readonly wire: W;
}

/**
 * The live set of one kind of member (tools, resources, templates, prompts): add, get, list,
 * enable, disable, remove. `onChange` fires after every change, so the server can send the
 * matching `list_changed` notification.
 */
export class MemberRegistry<W, M extends Member<W>> {
  private readonly members = new Map<string, M>();
  private readonly disabled = new Set<string>();
  private cached: readonly W[] | undefined;
  onChange: (() => void) | undefined;

  /** Adds `member`, replacing one with the same key in its place. */
  add(member: M): void {
    this.members.set(member.key, member);
    this.changed();
  }

  /** The enabled member `key`, if any. */
  get(key: string): M | undefined {
    return this.disabled.has(key) ? undefined : this.members.get(key);
  }

  /** Every enabled member, in the order added. */
  values(): M[] {
    return [...this.members.values()].filter((m) => !this.disabled.has(m.key));
  }

  /** The wire definitions of every enabled member; the same array until something changes. */
  list(): readonly W[] {
    this.cached ??= this.values().map((m) => m.wire);
    return this.cached;
  }

  /** Every key, enabled or not. */
  keys(): string[] {
    return [...this.members.keys()];
  }

  has(key: string): boolean {
    return this.members.has(key);
  }

  /** Hides `key` from lists and calls until enabled again. Returns false for an unknown key. */
  disable(key: string): boolean {
    if (!this.members.has(key) || this.disabled.has(key)) return this.members.has(key);
    this.disabled.add(key);
    this.changed();
    return true;
  }

  /** Serves `key` again. Returns false for an unknown key. */
  enable(key: string): boolean {
    if (!this.members.has(key)) return false;
    if (this.disabled.delete(key)) this.changed();
    return true;
  }

  /** Removes `key` for good. Returns false for an unknown key. */
  remove(key: string): boolean {
    if (!this.members.delete(key)) return false;
    this.disabled.delete(key);
    this.changed();
    return true;
  }

  private changed(): void {
    this.cached = undefined;
    this.onChange?.();
  }
}
