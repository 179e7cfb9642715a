/**
 * Failed sign-ins per e-mail and per address in a sliding window (DECISIONS §4: more than 5
 * within 15 minutes answers 429). Kept in memory: one process serves the whole product.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Milliseconds until the busiest key may try again; 0 when none is locked. */
  retryAfterMs(keys: string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return wait;
  }

  recordFailure(keys: string[], now: number): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list.slice(-this.maxFailures);
  }
}
