// A test file that leaves the clock pinned fails, and the clock goes back to the real one: the
// next file the same process runs would start at that instant. Under `bun run test` (workers,
// --no-isolate) this preload's afterAll runs after every file and names the one that left it; a
// serial `bun test` runs it once at the end. Found when src/api/reports/reports.test.ts left
// 2026-04-01 behind and a file run after it in its worker signed in on that day, its session
// expired by its own later pin.
import { afterAll } from "bun:test";
import { clock } from "../src/lib/clock";

const realNow = clock.now;

afterAll(() => {
  if (clock.now === realNow) return;
  const pinned = clock.now().toISOString();
  clock.now = realNow;
  throw new Error(`the clock was left pinned at ${pinned} by ${Bun.main} (or a file this process ran before it): undo each pinClock`);
});
