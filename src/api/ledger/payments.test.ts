import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { PayableJson } from "../payables/model";
import type { PaymentJson } from "./model";

// Payments (issue 34 §1, DECISIONS §2): partial payments, explicit discounts, undo per payment.
// Today is Sunday 15 March 2026 in São Paulo.
const t = useTestApp({ tables: ["payments", "receivables", "clients", "payables", "suppliers"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

async function installment(valor = "1000.00", primeiroVencimento = "2026-03-20"): Promise<InstallmentJson> {
  const existing = t.db.$client.query("select id from clients limit 1").get() as { id: number } | null;
  const client = existing ?? ((await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson);
  const response = await api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 1, valor, primeiroVencimento, descricao: "Serviço" } });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments[0]!;
}

async function payable(valor = "500.00"): Promise<PayableJson> {
  const supplier = (await (await api("/api/suppliers", { method: "POST", body: { nome: "Moinho Santa Clara" } })).json()) as { id: number };
  const response = await api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 1, valor, primeiroVencimento: "2026-03-20", descricao: "Farinha" } });
  return ((await response.json()) as { payables: PayableJson[] }).payables[0]!;
}

const pay = (id: number, body: object, side = "installments") => api(`/api/${side}/${id}/pay`, { method: "PATCH", body });
const payments = async (id: number, side = "installments") => (await (await api(`/api/${side}/${id}/payments`)).json()) as PaymentJson[];
const row = (id: number) => t.db.$client.query("select status, valor_pago, data_pagamento, principal_pago, desconto, multa, juros from receivables where id = ?").get(id);

describe("a payment below the balance", () => {
  test("tipo parcial leaves a balance: status parcial, saldo, the payment listed; the rest settles it", async () => {
    const r = await installment();
    const first = await pay(r.id, { dataPagamento: "2026-03-10", valorPago: "400.00", tipo: "parcial" });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { message: string; installment: InstallmentJson };
    // A payment that leaves a balance says so; the one that settles says SPEC's "Parcela quitada".
    expect(body.message).toBe("Pagamento parcial registrado");
    const answer = body.installment;
    expect(answer).toMatchObject({ status: "parcial", saldo: "600.00", valorPago: "400.00", dataPagamento: "2026-03-10", desconto: "0.00" });
    expect(row(r.id)).toEqual({ status: "em_aberto", valor_pago: 40000, data_pagamento: "2026-03-10", principal_pago: 40000, desconto: 0, multa: 0, juros: 0 });
    // The list says parcial too, and its filter finds it (the "Em Aberto" filter keeps it: still open).
    const parcial = (await (await api("/api/installments?status=parcial")).json()) as InstallmentJson[];
    expect(parcial.map((x) => x.id)).toEqual([r.id]);
    const open = (await (await api("/api/installments?status=em_aberto")).json()) as InstallmentJson[];
    expect(open.map((x) => x.id)).toEqual([r.id]);

    const second = await pay(r.id, {});
    const settled = (await second.json()) as { message: string; installment: InstallmentJson };
    expect(settled.message).toBe("Parcela quitada");
    expect(settled.installment).toMatchObject({ status: "pago", saldo: "0.00", valorPago: "1000.00", dataPagamento: "2026-03-15" });
    const list = await payments(r.id);
    expect(list.map((p) => [p.dataPagamento, p.principal, p.valorPago, p.desconto, p.origem])).toEqual([
      ["2026-03-10", "400.00", "400.00", "0.00", "manual"],
      ["2026-03-15", "600.00", "600.00", "0.00", "manual"],
    ]);
    // The rates in force are kept on each payment (issue 34 §4).
    expect(list[0]).toMatchObject({ multaPercentual: "2.00", jurosMensalPercentual: "1.00", usuario: expect.any(String) });
  });

  test("tipo desconto, or no tipo, settles it with the difference as an explicit discount", async () => {
    for (const body of [{ valorPago: "900.00", tipo: "desconto" }, { valorPago: "900.00" }]) {
      const r = await installment();
      const answer = ((await (await pay(r.id, body)).json()) as { installment: InstallmentJson }).installment;
      expect(answer).toMatchObject({ status: "pago", saldo: "0.00", desconto: "100.00", valorPago: "900.00" });
      expect((await payments(r.id)).map((p) => [p.principal, p.desconto])).toEqual([["900.00", "100.00"]]);
      // The history says so.
      const events = (await (await api(`/api/installments/${r.id}/history`)).json()) as { texto: string }[];
      expect(events.map((e) => e.texto.replace(/\u00a0/g, " ")).join("\n")).toContain("quitada com desconto de R$ 100,00");
    }
  });

  test("pay-with-fees: late partial with fees; the fees are not principal", async () => {
    const r = await installment("1000.00", "2026-03-05");
    // 10 days late: multa 20,00 + juros 3,33 on R$ 1.000,00; R$ 423,33 received applies 400,00.
    const response = await api(`/api/installments/${r.id}/pay-with-fees`, {
      method: "PATCH",
      body: { dataPagamento: "2026-03-15", valorBaixa: "423.33", multa: "20.00", juros: "3.33", tipo: "parcial" },
    });
    expect(((await response.json()) as { installment: InstallmentJson }).installment).toMatchObject({ status: "vencido", saldo: "600.00", multa: "20.00", juros: "3.33" });
    expect((await payments(r.id))[0]).toMatchObject({ principal: "400.00", multa: "20.00", juros: "3.33", valorPago: "423.33" });
  });

  test("refused: less than the fees (400), parcial more than the balance (409), parcial on a paid row (409); nothing written", async () => {
    const r = await installment();
    const low = await api(`/api/installments/${r.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-15", valorBaixa: "10.00", multa: "20.00", tipo: "parcial" } });
    expect(low.status).toBe(400);
    expect(((await low.json()) as { errors: object }).errors).toEqual({ valorBaixa: "O valor recebido não cobre a multa e os juros" });
    await pay(r.id, { valorPago: "700.00", tipo: "parcial" });
    const over = await pay(r.id, { valorPago: "300.01", tipo: "parcial" });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message.replace(/\u00a0/g, " ")).toBe("O valor excede o saldo de R$ 300,00");
    const bad = await pay(r.id, { valorPago: "1.00", tipo: "metade" });
    expect(bad.status).toBe(400);
    expect((await payments(r.id)).length).toBe(1);
  });

  test("more than due is received as before (fees), the row paid", async () => {
    const r = await installment("100.00");
    const answer = ((await (await pay(r.id, { valorPago: "105.00" })).json()) as { installment: InstallmentJson }).installment;
    expect(answer).toMatchObject({ status: "pago", saldo: "0.00", valorPago: "105.00", desconto: "0.00" });
    expect((await payments(r.id))[0]).toMatchObject({ principal: "100.00", valorPago: "105.00" });
  });
});

describe("undo a payment", () => {
  test("the last one by default, or one chosen; each its own event; none left is a 409", async () => {
    const r = await installment();
    await pay(r.id, { dataPagamento: "2026-03-01", valorPago: "100.00", tipo: "parcial" });
    await pay(r.id, { dataPagamento: "2026-03-05", valorPago: "200.00", tipo: "parcial" });
    await pay(r.id, { dataPagamento: "2026-03-10", valorPago: "300.00", tipo: "parcial" });
    const [a, , c] = await payments(r.id);

    const undoLast = await api(`/api/installments/${r.id}/undo-payment`, { method: "POST" });
    expect(undoLast.status).toBe(200);
    expect(((await undoLast.json()) as { installment: InstallmentJson }).installment).toMatchObject({ status: "parcial", saldo: "700.00", valorPago: "300.00", dataPagamento: "2026-03-05" });
    expect((await payments(r.id)).map((p) => p.id)).not.toContain(c!.id);

    const undoFirst = await api(`/api/installments/${r.id}/undo-payment`, { method: "POST", body: { pagamentoId: a!.id } });
    expect(((await undoFirst.json()) as { installment: InstallmentJson }).installment).toMatchObject({ saldo: "800.00", valorPago: "200.00", dataPagamento: "2026-03-05" });
    const unknown = await api(`/api/installments/${r.id}/undo-payment`, { method: "POST", body: { pagamentoId: a!.id } });
    expect(unknown.status).toBe(404);

    await api(`/api/installments/${r.id}/undo-payment`, { method: "POST" });
    expect(row(r.id)).toEqual({ status: "em_aberto", valor_pago: null, data_pagamento: null, principal_pago: 0, desconto: 0, multa: null, juros: null });
    const none = await api(`/api/installments/${r.id}/undo-payment`, { method: "POST" });
    expect(none.status).toBe(409);
    const events = (await (await api(`/api/installments/${r.id}/history`)).json()) as { acao: string }[];
    expect(events.filter((e) => e.acao === "undo_payment").length).toBe(3);
  });

  test("a receivable with a partial payment cannot be deleted until it is undone", async () => {
    const r = await installment();
    await pay(r.id, { valorPago: "100.00", tipo: "parcial" });
    expect((await api(`/api/installments/${r.id}`, { method: "DELETE" })).status).toBe(409);
    await api(`/api/installments/${r.id}/undo-payment`, { method: "POST" });
    expect((await api(`/api/installments/${r.id}`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("payables", () => {
  test("partial, then Cancelar pagamento; payments listed", async () => {
    const p = await payable();
    const first = await pay(p.id, { valorPago: "200.00", tipo: "parcial" }, "payables");
    expect(((await first.json()) as { payable: PayableJson }).payable).toMatchObject({ status: "parcial", saldo: "300.00" });
    await pay(p.id, {}, "payables");
    expect((await payments(p.id, "payables")).map((x) => x.principal)).toEqual(["200.00", "300.00"]);
    const undo = await api(`/api/payables/${p.id}/undo-payment`, { method: "POST" });
    expect(await undo.json()).toMatchObject({ message: "Pagamento cancelado", payable: { status: "parcial", saldo: "300.00" } });
  });
});

describe("concurrency", () => {
  test("50 parallel partial payments of R$ 30,00 on R$ 1.000,00 never pay more than the balance", async () => {
    const r = await installment();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(r.id, { valorPago: "30.00", tipo: "parcial" })));
    const statuses = answers.map((a) => a.status);
    // 33 × 30,00 = 990,00; the 34th (30,00 on a balance of 10,00) and the rest are refused.
    expect(statuses.filter((s) => s === 200).length).toBe(33);
    expect(statuses.filter((s) => s === 409).length).toBe(17);
    const list = await payments(r.id);
    expect(list.reduce((sum, p) => sum + Number(p.principal.replace(".", "")), 0)).toBe(99000);
    expect(row(r.id)).toMatchObject({ principal_pago: 99000, status: "em_aberto" });
  });
});

describe("figures count every payment (issue 34 §5)", () => {
  test("partial payments count in the month of their date; what is still due is the balance", async () => {
    const r = await installment("1000.00", "2026-03-20");
    await pay(r.id, { dataPagamento: "2026-02-10", valorPago: "400.00", tipo: "parcial" });
    await pay(r.id, { dataPagamento: "2026-03-10", valorPago: "100.00", tipo: "parcial" });
    const feb = await (await api("/api/reports/monthly/2026-02")).json();
    expect(feb).toMatchObject({ totalRecebido: "400.00", quantidadeRecebidas: 1, totalReceberPendente: "0.00" });
    const mar = await (await api("/api/reports/monthly/2026-03")).json();
    expect(mar).toMatchObject({ totalRecebido: "100.00", quantidadeRecebidas: 1, totalReceberPendente: "500.00", quantidadeReceberPendentes: 1 });
    const flow = (await (await api("/api/reports/cash-flow?from=2026-03&to=2026-03")).json()) as { meses?: unknown[] } & Record<string, unknown>;
    expect(JSON.stringify(flow)).toContain('"recebido":"500.00"');
    expect(JSON.stringify(flow)).toContain('"receberEmAberto":"500.00"');
    // The cards: open at the balance; received this month only this month's payment.
    expect(await (await api("/api/installments/summary")).json()).toMatchObject({
      emAberto: { total: "500.00", quantidade: 1 },
      recebidoNoMes: { total: "100.00", quantidade: 1 },
    });
    // The client's report: what changed hands includes the partial payments.
    const client = (t.db.$client.query("select client_id as c from receivables where id = ?").get(r.id) as { c: number }).c;
    expect(await (await api(`/api/reports/client/${client}`)).json()).toMatchObject({ totalRecebidoComEncargos: "500.00" });
  });
});

describe("Cobrar after a partial payment", () => {
  test("charges the balance, not the face value", async () => {
    const r = await installment("1000.00", "2026-03-20");
    await pay(r.id, { valorPago: "400.00", tipo: "parcial" });
    const charge = (await (await api(`/api/installments/${r.id}/charge`)).json()) as { valor: string; parcela: { total: string } };
    expect(charge.valor).toBe("600.00");
    expect(charge.parcela.total).toBe("600.00");
  });
});
