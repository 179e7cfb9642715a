import { expect, test } from "bun:test";
import { IDLE_MS, idleCollector } from "./idle-gc";

test("collects once after a quiet spell that follows requests, never while they come, never when nothing came", () => {
  let clock = 0;
  let collections = 0;
  const collector = idleCollector(() => collections++, () => clock);
  collector.tick();
  expect(collections).toBe(0); // no request yet: nothing to give back
  collector.touch();
  clock += IDLE_MS - 1;
  collector.tick();
  expect(collections).toBe(0); // not quiet long enough
  collector.touch();
  clock += IDLE_MS;
  collector.tick();
  collector.tick();
  expect(collections).toBe(1); // once for the spell
  clock += 10 * IDLE_MS;
  collector.tick();
  expect(collections).toBe(1); // still quiet: nothing new to collect
  collector.touch();
  clock += IDLE_MS;
  collector.tick();
  expect(collections).toBe(2);
});
