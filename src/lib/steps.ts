// Work written as steps (a generator that yields between small units: an OFX file's parse, the
// MRR's months, a list page's statements) runs in turns of the event loop on the server
// (src/http/slices.ts inSlices) and in one go where nothing else waits (the CLI, a reference).

/** Runs `steps` to its end in one go: the same steps `inSlices` takes turns between. */
export function stepsToEnd<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
