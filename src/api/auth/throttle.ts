/**
 * Sign-in attempts per e-mail and per address in a sliding window (DECISIONS §4: at most 5
 * failures evaluated within 15 minutes). An attempt is counted when it starts, before the
 * password is checked, and given back when it succeeds: a parallel burst cannot get more
 * guesses evaluated than a patient attacker. In memory: one process serves the product.
 */
export class LoginThrottle {
  private attempts = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /**
   * Takes one attempt on every key and returns 0, or takes none and returns the milliseconds
   * until the busiest key frees a slot. Synchronous: no other attempt can interleave.
   */
  reserve(keys: string[], now: number): number {
    // Many addresses seen once (a scan of the public client pages) must not pile up for good.
    if (this.attempts.size > LoginThrottle.PRUNE_ABOVE) this.prune(now);
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    if (wait > 0) return wait;
    for (const key of keys) this.attempts.set(key, [...this.recent(key, now), now]);
    return 0;
  }

  /** A successful attempt is not a failure: its reservation (taken at `at`) is given back. */
  release(keys: string[], at: number): void {
    for (const key of keys) {
      const list = this.attempts.get(key);
      const index = list?.indexOf(at) ?? -1;
      if (index >= 0) list!.splice(index, 1);
    }
  }

  /** Forgets every key with nothing in the window. */
  prune(now: number): void {
    for (const key of [...this.attempts.keys()]) this.recent(key, now);
  }

  static readonly PRUNE_ABOVE = 10_000;

  /** How many keys are held (tests). */
  get size(): number {
    return this.attempts.size;
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.attempts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.attempts.delete(key);
    return list;
  }
}
