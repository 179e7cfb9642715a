// The shared bad-input sweep (DECISIONS §4): every mutating route refuses malformed input with a
// 4xx JSON {message, errors?} in pt-BR, never a 500, and writes nothing. A test file names its
// routes, its cases and what must not change; this file declares one test per case.
import { expect, test } from "bun:test";

export interface BadInput {
  name: string;
  body?: unknown;
  /** Sent as is (e.g. invalid JSON). */
  rawBody?: string;
  status: number;
  /** The exact per-field messages, when the case is about them. */
  errors?: Record<string, string>;
  /** The exact message, when the case is about it. */
  message?: string;
}

export interface SweepTarget {
  /** A signed-in request to the app under test. */
  send: (path: string, init: { method: string; body?: unknown; rawBody?: string }) => Promise<Response>;
  /** Everything a refused request must leave as it was (e.g. the table's rows), read before and after. */
  snapshot: () => unknown;
}

interface SweepRoute<F> {
  method: string;
  /** How the route reads in test names: "/api/partners/:id". */
  label: string;
  /** Creates what the route works on, before each case. */
  setup: () => Promise<F> | F;
  path: (fixture: F) => string;
  /** Fills in what only the fixture knows (an id created by `setup`) before a case's body is sent. */
  prepare?: (body: unknown, fixture: F) => unknown;
}

/** Bodies every JSON route refuses, whatever its fields: not an object, not JSON, too large. */
export function malformedBodies(valid: object): BadInput[] {
  return [
    { name: "an array body", body: [valid], status: 400 },
    { name: "a string body", body: "texto solto", status: 400 },
    { name: "invalid JSON", rawBody: "{bad", status: 400 },
    { name: "a 1 MB field", body: { ...valid, observacao: "x".repeat(1024 * 1024) }, status: 413 },
  ];
}

/** Ids a path must refuse: 400 'Identificador inválido' for anything but digits, 404 `notFound` for a missing row. */
function badIds(notFound: string): { id: string; status: number; message: string }[] {
  return [
    ...["abc", "12abc", "12.5", "-1", "0", "1e3"].map((id) => ({ id, status: 400, message: "Identificador inválido" })),
    { id: "99999", status: 404, message: notFound },
  ];
}

/** The answer to a refused request: its status, JSON {message, errors?}, the case's exact messages. */
async function expectRefused(response: Response, expected: Pick<BadInput, "status" | "errors" | "message">) {
  expect(response.status).toBe(expected.status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { message: unknown; errors?: unknown };
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(Object.keys(body).every((key) => key === "message" || key === "errors")).toBe(true);
  if (expected.message) expect(body.message).toBe(expected.message);
  if (expected.errors) expect(body.errors).toEqual(expected.errors);
}

/** One test per case: the route refuses the body and the snapshot is unchanged. */
export function sweepBodies<F>(target: SweepTarget, route: SweepRoute<F>, cases: BadInput[]): void {
  for (const c of cases) {
    test(`${route.method} ${route.label} with ${c.name} answers ${c.status} and writes nothing`, async () => {
      const fixture = await route.setup();
      const before = target.snapshot();
      const body = route.prepare ? route.prepare(c.body, fixture) : c.body;
      const response = await target.send(route.path(fixture), { method: route.method, body, rawBody: c.rawBody });
      await expectRefused(response, c);
      expect(target.snapshot()).toEqual(before);
    });
  }
}

interface IdRoute {
  method: string;
  path: (id: string) => string;
  /** A valid body, so only the id is wrong. */
  body?: unknown;
}

/** One test per route and bad id: exactly {message} with its status, and the snapshot unchanged. */
export function sweepIds(target: SweepTarget, setup: () => Promise<unknown> | unknown, routes: IdRoute[], notFound: string): void {
  for (const route of routes) {
    for (const { id, status, message } of badIds(notFound)) {
      test(`${route.method} ${route.path(id)} answers ${status} '${message}' and writes nothing`, async () => {
        await setup();
        const before = target.snapshot();
        const response = await target.send(route.path(id), { method: route.method, body: route.body });
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ message });
        expect(target.snapshot()).toEqual(before);
      });
    }
  }
}
