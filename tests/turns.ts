// A read that goes a slice at a time across turns of the event loop (src/http/slices.ts
// inSlices, on a reader: db/client.ts withReadDb), watched by a test.

/**
 * Runs `read` with a clock that moves 10 ms each time it is read, so every step of a sliced
 * read is a slice (a turn of the loop) of its own on any machine; `onTurn(n)` runs at each turn
 * meanwhile (n from 0: the first comes after the read's first slice), where a test writes what
 * "another request" commits mid-read. How many turns the read took comes back with its value.
 */
export async function acrossTurns<T>(read: () => Promise<T>, onTurn: (turn: number) => void = () => {}): Promise<{ value: T; turns: number }> {
  const realNow = performance.now.bind(performance);
  let clock = 0;
  performance.now = () => (clock += 10);
  let turns = 0;
  let reading = true;
  const watch = () => {
    if (!reading) return;
    onTurn(turns++);
    setImmediate(watch);
  };
  // The fair turns' hand-out (src/http/turns.ts) may still have a call queued from the requests
  // before: once it has run, the read's turns and these alternate as counted.
  await new Promise((resolve) => setImmediate(resolve));
  setImmediate(watch);
  try {
    const value = await read();
    return { value, turns };
  } finally {
    performance.now = realNow;
    reading = false;
  }
}
