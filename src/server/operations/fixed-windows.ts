/**
 * Calls counted per key in fixed windows: a key's window opens at its first call and lasts
 * `windowMs`; past `limit` calls in it, each further call is refused until it closes. The
 * behaviour of `rate-limiter-flexible`'s memory limiter as the app used it, without its promise
 * per call, its rejected promise and result object per refusal, and its timer per key (ADR 043).
 * Closed windows are dropped by a sweep at most once per window length, so memory follows the
 * keys seen lately.
 */
export class FixedWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweepAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call of `key`: null when allowed, the whole seconds until its window closes when refused. */
  take(key: string): number | null {
    const now = Date.now();
    const open = this.windows.get(key);
    if (open && open.endsAt > now) {
      open.count += 1;
      return open.count > this.limit ? Math.max(1, Math.ceil((open.endsAt - now) / 1000)) : null;
    }
    this.sweep(now);
    this.windows.set(key, { count: 1, endsAt: now + this.windowMs });
    return this.limit < 1 ? Math.max(1, Math.ceil(this.windowMs / 1000)) : null;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
