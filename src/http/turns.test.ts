import { afterAll, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { fairTurns, isQuick } from "./turns";

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
