import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFigures, FIXTURE_TODAY, type Figures } from "../../../tests/fixtures/figures";
import { useTestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";
import { getCashFlow } from "./cash-flow";

const t = useTestApp();
let f: Figures;
let unpin: () => void = () => {};
beforeAll(async () => {
  const restore = pinClock(FIXTURE_TODAY);
  f = await buildFigures(t, t.cookie);
  restore();
});
// Each pin undoes the one before it: a test that pins twice (before and after midnight) left the
// second pin's "previous" (the first pin) in place, and the clock at 2026-04-01 for every file the
// process ran after this one (a session signed in then had expired by another file's pin).
afterEach(() => {
  unpin();
  unpin = () => {};
});

const get = async (path: string, status = 200) => {
  const response = await t.api(path);
  const body = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status });
  return body;
};
const at = (instant: string) => {
  unpin();
  unpin = pinClock(instant);
};

describe("client report", () => {
  test("totals at face value; fees only in totalRecebidoComEncargos; percent rounded to 2 places", async () => {
    at(FIXTURE_TODAY);
    const report = await get(`/api/reports/client/${f.padaria}`);
    expect(report).toMatchObject({
      clientId: f.padaria,
      clientName: "Padaria Pão Quente",
      totalContrato: "1050.00",
      totalPago: "350.00",
      totalPendente: "700.00",
      percentualPago: 33.33,
      totalRecebidoComEncargos: "357.12", // 350.00 + 7.00 multa + 0.12 juros (1 day)
      quantidadeParcelas: 3,
      quantidadePagas: 1,
      quantidadePendentes: 2,
      quantidadeVencidas: 1,
    });
    expect(report.parcelas.map((p: { numerosParcela: string; status: string }) => [p.numerosParcela, p.status])).toEqual([
      ["1/3", "pago"],
      ["2/3", "vencido"],
      ["3/3", "em_aberto"],
    ]);
    expect(report.parcelas[0]).toMatchObject({ dataVencimento: "2026-01-31", dataPagamento: "2026-02-01", valor: "350.00", valorPago: "357.12", multa: "7.00", juros: "0.12" });
  });

  test("a client without installments (trial) reports zeros and 0 %", async () => {
    expect(await get(`/api/reports/client/${f.estudio}`)).toMatchObject({
      totalContrato: "0.00", totalPago: "0.00", totalPendente: "0.00", percentualPago: 0, quantidadeParcelas: 0, parcelas: [],
    });
  });

  test("installments come one page at a time", async () => {
    const second = await get(`/api/reports/client/${f.padaria}?pagina=2&porPagina=2`);
    expect(second).toMatchObject({ pagina: 2, porPagina: 2, quantidadeParcelas: 3 });
    expect(second.parcelas.map((p: { numerosParcela: string }) => p.numerosParcela)).toEqual(["3/3"]);
  });

  test("at 00:30 on 01/04 in São Paulo the installment due 31/03 is overdue", async () => {
    at("2026-04-01T02:30:00Z"); // still 31/03 there
    expect((await get(`/api/reports/client/${f.padaria}`)).quantidadeVencidas).toBe(1);
    at("2026-04-01T00:30:00");
    expect((await get(`/api/reports/client/${f.padaria}`)).quantidadeVencidas).toBe(2);
  });

  test("unknown id 404, malformed id 400", async () => {
    expect(await get("/api/reports/client/999999", 404)).toEqual({ message: "Cliente não encontrado" });
    for (const id of ["abc", "12abc", "0", "-1", "1.5"]) await get(`/api/reports/client/${id}`, 400);
  });
});

describe("supplier report", () => {
  test("totalPago at face value even when valorPago differs; what was paid in totalPagoEfetivo", async () => {
    at(FIXTURE_TODAY);
    expect(await get(`/api/reports/supplier/${f.papelaria}`)).toMatchObject({
      supplierId: f.papelaria,
      supplierName: "Papelaria Central",
      totalContrato: "3000.00",
      totalPago: "2000.00",
      totalPendente: "1000.00",
      percentualPago: 66.67,
      totalPagoEfetivo: "1990.50", // 980.00 + 1010.50
      quantidadeParcelas: 3,
      quantidadePagas: 2,
      quantidadeVencidas: 0,
    });
  });

  test("unknown id 404", async () => {
    expect(await get("/api/reports/supplier/999999", 404)).toEqual({ message: "Fornecedor não encontrado" });
  });
});

describe("monthly report", () => {
  test("March: received and paid by payment date, pending by due date", async () => {
    at(FIXTURE_TODAY);
    expect(await get("/api/reports/monthly/2026-03")).toEqual({
      mes: "2026-03",
      totalRecebido: "100.00",
      quantidadeRecebidas: 1,
      totalPago: "1260.50", // 1010.50 (Papelaria 2/3, due in February) + 250.00
      quantidadePagas: 2,
      saldoRealizado: "-1160.50",
      totalReceberPendente: "930.00", // 350.00 + 480.00 (overdue still pending) + 100.00
      quantidadeReceberPendentes: 3,
      totalPagarPendente: "1250.00",
      quantidadePagarPendentes: 2,
      saldoPrevisto: "-1480.50",
    });
  });

  test("due on 31/01 and paid on 01/02 belongs to February's receipts, and January has nothing pending", async () => {
    at(FIXTURE_TODAY);
    expect(await get("/api/reports/monthly/2026-02")).toMatchObject({
      totalRecebido: "357.12", // amount actually received
      quantidadeRecebidas: 1,
      totalPago: "980.00",
      saldoRealizado: "-622.88",
      totalReceberPendente: "350.00",
      totalPagarPendente: "0.00", // Papelaria 2/3 is due in February but already paid
      quantidadePagarPendentes: 0,
      saldoPrevisto: "-272.88",
    });
    expect(await get("/api/reports/monthly/2026-01")).toMatchObject({
      totalRecebido: "0.00", quantidadeRecebidas: 0, totalPago: "0.00", totalReceberPendente: "0.00", totalPagarPendente: "0.00", saldoPrevisto: "0.00",
    });
    expect(await get("/api/reports/monthly/2025-10")).toMatchObject({ totalRecebido: "203.97", quantidadeRecebidas: 1 });
  });

  test("malformed months are a 400 in Portuguese", async () => {
    for (const month of ["2026-13", "2026-00", "2026-1", "26-01", "2026-01-01", "marco"]) {
      const body = await get(`/api/reports/monthly/${month}`, 400);
      expect(body.message).toContain("AAAA-MM");
    }
  });
});

describe("cash flow", () => {
  const march = {
    month: "2026-03",
    valorReceber: "1030.00", // paid ones at the amount received
    valorPagar: "1500.00",
    saldo: "-470.00",
    parcelasReceber: 4,
    parcelasPagar: 3,
    saldoAcumulado: "-1753.38",
    // Of the 1030.00: bar pago's 100.00 received; padaria 3/3, oficina 1/2 and bar hoje still open.
    recebido: "100.00",
    receberEmAberto: "930.00",
    // Of the 1500.00: technet pago's 250.00 paid; papelaria 3/3 and technet aberto still open.
    pago: "250.00",
    pagarEmAberto: "1250.00",
    situacao: "previsto",
  };

  test("default: 12 months from 5 ago to 6 ahead, zeros included, running balance", async () => {
    at(FIXTURE_TODAY);
    const rows = await get("/api/reports/cash-flow");
    expect(rows.map((r: { month: string }) => r.month)).toEqual([
      "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09",
    ]);
    const none = { recebido: "0.00", receberEmAberto: "0.00", pago: "0.00", pagarEmAberto: "0.00" };
    expect(rows[0]).toEqual({ month: "2025-10", valorReceber: "0.00", valorPagar: "0.00", saldo: "0.00", parcelasReceber: 0, parcelasPagar: 0, saldoAcumulado: "0.00", ...none, situacao: "realizado" });
    expect(rows[3]).toEqual({ month: "2026-01", valorReceber: "357.12", valorPagar: "980.00", saldo: "-622.88", parcelasReceber: 1, parcelasPagar: 1, saldoAcumulado: "-622.88", ...none, recebido: "357.12", pago: "980.00", situacao: "realizado" });
    // February is past but padaria 2/3 fell due then and is still open: not "realizado".
    expect(rows[4]).toMatchObject({ valorReceber: "350.00", valorPagar: "1010.50", saldo: "-660.50", saldoAcumulado: "-1283.38", recebido: "0.00", receberEmAberto: "350.00", pago: "1010.50", pagarEmAberto: "0.00", situacao: "em_atraso" });
    expect(rows[5]).toEqual(march);
    expect(rows[6]).toMatchObject({ valorReceber: "480.00", valorPagar: "0.00", saldo: "480.00", saldoAcumulado: "-1273.38" });
    expect(rows[11]).toMatchObject({ saldo: "0.00", saldoAcumulado: "-1273.38", situacao: "previsto" });
  });

  test("the period's total (the table's last row) splits the same way, summed by hand", () => {
    const { totals } = getCashFlow(t.db, { from: "2025-10", to: "2026-09" });
    expect(totals).toEqual({
      // Received: padaria 1/3 (357.12 with fees) and bar pago (100.00); open: padaria 2/3 and 3/3,
      // oficina 1/2 and 2/2, bar hoje. Mercadinho's two fall outside the window.
      recebido: "457.12",
      receberEmAberto: "1760.00",
      valorReceber: "2217.12",
      parcelasReceber: 7,
      // Paid: papelaria 1/3 (980.00), 2/3 (1010.50), technet pago (250.00); open: papelaria 3/3, technet aberto.
      pago: "2240.50",
      pagarEmAberto: "1250.00",
      valorPagar: "3490.50",
      parcelasPagar: 5,
      saldo: "-1273.38",
    });
  });

  test("a chosen range; one month alone; 36 months is the limit", async () => {
    at(FIXTURE_TODAY);
    expect(await get("/api/reports/cash-flow?from=2025-09&to=2025-09")).toEqual([
      { month: "2025-09", valorReceber: "203.97", valorPagar: "0.00", saldo: "203.97", parcelasReceber: 1, parcelasPagar: 0, saldoAcumulado: "203.97", recebido: "203.97", receberEmAberto: "0.00", pago: "0.00", pagarEmAberto: "0.00", situacao: "realizado" },
    ]);
    const long = await get("/api/reports/cash-flow?from=2024-01&to=2026-12");
    expect(long).toHaveLength(36);
    // Every row of the data set: 2620.99 to receive − 3490.50 to pay.
    expect(long.at(-1)).toMatchObject({ month: "2026-12", saldoAcumulado: "-869.51" });
  });

  test("at midnight in São Paulo the window and the realizado/previsto line move", async () => {
    at("2026-04-01T02:30:00Z");
    const before = await get("/api/reports/cash-flow");
    expect([before[0].month, before.at(-1).month]).toEqual(["2025-10", "2026-09"]);
    expect(before.find((r: { month: string }) => r.month === "2026-03").situacao).toBe("previsto");
    at("2026-04-01T00:30:00");
    const after = await get("/api/reports/cash-flow");
    expect([after[0].month, after.at(-1).month]).toEqual(["2025-11", "2026-10"]);
    // March is past now, with what fell due then still open.
    expect(after.find((r: { month: string }) => r.month === "2026-03").situacao).toBe("em_atraso");
    expect(after.at(-1)).toMatchObject({ valorReceber: "199.90", parcelasReceber: 1 });
  });

  test("malformed ranges are a 400 in Portuguese", async () => {
    const cases: [string, string][] = [
      ["from=2026-13&to=2026-12", "Mês inicial inválido"],
      ["from=2026-01&to=2026-1", "Mês final inválido"],
      ["from=2026-06&to=2026-05", "O mês inicial deve ser anterior ou igual ao mês final"],
      ["from=2024-01&to=2027-01", "no máximo 36 meses"],
    ];
    for (const [query, message] of cases) expect((await get(`/api/reports/cash-flow?${query}`, 400)).message).toContain(message);
  });
});
