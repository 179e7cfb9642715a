// Work that grows with an upload (an OFX file read, its postings stored and matched, a bulk
// confirmation) runs a slice of time at a time, waiting for a turn of the event loop between
// slices like a new request (src/http/turns.ts): no request holds the loop past 25 ms (issue 31
// §11), /healthz included, whatever the file.
import { turn } from "./turns";

/** Work between two yields to the event loop: with a slow step or a collection, well under 25 ms. */
const SLICE_MS = 5;

/** A clock for one slice: `over()` once SLICE_MS have passed since the slice began. */
export function sliceClock(): { over: () => boolean } {
  const until = performance.now() + SLICE_MS;
  return { over: () => performance.now() >= until };
}

/**
 * Runs `steps` to its end (its return value), SLICE_MS at a time: a step is a small unit of work
 * (the generator yields after each), the event loop gets its turn between slices.
 */
export async function inSlices<T>(steps: Generator<unknown, T>): Promise<T> {
  let clock = sliceClock();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (clock.over()) {
      await turn();
      clock = sliceClock();
    }
  }
}

/** Yields to the event loop (a turn, like a new request) when the slice is over; returns the clock to go on with. */
export async function nextSlice(clock: { over: () => boolean }): Promise<{ over: () => boolean }> {
  if (!clock.over()) return clock;
  await turn();
  return sliceClock();
}
