import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import { pinClock } from "../lib/clock";
import { idempotencyCleanupJob } from "./idempotency";

// Issue 22 §4: two submits of the same generation (a double click, a retried request) made two
// batches. With an Idempotency-Key the second answers the first batch.
const t = useTestApp({ tables: ["receivables", "clients", "idempotency_keys"] });

const rows = () => (t.db.$client.query("SELECT count(*) AS n FROM receivables").get() as { n: number }).n;

async function client() {
  return ((await (await t.api("/api/clients", { method: "POST", body: PADARIA })).json()) as { id: number }).id;
}

test("the same key in parallel and again later: one batch, the same answer each time", async () => {
  const body = { clientId: await client(), numParcelas: 3, valor: "300.00", primeiroVencimento: "2026-12-10", descricao: "Mensalidade" };
  const send = () => t.api("/api/installments/generate", { method: "POST", body, headers: { "idempotency-key": "chave-123" } });
  const answers = await Promise.all(Array.from({ length: 5 }, send));
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
  const bodies = await Promise.all(answers.map((a) => a.json()));
  expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  expect(rows()).toBe(3);
  expect((await send()).status).toBe(201);
  expect(rows()).toBe(3);
  // Another key is another submit; no key at all keeps SPEC's behaviour.
  await t.api("/api/installments/generate", { method: "POST", body, headers: { "idempotency-key": "chave-456" } });
  await t.api("/api/installments/generate", { method: "POST", body });
  expect(rows()).toBe(9);
});

test("a refused submit stores nothing (the key can be sent again); a bad key is a 400; keys go after 24 hours", async () => {
  const id = await client();
  const headers = { "idempotency-key": "tentativa" };
  const refused = await t.api("/api/payables/generate", { method: "POST", body: { supplierId: "999", numParcelas: 1, valor: "abc", primeiroVencimento: "2026-12-10", descricao: "x" }, headers });
  expect(refused.status).toBe(400);
  expect((t.db.$client.query("SELECT count(*) AS n FROM idempotency_keys").get() as { n: number }).n).toBe(0);
  const bad = await t.api("/api/installments/generate", { method: "POST", body: {}, headers: { "idempotency-key": "com espaço" } });
  expect(bad.status).toBe(400);
  const ok = await t.api("/api/installments/generate", { method: "POST", body: { clientId: id, numParcelas: 1, valor: "10.00", primeiroVencimento: "2026-12-10", descricao: "x" }, headers });
  expect(ok.status).toBe(201);
  const unpin = pinClock(new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString());
  try {
    t.db.transaction(() => idempotencyCleanupJob.run(t.db, "", true));
    expect((t.db.$client.query("SELECT count(*) AS n FROM idempotency_keys").get() as { n: number }).n).toBe(0);
  } finally {
    unpin();
  }
});
