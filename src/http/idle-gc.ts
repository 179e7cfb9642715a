// Memory after a burst (issue 21 §3): JavaScriptCore keeps a burst's garbage until its own
// schedule collects it, so the server's RSS stayed at 155–228 MB after the bench's load (67 MB
// idle). Once no request has come for a few seconds, one full collection hands it back
// (measured in-process at seed-demo --scale 50: 184 → 143 MB at once, 117 MB a few seconds
// later). It never runs while requests come, and at most once per quiet spell.
import { Elysia } from "elysia";

/** Quiet this long (ms) before collecting: a person's next click comes sooner. */
export const IDLE_MS = 5_000;
/** How often the quiet is looked at. */
const TICK_MS = 1_000;

export interface IdleCollector {
  /** A request arrived. */
  touch(): void;
  /** Called every few seconds: collects once when the server has been quiet for IDLE_MS since a request. */
  tick(): void;
}

export function idleCollector(collect: () => void, now: () => number = () => performance.now()): IdleCollector {
  let lastRequest = 0;
  let owed = false;
  return {
    touch() {
      lastRequest = now();
      owed = true;
    },
    tick() {
      if (!owed || now() - lastRequest < IDLE_MS) return;
      owed = false;
      collect();
    },
  };
}

// Set by `cofre serve`: what else a quiet spell hands back besides the JavaScript heap.
let releaseCaches: () => void = () => {};
// Bun.shrink() after the collection hands the freed pages back to the system: without it RSS
// stayed at 101–109 MB a minute after a --scale 50 mix with exports; with it, 75 MB.
const collector = idleCollector(() => {
  releaseCaches();
  Bun.gc(true);
  Bun.shrink();
});

/** Notes each request (one clock read); the app of every test and of the server alike. */
export const idleCollection = new Elysia({ name: "idle-gc" }).onRequest(() => collector.touch());

/** Started by `cofre serve` only (tests build many apps and need no collections). */
export function startIdleCollection(release: () => void = () => {}): void {
  releaseCaches = release;
  // Start-up leaves its own garbage (migrations, the check after an unclean stop): owed too.
  collector.touch();
  // Looked at every second (a clock read when nothing is owed): looked at every IDLE_MS, the
  // collection came 5 to 10 s after the last request, by the ticks' phase (the bench's "8 s after
  // the load" read 102 MB one run and 140 the next).
  setInterval(() => collector.tick(), TICK_MS).unref();
}
