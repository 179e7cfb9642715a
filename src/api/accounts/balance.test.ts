// Bank accounts' balances, the cash flow by account and the projected balance (issue 34 §3) against
// a small company worked out by hand below — the expected figures are written here, not computed
// by the code under test — and the kept day sums against independent SQL over the rows.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";

const NOW = "2026-03-15T12:00:00-03:00";
const t = useTestApp({ now: NOW });

const ids = { A: 0, B: 0, C: 0, r0: 0, r1: 0, r2: 0, r3: 0, p1: 0, p2: 0 };

async function call(path: string, method = "GET", body?: unknown) {
  const response = await t.api(path, { method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}
const q = <T>(text: string, ...params: (string | number)[]) => t.db.$client.query(text).get(...params) as T;

/** The account's id on the payment just made (acc1's picker is another branch: set it as the ledger will). */
const intoAccount = (account: number) => t.db.$client.run("UPDATE payments SET conta_id = ? WHERE id = (SELECT max(id) FROM payments)", [account]);

const account = (apelido: string, cents: number, data: string, padrao: boolean, ativa = true) =>
  q<{ id: number }>(
    "INSERT INTO bank_accounts (banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao, ativa) VALUES ('341', '1234', ?, ?, ?, ?, ?, ?) RETURNING id",
    `${apelido.length}${cents}`,
    apelido,
    cents,
    data,
    padrao ? 1 : 0,
    ativa ? 1 : 0,
  ).id;

// The company:
//   A "Conta movimento" (default): R$ 1.000,00 at the end of 01/03/2026.
//   B "Conta reserva": R$ 500,00 at the end of 05/03/2026. C "Conta antiga": inactive, R$ 10.000,00.
//   r0 R$ 100,00 due 01/03, paid 01/03 into A (the opening day: already in its opening balance).
//   r1 R$ 300,00 due 10/03: R$ 100,00 partial on 02/03 into A, the other R$ 200,00 on 08/03 into B.
//   r2 R$ 200,00 due 20/03: paid 12/03 into A, then the payment undone (open again).
//   r3 R$ 50,00 due 05/03: open, overdue.
//   p1 R$ 120,00 due 10/03: paid 09/03 from A.      p2 R$ 80,00 due 10/04: open.
beforeAll(async () => {
  // beforeAll runs before the file's pinned clock: pin it here too (the session was made at that day).
  const unpin = pinClock(NOW);
  try {
    await build();
  } finally {
    unpin();
  }
});

async function build() {
  ids.A = account("Conta movimento", 100_000, "2026-03-01", true);
  ids.B = account("Conta reserva", 50_000, "2026-03-05", false);
  ids.C = account("Conta antiga", 1_000_000, "2026-01-01", false, false);
  const client = (
    await call("/api/clients", "POST", {
      nome: "Padaria Pão Quente", cnpj: "11.222.333/0001-81", contato: "Maria", telefone: "11987654321",
      email: "contato@paoquente.com.br", valorMensalidade: "150.00", codigoCliente: "PAO-1", isTrial: false, statusBloqueio: 0,
    })
  ).id;
  const supplier = (await call("/api/suppliers", "POST", { nome: "Papelaria Central" })).id;
  const receivable = async (valor: string, due: string) =>
    (await call("/api/installments/generate", "POST", { clientId: client, numParcelas: 1, valor, primeiroVencimento: due, descricao: "Serviço" })).installments[0].id as number;
  const payable = async (valor: string, due: string) =>
    (await call("/api/payables/generate", "POST", { supplierId: String(supplier), numParcelas: 1, valor, primeiroVencimento: due, descricao: "Material" })).payables[0].id as number;
  ids.r0 = await receivable("100.00", "2026-03-01");
  ids.r1 = await receivable("300.00", "2026-03-10");
  ids.r2 = await receivable("200.00", "2026-03-20");
  ids.r3 = await receivable("50.00", "2026-03-05");
  ids.p1 = await payable("120.00", "2026-03-10");
  ids.p2 = await payable("80.00", "2026-04-10");

  await call(`/api/installments/${ids.r0}/pay`, "PATCH", { dataPagamento: "2026-03-01", valorPago: "100.00" });
  intoAccount(ids.A);
  await call(`/api/installments/${ids.r1}/pay`, "PATCH", { dataPagamento: "2026-03-02", valorPago: "100.00", tipo: "parcial" });
  intoAccount(ids.A);
  await call(`/api/installments/${ids.r1}/pay`, "PATCH", { dataPagamento: "2026-03-08", valorPago: "200.00" });
  intoAccount(ids.B);
  await call(`/api/payables/${ids.p1}/pay`, "PATCH", { dataPagamento: "2026-03-09", valorPago: "120.00" });
  intoAccount(ids.A);
}

const balances = (data: string) => call(`/api/accounts/balances?data=${data}`);
const saldoOf = async (data: string, id: number) => (await balances(data)).contas.find((c: { id: number }) => c.id === id).saldo;

describe("an account's balance on a day", () => {
  test("the opening balance is the end of its day: a payment dated on it is already in it; before it, the rule runs backwards", async () => {
    expect(await saldoOf("2026-03-01", ids.A)).toBe("1000.00");
    expect(await saldoOf("2026-02-28", ids.A)).toBe("900.00"); // 1.000,00 − r0's 100,00 of 01/03
    expect(await saldoOf("2026-03-02", ids.A)).toBe("1100.00"); // + r1's partial 100,00
    expect(await saldoOf("2026-03-08", ids.A)).toBe("1100.00");
    expect(await saldoOf("2026-03-09", ids.A)).toBe("980.00"); // − p1's 120,00
    expect(await saldoOf("2026-03-04", ids.B)).toBe("500.00");
    expect(await saldoOf("2026-03-08", ids.B)).toBe("700.00"); // + r1's other 200,00
  });

  test("two accounts and the consolidated sum of the active ones (the inactive one apart); today by default", async () => {
    const answer = await call("/api/accounts/balances");
    expect(answer).toEqual({
      data: "2026-03-15",
      contas: [
        { id: ids.A, nome: "Conta movimento", ativa: true, padrao: true, saldo: "980.00" },
        { id: ids.B, nome: "Conta reserva", ativa: true, padrao: false, saldo: "700.00" },
        { id: ids.C, nome: "Conta antiga", ativa: false, padrao: false, saldo: "10000.00" },
      ],
      consolidado: "1680.00",
    });
    expect(await call(`/api/accounts/${ids.B}/balance?data=2026-03-08`)).toEqual({ id: ids.B, nome: "Conta reserva", ativa: true, padrao: false, saldo: "700.00", data: "2026-03-08" });
  });

  test("a payment and its undo: the balance moves and comes back", async () => {
    await call(`/api/installments/${ids.r2}/pay`, "PATCH", { dataPagamento: "2026-03-12", valorPago: "200.00" });
    intoAccount(ids.A);
    expect(await saldoOf("2026-03-12", ids.A)).toBe("1180.00");
    expect((await balances("2026-03-15")).consolidado).toBe("1880.00");
    await call(`/api/installments/${ids.r2}/undo-payment`, "POST");
    expect(await saldoOf("2026-03-12", ids.A)).toBe("980.00");
    expect((await balances("2026-03-15")).consolidado).toBe("1680.00");
  });

  test("the same figures by independent SQL over the payments themselves", async () => {
    for (const [id, opening, data] of [[ids.A, 100_000, "2026-03-01"], [ids.B, 50_000, "2026-03-05"]] as const) {
      const { net } = q<{ net: number }>(
        `SELECT coalesce(sum(CASE WHEN receivable_id IS NOT NULL THEN valor_pago ELSE -valor_pago END), 0) AS net
           FROM payments WHERE conta_id = ? AND data_pagamento > ? AND data_pagamento <= '2026-03-15'`,
        id,
        data,
      );
      expect(await saldoOf("2026-03-15", id)).toBe(((opening + net) / 100).toFixed(2));
    }
  });

  test("bad input is a pt-BR 4xx", async () => {
    const bad = await t.api("/api/accounts/balances?data=2026-13-01");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("Data inválida");
    expect((await t.api("/api/accounts/999/balance")).status).toBe(404);
    expect((await t.api("/api/accounts/abc/balance")).status).toBe(400);
  });
});

describe("the statement's LEDGERBAL beside Cofre's balance", () => {
  const statement = (contaId: number | null, saldo: number | null, saldoData: string | null) =>
    q<{ id: number }>(
      `INSERT INTO statements (banco, agencia, conta, arquivo, saldo, saldo_data, importado_por, importado_em, transacoes, conta_id)
       VALUES ('341', '1234', '99', 'extrato.ofx', ?, ?, 'financeiro@cofre.test', '2026-03-15T12:00:00.000Z', 0, ?) RETURNING id`,
      saldo as number,
      saldoData as string,
      contaId as number,
    ).id;

  test("the bank's R$ 990,00 on 09/03 against Cofre's R$ 980,00 for account A: difference R$ 10,00", async () => {
    const id = statement(ids.A, 99_000, "2026-03-09");
    const json = await call(`/api/statements/${id}`);
    expect(json.conferenciaSaldo).toEqual({ contaId: ids.A, conta: "Conta movimento", data: "2026-03-09", saldoBanco: "990.00", saldoCofre: "980.00", diferenca: "10.00" });
    const agree = statement(ids.B, 70_000, "2026-03-08");
    expect((await call(`/api/statements/${agree}`)).conferenciaSaldo).toMatchObject({ saldoBanco: "700.00", saldoCofre: "700.00", diferenca: "0.00" });
    const below = statement(ids.A, 90_000, "2026-02-28");
    expect((await call(`/api/statements/${below}`)).conferenciaSaldo).toMatchObject({ saldoCofre: "900.00", diferenca: "0.00" });
  });

  test("no comparison without an account or without LEDGERBAL", async () => {
    expect((await call(`/api/statements/${statement(null, 99_000, "2026-03-09")}`)).conferenciaSaldo).toBeNull();
    expect((await call(`/api/statements/${statement(ids.A, null, null)}`)).conferenciaSaldo).toBeNull();
  });
});

describe("Fluxo de Caixa by account", () => {
  test("the default account: its payments by date from its balance, and the open balances due from today on", async () => {
    const rows = await call(`/api/reports/cash-flow?from=2026-03&to=2026-04&conta=${ids.A}`);
    // Starts from 900,00 (the balance on 28/02). March: r0 100 + r1 100 received, p1 120 paid, r2's 200 open
    // (due 20/03); r3's 50 is overdue, not expected in March. April: p2's 80 to pay.
    expect(rows).toEqual([
      expect.objectContaining({ month: "2026-03", recebido: "200.00", receberEmAberto: "200.00", pago: "120.00", pagarEmAberto: "0.00", saldo: "280.00", saldoAcumulado: "1180.00", parcelasReceber: 3, parcelasPagar: 1 }),
      expect.objectContaining({ month: "2026-04", recebido: "0.00", receberEmAberto: "0.00", pago: "0.00", pagarEmAberto: "80.00", saldo: "-80.00", saldoAcumulado: "1100.00" }),
    ]);
  });

  test("another account: only its own payments (the open installments count in the default account)", async () => {
    const rows = await call(`/api/reports/cash-flow?from=2026-03&to=2026-04&conta=${ids.B}`);
    expect(rows.map((r: Record<string, string>) => [r.month, r.recebido, r.receberEmAberto, r.pago, r.pagarEmAberto, r.saldoAcumulado])).toEqual([
      ["2026-03", "200.00", "0.00", "0.00", "0.00", "700.00"],
      ["2026-04", "0.00", "0.00", "0.00", "0.00", "700.00"],
    ]);
  });

  test("every account ('Todas') stays DECISIONS §3's report by due month", async () => {
    const rows = await call("/api/reports/cash-flow?from=2026-03&to=2026-04");
    // March by due date: r0 100 + r1 300 received; r2 200 + r3 50 open; p1 120 paid. April: p2 80 open.
    expect(rows[0]).toMatchObject({ recebido: "400.00", receberEmAberto: "250.00", pago: "120.00", pagarEmAberto: "0.00", saldoAcumulado: "530.00", parcelasReceber: 4 });
    expect(rows[1]).toMatchObject({ pagarEmAberto: "80.00", saldoAcumulado: "450.00" });
  });

  test("an unknown or malformed account is a 4xx", async () => {
    expect((await t.api("/api/reports/cash-flow?conta=999")).status).toBe(404);
    expect((await t.api("/api/reports/cash-flow?conta=x")).status).toBe(400);
  });
});

describe("Saldo projetado", () => {
  test("consolidated, 30 days, day by day: today's 1.680,00, +200,00 on 20/03, −80,00 on 10/04; the overdue 50,00 apart", async () => {
    const p = await call("/api/reports/projected-balance?dias=30");
    expect(p).toMatchObject({ dias: 30, de: "2026-03-15", ate: "2026-04-14", conta: null, semContas: false, saldoAtual: "1680.00", incluiEmAberto: true, saldoFinal: "1800.00" });
    expect(p.vencidas).toEqual({ receber: "50.00", parcelasReceber: 1, pagar: "0.00", parcelasPagar: 0 });
    expect(p.menorSaldo).toEqual({ data: "2026-03-15", saldo: "1680.00" });
    expect(p.serie).toHaveLength(31);
    const expected = (day: number) => (day < 5 ? "1680.00" : day < 26 ? "1880.00" : "1800.00"); // 20/03 is day 5, 10/04 day 26
    p.serie.forEach((row: { saldo: string }, day: number) => expect(row.saldo).toBe(expected(day)));
    expect(p.serie[5]).toEqual({ data: "2026-03-20", entradas: "200.00", saidas: "0.00", parcelasReceber: 1, parcelasPagar: 0, saldo: "1880.00" });
    expect(p.serie[26]).toEqual({ data: "2026-04-10", entradas: "0.00", saidas: "80.00", parcelasReceber: 0, parcelasPagar: 1, saldo: "1800.00" });
  });

  test("the default account takes the open installments; another stays flat", async () => {
    const a = await call(`/api/reports/projected-balance?dias=60&conta=${ids.A}`);
    expect(a).toMatchObject({ saldoAtual: "980.00", saldoFinal: "1100.00", incluiEmAberto: true, ate: "2026-05-14" });
    expect(a.serie).toHaveLength(61);
    const b = await call(`/api/reports/projected-balance?dias=90&conta=${ids.B}`);
    expect(b).toMatchObject({ saldoAtual: "700.00", saldoFinal: "700.00", incluiEmAberto: false, vencidas: null });
    expect(new Set(b.serie.map((r: { saldo: string }) => r.saldo))).toEqual(new Set(["700.00"]));
  });

  test("a period other than 30, 60 or 90 is a 400", async () => {
    const bad = await t.api("/api/reports/projected-balance?dias=45");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Período inválido: use 30, 60 ou 90 dias");
  });
});

describe("the pages: Relatórios › Fluxo de Caixa by account and Saldo projetado", () => {
  const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim();
  async function page(query: string) {
    const response = await t.api(`/reports?${query}`);
    expect(response.status).toBe(200);
    const root = document.createElement("div");
    root.innerHTML = await response.text();
    return root;
  }

  test("the account selector offers every account; with A chosen the month table runs from its balance", async () => {
    const root = await page(`aba=fluxo&de=2026-03&ate=2026-04&conta=${ids.A}`);
    const select = root.querySelector<HTMLSelectElement>('select[name="conta"]')!;
    expect([...select.options].map((o) => text(o))).toEqual(["Todas", "Conta movimento (padrão)", "Conta reserva", "Conta antiga (inativa)"]);
    expect(select.querySelector("option[selected]")?.getAttribute("value")).toBe(String(ids.A));
    expect(text(root.querySelector(".report-cashflow"))).toContain("a partir do saldo de 28/02/2026: R$ 900,00");
    expect(text(root.querySelector(".report-cashflow"))).toContain("Vencidas fora do saldo: a receber R$ 50,00 (1)");
    const rows = [...root.querySelectorAll(".report-table tbody tr")].map((tr) => text(tr.lastElementChild));
    expect(rows.slice(0, 2)).toEqual(["R$ 1.180,00", "R$ 1.100,00"]);
    expect(text(root.querySelector(".print-header"))).toContain("Conta: Conta movimento");
  });

  test("an account that is not there shows every account and says why", async () => {
    const root = await page("aba=fluxo&conta=999");
    expect(text(root.querySelector(".report-error"))).toBe("Conta bancária não encontrada");
    expect(root.querySelector('select[name="conta"] option[selected]')?.getAttribute("value") ?? "").toBe("");
  });

  test("Saldo projetado: the figures, the 30/60/90 links and the days something falls due", async () => {
    const root = await page("aba=projecao&dias=30");
    const figures = [...root.querySelectorAll(".figure")].map((f) => [...f.children].map((c) => text(c)).join(" "));
    expect(figures[0]).toContain("Saldo hoje R$ 1.680,00");
    expect(figures[1]).toContain("Saldo em 14/04/2026 R$ 1.800,00");
    expect(figures[3]).toBe("Vencidas a receber R$ 50,00 1 parcela; a pagar R$ 0,00 (0 parcelas). Fora da projeção.");
    expect([...root.querySelectorAll(".dre-base a")].map((a) => [text(a), a.getAttribute("href"), a.getAttribute("aria-current")])).toEqual([
      ["30 dias", "/reports?aba=projecao&dias=30", "true"],
      ["60 dias", "/reports?aba=projecao&dias=60", null],
      ["90 dias", "/reports?aba=projecao&dias=90", null],
    ]);
    const rows = [...root.querySelectorAll(".report-table tbody tr")].map((tr) => [...tr.children].map((c) => text(c)));
    expect(rows).toEqual([
      ["15/03/2026", "R$ 0,00", "R$ 0,00", "R$ 1.680,00"],
      ["20/03/2026", "R$ 200,00 (1)", "R$ 0,00", "R$ 1.880,00"],
      ["10/04/2026", "R$ 0,00", "R$ 80,00 (1)", "R$ 1.800,00"],
      ["14/04/2026", "R$ 0,00", "R$ 0,00", "R$ 1.800,00"],
    ]);
    expect(root.querySelector(".projection-chart svg path")).not.toBeNull();
  });

  test("the CSVs: every day of the projection; the cash flow of an account named after it", async () => {
    const projection = await t.api("/reports/export?aba=projecao&dias=30");
    const lines = (await projection.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe("Data;Entradas;Parcelas a receber;Saídas;Parcelas a pagar;Saldo");
    expect(lines[6]).toBe("20/03/2026;200,00;1;0,00;0;1880,00");
    const flow = await t.api(`/reports/export?aba=fluxo&de=2026-03&ate=2026-04&conta=${ids.A}`);
    expect(flow.headers.get("content-disposition")).toContain(`fluxo-de-caixa-2026-03-a-2026-04-conta-${ids.A}.csv`);
    expect(await flow.text()).toContain("2026-04;Previsto;0,00;0,00;0;0,00;80,00;1;-80,00;1100,00");
  });
});

describe("the day sums the writes keep", () => {
  const sameAsRows = () => {
    const ledger = t.db.$client
      .query(
        `SELECT lado, dia, liquidado, em_aberto, parcelas, abertas FROM ledger_days WHERE parcelas <> 0 OR liquidado <> 0 OR em_aberto <> 0 ORDER BY lado, dia`,
      )
      .all();
    const fromRows = t.db.$client
      .query(
        `SELECT lado, dia, sum(s) AS liquidado, sum(o) AS em_aberto, count(*) AS parcelas, sum(status <> 'pago') AS abertas FROM (
           SELECT 'p' AS lado, data_vencimento AS dia, status, CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE coalesce(valor_pago, 0) END AS s,
                  CASE WHEN status = 'pago' THEN 0 ELSE valor - principal_pago - desconto END AS o FROM payables
           UNION ALL
           SELECT 'r', data_vencimento, status, CASE WHEN status = 'pago' THEN coalesce(valor_pago, valor) ELSE coalesce(valor_pago, 0) END,
                  CASE WHEN status = 'pago' THEN 0 ELSE valor - principal_pago - desconto END FROM receivables)
         GROUP BY lado, dia ORDER BY lado, dia`,
      )
      .all();
    expect(ledger).toEqual(fromRows);
    const accounts = t.db.$client.query("SELECT conta_id, dia, creditos, debitos, qtd_creditos, qtd_debitos FROM account_days WHERE qtd_creditos <> 0 OR qtd_debitos <> 0 ORDER BY 1, 2").all();
    const fromPayments = t.db.$client
      .query(
        `SELECT conta_id, data_pagamento AS dia, sum(CASE WHEN receivable_id IS NOT NULL THEN valor_pago ELSE 0 END) AS creditos,
                sum(CASE WHEN payable_id IS NOT NULL THEN valor_pago ELSE 0 END) AS debitos, sum(receivable_id IS NOT NULL) AS qtd_creditos, sum(payable_id IS NOT NULL) AS qtd_debitos
           FROM payments WHERE conta_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .all();
    expect(accounts).toEqual(fromPayments);
  };

  test("after payments, partials and an undo they equal a GROUP BY over the rows", () => sameAsRows());

  test("a payment written with its account, a re-dated installment, a deleted paid payable (its payments cascade): still equal", async () => {
    t.db.$client.run(
      "INSERT INTO payments (payable_id, data_pagamento, principal, valor_pago, conta_id) VALUES (?, '2026-03-14', 0, 0, ?)",
      [ids.p2, ids.B],
    );
    await call(`/api/installments/${ids.r3}/due-date`, "PATCH", { dataVencimento: "2026-03-25" });
    await call(`/api/payables/${ids.p1}`, "DELETE");
    sameAsRows();
    // p1's 120,00 left account A with its payment.
    expect(await saldoOf("2026-03-15", ids.A)).toBe("1100.00");
  });
});
