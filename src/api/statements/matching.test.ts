import { expect, test } from "bun:test";
import { sortSteps } from "./matching";

// The matching sorts its postings and installments in steps (the server runs them in slices):
// the order must be exactly Array.prototype.sort's, ties kept in their order, or suggestions would change.
test("sortSteps sorts like Array.prototype.sort, stable, and yields as it goes", () => {
  for (const n of [0, 1, 2, 3, 7, 100, 1001, 5000]) {
    const items = Array.from({ length: n }, (_, i) => ({ key: (i * 7919) % 13, i }));
    const steps = sortSteps(items, (a, b) => a.key - b.key);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    expect(next.value).toEqual([...items].sort((a, b) => a.key - b.key));
    if (n === 5000) expect(yields).toBeGreaterThan(10);
  }
});
