import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { PaymentJson } from "../ledger/model";

// The company's fee rules (issue 34 §4): Multa %, juros % ao mês, blocking grace days, in
// /api/settings, audited; BLOCK_GRACE_DAYS is the grace days' initial value.
const t = useTestApp({ env: { BLOCK_GRACE_DAYS: "7" }, tables: ["history_events", "payments", "receivables", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;
const put = (body: object) => api("/api/settings", { method: "PUT", body: { empresa: "", cidade: "", chavePix: "", modeloMensagem: "", ...body } });

async function overdue(dias: number, client?: number): Promise<InstallmentJson> {
  const id = client ?? ((await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson).id;
  const due = new Date(Date.UTC(2026, 2, 15 - dias)).toISOString().slice(0, 10);
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId: id, numParcelas: 1, valor: "100.00", primeiroVencimento: due, descricao: "X" } });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments[0]!;
}
const blocked = (clientId: number) => (t.db.$client.query("select status_bloqueio as b from clients where id = ?").get(clientId) as { b: number }).b;

describe("fee rules in Configurações", () => {
  test("defaults: 2 %, 1 % a month and BLOCK_GRACE_DAYS; saved as typed, recorded in the history", async () => {
    expect(await (await api("/api/settings")).json()).toMatchObject({ multaPercentual: 2, jurosMensalPercentual: 1, diasCarencia: 7 });
    const saved = await put({ multaPercentual: "2,5", jurosMensalPercentual: 1.5, diasCarencia: "10" });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { settings: object }).settings).toMatchObject({ multaPercentual: 2.5, jurosMensalPercentual: 1.5, diasCarencia: 10 });
    const events = (await (await api("/api/history?entidade=settings")).json()) as { detalhes: { alteracoes: object } }[];
    expect(events[0]!.detalhes.alteracoes).toMatchObject({ multaPercentual: [2, 2.5], jurosMensalPercentual: [1, 1.5], diasCarencia: [7, 10] });
  });

  test("out of range or malformed: 400 under each field, nothing saved", async () => {
    const response = await put({ multaPercentual: "21", jurosMensalPercentual: "1.234", diasCarencia: -1 });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { errors: object }).errors).sort()).toEqual(["diasCarencia", "jurosMensalPercentual", "multaPercentual"]);
    expect(await (await api("/api/settings")).json()).toMatchObject({ multaPercentual: 2, diasCarencia: 7 });
  });

  test("a payment keeps the rates in force when it was made; a change applies to payments after it", async () => {
    const r = await overdue(3);
    await api(`/api/installments/${r.id}/pay`, { method: "PATCH", body: { valorPago: "10.00", tipo: "parcial" } });
    await put({ multaPercentual: "10", jurosMensalPercentual: "3" });
    await api(`/api/installments/${r.id}/pay`, { method: "PATCH", body: { valorPago: "10.00", tipo: "parcial" } });
    const payments = (await (await api(`/api/installments/${r.id}/payments`)).json()) as PaymentJson[];
    expect(payments.map((p) => [p.multaPercentual, p.jurosMensalPercentual])).toEqual([
      ["2.00", "1.00"],
      ["10.00", "3.00"],
    ]);
  });

  test("the grace days block by the setting; changing them re-evaluates blocking at once", async () => {
    // 10 days overdue, grace 7 (BLOCK_GRACE_DAYS): blocked.
    const first = await overdue(10);
    const client = (t.db.$client.query("select client_id as c from receivables where id = ?").get(first.id) as { c: number }).c;
    expect(blocked(client)).toBe(1);
    // Grace 15: the same installment no longer blocks; lifted in the save's transaction.
    await put({ diasCarencia: 15 });
    expect(blocked(client)).toBe(0);
    // A partial payment leaves an overdue balance: still blocks like an unpaid one once beyond the grace.
    await api(`/api/installments/${first.id}/pay`, { method: "PATCH", body: { valorPago: "50.00", tipo: "parcial" } });
    await put({ diasCarencia: 5 });
    expect(blocked(client)).toBe(1);
    // Paying the balance lifts it.
    await api(`/api/installments/${first.id}/pay`, { method: "PATCH", body: {} });
    expect(blocked(client)).toBe(0);
  });
});
