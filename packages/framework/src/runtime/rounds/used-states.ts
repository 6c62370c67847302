/**
 * Where each 2026-07-28 `requestState` is recorded as used, so that it finishes at most one
 * request: in this process by default, in Redis with `--redis` (every instance sees every use).
 */
export interface UsedStates {
  /** Records `id` as used for `ttlMs`; false when it already was. Rejects when the record cannot be kept. */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

/** Sweep expired ids at most this often. */
const SWEEP_MS = 10_000;

/** {@link UsedStates} in this process's memory: one instance's requests only. */
export class InMemoryUsedStates implements UsedStates {
  private readonly used = new Map<string, number>();
  private sweptAt = Date.now();

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (now - this.sweptAt > SWEEP_MS) this.sweep(now);
    const until = this.used.get(id);
    if (until !== undefined && until > now) return false;
    this.used.set(id, now + ttlMs);
    return true;
  }

  // Every id lives as long as the state it names (10 minutes at most), so the map holds at most
  // the states used in that window.
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [id, until] of this.used) if (until <= now) this.used.delete(id);
  }
}
