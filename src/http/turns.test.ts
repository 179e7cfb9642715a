import { afterAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { fairTurns, isQuick, requestTurn } from "./turns";

// A real socket: what the turns change is when Bun reads the sockets again, which
// app.handle() never does.
const fetch = Bun.fetch;
const arrived: number[] = [];
const finished: number[] = [];
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const app = new Elysia()
  .onRequest(({ request }) => {
    const page = request.url.match(/\/page\/(\d+)$/);
    if (page) arrived.push(Number(page[1]));
  })
  .use(fairTurns)
  .get("/healthz", () => ({ ok: true, finished: finished.length }))
  .get("/page/:n", ({ params }) => {
    busy(5);
    finished.push(Number(params.n));
    return "page";
  });
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => app.handle(request) });
afterAll(() => server.stop(true));

test("a /healthz sent behind ten queued pages is answered before they are all done; the pages go in arrival order", async () => {
  const pages = Array.from({ length: 10 }, (_, n) => fetch(`${server.url}page/${n}`).then((r) => r.text()));
  // Every page has reached the server (and waits for its turn) before the probe is sent.
  while (arrived.length < 10) await Bun.sleep(1);
  const health = (await (await fetch(`${server.url}healthz`)).json()) as { ok: boolean; finished: number };
  expect(health.ok).toBe(true);
  expect(health.finished).toBeLessThan(10);
  expect(await Promise.all(pages)).toEqual(Array(10).fill("page"));
  expect(finished).toEqual(arrived);
}, 30_000);

test("the quick answers are /healthz, the assets and the icon", () => {
  expect(isQuick("http://127.0.0.1:3000/healthz")).toBe(true);
  expect(isQuick("http://127.0.0.1:3000/healthz/")).toBe(true);
  expect(isQuick("http://127.0.0.1:3000/assets/app-1.css")).toBe(true);
  expect(isQuick("https://cofre.empresa.com.br/favicon.ico")).toBe(true);
  expect(isQuick("http://127.0.0.1:3000/")).toBe(false);
  expect(isQuick("http://127.0.0.1:3000/receivables?pagina=2")).toBe(false);
  expect(isQuick("http://127.0.0.1:3000/api/healthz")).toBe(false);
});

const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

test("a request to an idle server goes at once; requests read in the same turn of the loop wait one turn each, in order", async () => {
  // Idle: whatever the test above left is handed out by now.
  for (let i = 0; i < 5; i++) await nextTurnOfTheLoop();
  expect(requestTurn()).toBeUndefined();
  const went: number[] = [];
  const second = requestTurn();
  const third = requestTurn();
  expect(second).toBeInstanceOf(Promise);
  expect(third).toBeInstanceOf(Promise);
  void second!.then(() => went.push(2));
  void third!.then(() => went.push(3));
  // Not in this turn of the loop (a microtask is not a turn).
  await Promise.resolve();
  await Promise.resolve();
  expect(went).toEqual([]);
  await nextTurnOfTheLoop();
  expect(went).toEqual([2]);
  await nextTurnOfTheLoop();
  expect(went).toEqual([2, 3]);
  // Handed out to the end: idle again, the next request goes at once.
  for (let i = 0; i < 3; i++) await nextTurnOfTheLoop();
  expect(requestTurn()).toBeUndefined();
  for (let i = 0; i < 3; i++) await nextTurnOfTheLoop();
});
