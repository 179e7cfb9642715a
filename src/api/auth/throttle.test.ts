import { expect, test } from "bun:test";
import { LoginThrottle } from "./throttle";

const KEYS = ["email:ana@cofre.test", "ip:10.0.0.1"];
const MINUTE = 60_000;

test("an attempt is counted when it starts: the sixth in flight waits, with the time to the oldest's expiry", () => {
  const throttle = new LoginThrottle();
  for (let i = 0; i < 5; i++) expect(throttle.reserve(KEYS, i * 1000)).toBe(0);
  expect(throttle.reserve(KEYS, 4500)).toBe(15 * MINUTE - 4500);
  // The refused attempt took nothing: once the first expires exactly one slot opens.
  expect(throttle.reserve(KEYS, 15 * MINUTE)).toBe(0);
  expect(throttle.reserve(KEYS, 15 * MINUTE)).toBe(1000);
});

test("a released attempt gives its slot back on every key", () => {
  const throttle = new LoginThrottle();
  for (let i = 0; i < 5; i++) throttle.reserve(KEYS, i);
  throttle.release(KEYS, 4);
  expect(throttle.reserve(["ip:10.0.0.1"], 10)).toBe(0);
  expect(throttle.reserve(["email:ana@cofre.test"], 10)).toBe(0);
  expect(throttle.reserve(["email:ana@cofre.test"], 11)).toBeGreaterThan(0);
});

test("one busy key is enough to refuse, and the refusal takes no slot from the others", () => {
  const throttle = new LoginThrottle();
  for (let i = 0; i < 5; i++) throttle.reserve(["ip:10.0.0.1"], i);
  expect(throttle.reserve(["email:bia@cofre.test", "ip:10.0.0.1"], 10)).toBeGreaterThan(0);
  for (let i = 0; i < 5; i++) expect(throttle.reserve(["email:bia@cofre.test"], 20 + i)).toBe(0);
});

test("keys with nothing left in the window are forgotten once many are held", () => {
  const throttle = new LoginThrottle(5, 1000);
  for (let i = 0; i <= LoginThrottle.PRUNE_ABOVE; i++) throttle.reserve([`ip:${i}`], 0);
  expect(throttle.size).toBe(LoginThrottle.PRUNE_ABOVE + 1);
  throttle.reserve(["ip:new"], 5000);
  expect(throttle.size).toBe(1);
});
