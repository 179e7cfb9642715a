import { expect, test } from "bun:test";
import { unexpectedErrorLog } from "./errors";

test("an unexpected error is logged as one readable line, then the stack frames only", () => {
  const error = Object.assign(new TypeError("x is not a function\n" + " ".repeat(5000) + "minified source"), { code: "ERR_X" });
  const [head, ...frames] = unexpectedErrorLog("GET /clients", error).split("\n");
  expect(head).toBe("[erro] GET /clients: TypeError ERR_X: x is not a function");
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) expect(frame).toMatch(/^\s+at /);
  expect(unexpectedErrorLog("job", "texto")).toBe("[erro] job: texto");
});
