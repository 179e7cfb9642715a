// The DRE gerencial (issue 36) against an independent reading of the raw tables, for a worked
// company on both bases; the plano de contas' 409s; "Editar lançamento"; the lists' category filter.
import { beforeEach, describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { acrossTurns } from "../../../tests/turns";
import type { Dre } from "./dre";
import { getDre, getDreInTurns, margin } from "./dre";

const t = useTestApp({
  tables: ["history_events", "subscription_months", "subscriptions", "receivables", "payables", "clients", "suppliers", "cost_centres"],
  now: "2026-03-15T10:00:00-03:00",
});

// The plano as migration 0025 seeded it, for every test (a test deactivates and adds categories).
beforeEach(() => t.db.$client.exec("UPDATE categories SET ativa = 1; DELETE FROM categories WHERE id > 18"));

async function call<T>(path: string, method = "GET", body?: unknown, status = method === "POST" ? 201 : 200): Promise<T> {
  const response = await t.api(path, { method, body });
  const answer = await response.json();
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as T;
}
const id = (sql: string) => (t.db.$client.query(sql).get() as { id: number }).id;
const categoryId = (nome: string) => id(`select id from categories where nome = '${nome}'`);

type Row = { id: number; categoriaId: number; categoriaNome: string; centroCustoId: number | null };

/** A small services company over January–March 2026 (today 2026-03-15). */
async function workedCompany() {
  const padaria = await call<{ id: number }>("/api/clients", "POST", PADARIA);
  const otica = await call<{ id: number }>("/api/clients", "POST", { ...PADARIA, nome: "Ótica Central", cnpj: "45.723.174/0001-10", codigoCliente: "OTI-1" });
  // Subscription months 01, 02, 03/2026 → Mensalidades (competência).
  await call(`/api/clients/${padaria.id}/subscription`, "PUT", { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-01" });
  const months = t.db.$client.query("select id, competencia from receivables where subscription_id is not null order by competencia").all() as { id: number; competencia: string }[];
  expect(months.map((m) => m.competencia)).toEqual(["2026-01", "2026-02", "2026-03"]);
  // January's paid late in February, with fees (multa 3,00 + juros 0,45).
  await call(`/api/installments/${months[0]!.id}/pay-with-fees`, "PATCH", { dataPagamento: "2026-02-05", multa: "3.00", juros: "0.45" });
  await call(`/api/installments/${months[1]!.id}/pay`, "PATCH", { dataPagamento: "2026-02-10" });
  const centro = await call<{ id: number }>("/api/cost-centres", "POST", { nome: "Projetos" });
  // A project in three installments (1000.00 → 333.33, 333.33, 333.34), one paid at a discount.
  const projeto = await call<{ installments: Row[] }>("/api/installments/generate", "POST", {
    clientId: otica.id, numParcelas: 3, valor: "1000.00", primeiroVencimento: "2026-01-20", descricao: "Projeto de site", centroCustoId: centro.id,
  });
  expect(projeto.installments.map((r) => r.categoriaNome)).toEqual(Array(3).fill("Receitas de serviços › Serviços avulsos"));
  await call(`/api/installments/${projeto.installments[0]!.id}/pay`, "PATCH", { dataPagamento: "2026-01-25", valorPago: "300.00" });
  await call(`/api/installments/${projeto.installments[1]!.id}/pay-with-fees`, "PATCH", { dataPagamento: "2026-03-02", multa: "6.67", juros: "1.11" });
  // Payables: the supplier's default (Aluguel), one chosen (Software), one Fornecedores.
  // A supplier's default category (its form's Categoria padrão): a despesa one only.
  const refused = await t.api("/api/suppliers", { method: "POST", body: { nome: "Imobiliária Centro", categoriaId: categoryId("Mensalidades") } });
  expect(refused.status).toBe(400);
  const imobiliaria = await call<{ id: number; categoriaId: number }>("/api/suppliers", "POST", { nome: "Imobiliária Centro", categoriaId: String(categoryId("Aluguel")) });
  expect(imobiliaria.categoriaId).toBe(categoryId("Aluguel"));
  const aluguel = await call<{ payables: Row[] }>("/api/payables/generate", "POST", { supplierId: imobiliaria.id, numParcelas: 3, valor: "5400.00", primeiroVencimento: "2026-01-05", descricao: "Aluguel" });
  expect(aluguel.payables[0]!.categoriaNome).toBe("Despesas administrativas › Aluguel");
  const software = await call<{ payables: Row[] }>("/api/payables/generate", "POST", {
    supplierId: imobiliaria.id, numParcelas: 1, valor: "89.90", primeiroVencimento: "2026-02-15", descricao: "ERP", categoriaId: categoryId("Software"),
  });
  const gas = await call<{ id: number }>("/api/suppliers", "POST", { nome: "Gráfica Rápida" });
  const cartoes = await call<{ payables: Row[] }>("/api/payables/generate", "POST", { supplierId: gas.id, numParcelas: 1, valor: "250.00", primeiroVencimento: "2026-03-30", descricao: "Cartões" });
  expect(cartoes.payables[0]!.categoriaNome).toBe("Custos dos serviços › Fornecedores");
  await call(`/api/payables/${aluguel.payables[0]!.id}/pay`, "PATCH", { dataPagamento: "2026-01-05" });
  await call(`/api/payables/${aluguel.payables[1]!.id}/pay`, "PATCH", { dataPagamento: "2026-02-06", valorPago: "1850.00" });
  await call(`/api/payables/${software.payables[0]!.id}/pay`, "PATCH", { dataPagamento: "2026-03-01" });
  return { padaria, otica, centro, projeto: projeto.installments, aluguel: aluguel.payables };
}

// The reading the DRE must agree with, written apart from it: every ledger row, one signed
// amount per (month, category) — caixa: what was paid, by payment date, fees apart; competência:
// what was billed, by competência or due month (fees, known once paid, by payment date).
const INDEPENDENT = {
  caixa: `select m, c, sum(v) as v from (
      select strftime('%Y-%m', data_pagamento) as m, categoria_id as c, valor_pago - ifnull(multa, 0) - ifnull(juros, 0) as v from receivables where status = 'pago'
      union all select strftime('%Y-%m', data_pagamento), (select id from categories where nome = 'Juros e multas recebidos'), ifnull(multa, 0) + ifnull(juros, 0) from receivables where status = 'pago'
      union all select strftime('%Y-%m', data_pagamento), categoria_id, -valor_pago from payables where status = 'pago'
    ) where m between '2026-01' and '2026-03' group by m, c having sum(v) <> 0`,
  competencia: `select m, c, sum(v) as v from (
      select ifnull(competencia, strftime('%Y-%m', data_vencimento)) as m, categoria_id as c, valor as v from receivables
      union all select strftime('%Y-%m', data_pagamento), (select id from categories where nome = 'Juros e multas recebidos'), ifnull(multa, 0) + ifnull(juros, 0) from receivables where status = 'pago'
      union all select strftime('%Y-%m', data_vencimento), categoria_id, -valor from payables
    ) where m between '2026-01' and '2026-03' group by m, c having sum(v) <> 0`,
};

const cents = (text: string) => Math.round(Number(text) * 100);

/** The DRE's category lines as the same signed (month, category) cents. */
function figuresOf(dre: Dre) {
  const out: { m: string; c: number; v: number }[] = [];
  for (const [section, sign] of [[dre.receitas, 1], [dre.despesas, -1]] as const)
    for (const group of section.grupos)
      for (const line of group.categorias) line.valores.forEach((v, i) => cents(v) !== 0 && out.push({ m: dre.meses[i]!, c: line.id, v: sign * cents(v) }));
  return out.sort((a, b) => a.m.localeCompare(b.m) || a.c - b.c);
}

describe("the DRE gerencial", () => {
  for (const base of ["caixa", "competencia"] as const) {
    test(`by ${base}: every (month, category) figure, the totals and the resultado agree with the raw tables`, async () => {
      await workedCompany();
      const dre = await call<Dre>(`/api/reports/dre?de=2026-01&ate=2026-03&base=${base}`);
      const expected = (t.db.$client.query(INDEPENDENT[base]).all() as { m: string; c: number; v: number }[]).sort((a, b) => a.m.localeCompare(b.m) || a.c - b.c);
      expect(expected.length).toBeGreaterThan(5);
      expect(figuresOf(dre)).toEqual(expected);
      // Groups add their categories, sections their groups, resultado = receitas − despesas.
      dre.meses.forEach((m, i) => {
        const month = expected.filter((e) => e.m === m);
        expect(cents(dre.receitas.valores[i]!)).toBe(month.filter((e) => e.v > 0).reduce((a, e) => a + e.v, 0));
        expect(cents(dre.resultado.valores[i]!)).toBe(month.reduce((a, e) => a + e.v, 0));
        for (const group of dre.despesas.grupos) expect(cents(group.valores[i]!)).toBe(group.categorias.reduce((a, c) => a + cents(c.valores[i]!), 0));
      });
      expect(cents(dre.resultado.total)).toBe(expected.reduce((a, e) => a + e.v, 0));
    });
  }

  test("a period is read a month per slice of the loop, in one snapshot: a payment made meanwhile is not half in it", async () => {
    const { aluguel } = await workedCompany();
    const range = { from: "2026-01", to: "2026-03" };
    const before = getDre(t.db, range, "caixa");
    // Every month its own slice (each ~2 ms at --scale 200). The first month is read before the
    // loop turns; then another request pays March's rent.
    const { value: dre, turns } = await acrossTurns(
      () => getDreInTurns(t.config.databasePath, range, "caixa"),
      (turn) => turn === 0 && t.db.$client.query("INSERT INTO payments (payable_id, data_pagamento, principal, valor_pago) SELECT id, '2026-03-05', valor, valor FROM payables WHERE id = ?").run(aluguel[2]!.id),
    );
    expect(dre).toEqual(before);
    expect(turns).toBeGreaterThanOrEqual(2);
    // Read again, the payment is there: March's Aluguel.
    const after = await getDreInTurns(t.config.databasePath, range, "caixa");
    expect(after).toEqual(getDre(t.db, range, "caixa"));
    expect(after.resultado.valores[2]).not.toBe(before.resultado.valores[2]);
  });

  test("worked figures: fees under Juros e multas recebidos, a discount counted as paid (caixa), the face value (competência)", async () => {
    await workedCompany();
    const caixa = await call<Dre>("/api/reports/dre?de=2026-01&ate=2026-03&base=caixa");
    const line = (dre: Dre, nome: string) => dre.receitas.grupos.flatMap((g) => g.categorias).concat(dre.despesas.grupos.flatMap((g) => g.categorias)).find((c) => c.nome === nome)!;
    expect(line(caixa, "Juros e multas recebidos").valores).toEqual(["0.00", "3.45", "7.78"]);
    expect(line(caixa, "Serviços avulsos").valores).toEqual(["300.00", "0.00", "333.33"]);
    expect(line(caixa, "Mensalidades").valores).toEqual(["0.00", "300.00", "0.00"]);
    expect(line(caixa, "Aluguel").valores).toEqual(["1800.00", "1850.00", "0.00"]);
    expect(caixa.resultado.valores).toEqual(["-1500.00", "-1546.55", "251.21"]);
    // 251,21 ÷ 341,11 = 73,645…%; January: −1.500,00 ÷ 300,00.
    expect(caixa.margem.valores).toEqual(["-500.0", "-509.7", "73.6"]);
    const competencia = await call<Dre>("/api/reports/dre?de=2026-01&ate=2026-03&base=competencia");
    expect(line(competencia, "Mensalidades").valores).toEqual(["150.00", "150.00", "150.00"]);
    expect(line(competencia, "Serviços avulsos").valores).toEqual(["333.33", "333.33", "333.34"]);
    expect(line(competencia, "Fornecedores").valores).toEqual(["0.00", "0.00", "250.00"]);
  });

  test("the margin is exact integer arithmetic, rounded half away from zero", () => {
    expect(margin(1n, 3n)).toBe("33.3");
    expect(margin(2n, 3n)).toBe("66.7");
    expect(margin(-1n, 8n)).toBe("-12.5");
    expect(margin(0n, 5n)).toBe("0.0");
    expect(margin(5n, 0n)).toBeNull();
  });

  test("a bad period or base is a 400 in pt-BR", async () => {
    for (const query of ["base=mensal", "de=2026-13", "de=2026-05&ate=2026-01", "de=2020-01&ate=2026-01"]) {
      const response = await t.api(`/api/reports/dre?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/inválid|anterior|no máximo/);
    }
  });
});

describe("the plano de contas", () => {
  test("a category in use cannot be deleted (409 saying why), only deactivated; one not used can", async () => {
    await workedCompany();
    const aluguel = categoryId("Aluguel");
    const refused = await t.api(`/api/categories/${aluguel}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain("desative-a em vez de excluir");
    const grupo = id("select grupo_id as id from categories where nome = 'Aluguel'");
    const off = await call<{ ativa: boolean; emUso: number }>(`/api/categories/${aluguel}`, "PATCH", { nome: "Aluguel", tipo: "despesa", grupoId: grupo, ativa: false });
    expect(off).toMatchObject({ ativa: false });
    expect(off.emUso).toBeGreaterThan(0);
    // Inactive: no new row may take it.
    const supplier = await call<{ id: number }>("/api/suppliers", "POST", { nome: "Outro" });
    const inactive = await t.api("/api/payables/generate", { method: "POST", body: { supplierId: supplier.id, numParcelas: 1, valor: "10.00", primeiroVencimento: "2026-04-01", descricao: "x", categoriaId: aluguel } });
    expect(inactive.status).toBe(400);
    // A group in use (it has categories) likewise; the ledger's own categories never.
    expect((await t.api(`/api/categories/${grupo}`, { method: "DELETE" })).status).toBe(409);
    const mensalidades = await t.api(`/api/categories/${categoryId("Mensalidades")}`, { method: "DELETE" });
    expect(mensalidades.status).toBe(409);
    expect(((await mensalidades.json()) as { message: string }).message).toContain("usada pelo Cofre");
    // A new one, unused: deleted, with its history.
    const nova = await call<{ id: number; grupoNome: string }>("/api/categories", "POST", { nome: "Comissões", tipo: "despesa", grupoId: categoryId("Comercial") });
    expect(nova.grupoNome).toBe("Comercial");
    expect((await t.api("/api/categories", { method: "POST", body: { nome: "comissões", tipo: "despesa", grupoId: categoryId("Comercial") } })).status).toBe(409);
    expect((await t.api("/api/categories", { method: "POST", body: { nome: "Errada", tipo: "receita", grupoId: categoryId("Comercial") } })).status).toBe(400);
    await call(`/api/categories/${nova.id}`, "DELETE");
    const events = t.db.$client.query("select action from history_events where entity = 'category' order by id").all();
    expect(events).toEqual([{ action: "update" }, { action: "create" }, { action: "delete" }]);
  });

  test("a ledger page's choices (ledgerChoices) are the plano's categories of its side in the plano's order, a category under an inactive group inactive, and the cost centres", async () => {
    const { ledgerChoices, listCategories, listCostCentres } = await import("../categories/service");
    await call("/api/cost-centres", "POST", { nome: "Zona Sul" });
    await call("/api/cost-centres", "POST", { nome: "administração" });
    const grupo = id("select grupo_id as id from categories where nome = 'Aluguel'");
    const nomeGrupo = (t.db.$client.query(`select nome from categories where id = ${grupo}`).get() as { nome: string }).nome;
    await call(`/api/categories/${grupo}`, "PATCH", { nome: nomeGrupo, tipo: "despesa", grupoId: null, ativa: false });
    await call("/api/categories", "POST", { nome: "Água", tipo: "despesa", grupoId: grupo });
    for (const tipo of ["receita", "despesa"] as const) {
      // What listCategories' whole plano gives, filtered as the ledger wants it.
      const expected = listCategories(t.db)
        .filter((c) => c.tipo === tipo && c.grupoId !== null)
        .map((c) => ({ id: c.id, nome: `${c.grupoNome} › ${c.nome}`, ativa: c.ativa && listCategories(t.db).find((g) => g.id === c.grupoId)!.ativa }));
      const choices = ledgerChoices(t.db, tipo);
      expect(choices.categorias).toEqual(expected);
      expect(choices.centros).toEqual(listCostCentres(t.db).map(({ id, nome, ativo }) => ({ id, nome, ativo })));
    }
    expect(ledgerChoices(t.db, "despesa").categorias.find((c) => c.nome.endsWith("Água"))).toMatchObject({ ativa: false });
    expect(ledgerChoices(t.db, "despesa").centros.map((c) => c.nome)).toEqual(["administração", "Zona Sul"]);
  });

  test("a receivable takes only a receita category, a payable a despesa one", async () => {
    const client = await call<{ id: number }>("/api/clients", "POST", PADARIA);
    const wrong = await t.api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 1, valor: "10.00", primeiroVencimento: "2026-04-01", descricao: "x", categoriaId: categoryId("Aluguel") } });
    expect(wrong.status).toBe(400);
    expect(t.db.$client.query("select count(*) as n from receivables").get()).toEqual({ n: 0 });
  });
});

describe("Editar lançamento", () => {
  test("description, category and cost centre change (never the money), with the change in the history", async () => {
    const { projeto, centro } = await workedCompany();
    const row = projeto[2]!;
    const edited = await call<{ message: string; installment: Row & { valor: string; descricao: string } }>(`/api/installments/${row.id}`, "PATCH", {
      descricao: "Projeto de site (fase 3)", categoriaId: categoryId("Mensalidades"), centroCustoId: null, valor: "1.00",
    });
    expect(edited.message).toBe("Lançamento atualizado com sucesso!");
    expect(edited.installment).toMatchObject({ descricao: "Projeto de site (fase 3)", categoriaNome: "Receitas de serviços › Mensalidades", centroCustoId: null, valor: "333.34" });
    const event = t.db.$client.query("select details from history_events where entity = 'installment' and action = 'update'").get() as { details: string };
    expect(JSON.parse(event.details).alteracoes).toEqual({
      descricao: ["Projeto de site", "Projeto de site (fase 3)"],
      categoria: ["Receitas de serviços › Serviços avulsos", "Receitas de serviços › Mensalidades"],
      centroCusto: ["Projetos", null],
    });
    expect(centro.id).toBeGreaterThan(0);
    expect((await t.api("/api/installments/999999", { method: "PATCH", body: { descricao: "x" } })).status).toBe(404);
    expect((await t.api(`/api/installments/${row.id}`, { method: "PATCH", body: { descricao: "x", categoriaId: categoryId("Aluguel") } })).status).toBe(400);
  });

  test("the lists filter by category and cost centre, page and whole", async () => {
    const { centro } = await workedCompany();
    const avulsos = categoryId("Serviços avulsos");
    const page = await t.api(`/api/installments?categoriaId=${avulsos}&pagina=1`);
    expect(page.headers.get("x-total-count")).toBe("3");
    const rows = (await page.json()) as Row[];
    expect(rows.every((r) => r.categoriaId === avulsos)).toBe(true);
    expect((await t.api(`/api/installments?centroCustoId=${centro.id}&pagina=1`)).headers.get("x-total-count")).toBe("3");
    expect((await t.api(`/api/payables?categoriaId=${categoryId("Aluguel")}&pagina=1`)).headers.get("x-total-count")).toBe("3");
    expect((await t.api("/api/payables?categoriaId=abc")).status).toBe(400);
  });
});

describe("the DRE by caixa after a category changes (issue 36: payments carry their installment's category)", () => {
  // Independent of that copy: every payment, with its installment's category read from the row.
  const PAID = `select m, c, sum(v) as v from (
      select strftime('%Y-%m', p.data_pagamento) as m, r.categoria_id as c, p.valor_pago - p.multa - p.juros as v from payments p join receivables r on r.id = p.receivable_id
      union all select strftime('%Y-%m', p.data_pagamento), (select id from categories where nome = 'Juros e multas recebidos'), p.multa + p.juros from payments p where p.receivable_id is not null
      union all select strftime('%Y-%m', p.data_pagamento), r.categoria_id, -p.valor_pago from payments p join payables r on r.id = p.payable_id
    ) where m between '2026-01' and '2026-03' group by m, c having sum(v) <> 0`;
  const caixaAgrees = async () => {
    const dre = await call<Dre>("/api/reports/dre?de=2026-01&ate=2026-03&base=caixa");
    expect(figuresOf(dre)).toEqual((t.db.$client.query(PAID).all() as { m: string; c: number; v: number }[]).sort((a, b) => a.m.localeCompare(b.m) || a.c - b.c));
    return dre;
  };
  const line = (dre: Dre, nome: string) => dre.receitas.grupos.flatMap((g) => g.categorias).concat(dre.despesas.grupos.flatMap((g) => g.categorias)).find((c) => c.nome === nome)!.valores;
  const apart = () => t.db.$client.query("select count(*) as n from payments p where categoria_id is not coalesce((select categoria_id from receivables where id = p.receivable_id), (select categoria_id from payables where id = p.payable_id))").get();

  test("Editar lançamento of paid and partly paid rows, a plain UPDATE by another writer, a payment after the edit: the DRE equals the raw tables", async () => {
    const { projeto, aluguel } = await workedCompany();
    const mensalidades = categoryId("Mensalidades");
    // Partly paid in March (100,00 of 333,34): the row about to move has a payment already.
    await call(`/api/installments/${projeto[2]!.id}/pay`, "PATCH", { dataPagamento: "2026-03-10", valorPago: "100.00", tipo: "parcial" });
    expect(line(await caixaAgrees(), "Serviços avulsos")).toEqual(["300.00", "0.00", "433.33"]);
    // Editar lançamento: the paid installment (with fees) and the partly paid one become Mensalidades; a paid rent Software.
    await call(`/api/installments/${projeto[1]!.id}`, "PATCH", { descricao: "Projeto de site", categoriaId: mensalidades, centroCustoId: null });
    await call(`/api/installments/${projeto[2]!.id}`, "PATCH", { descricao: "Projeto de site", categoriaId: mensalidades, centroCustoId: null });
    await call(`/api/payables/${aluguel[1]!.id}`, "PATCH", { descricao: "Aluguel", categoriaId: categoryId("Software") });
    let dre = await caixaAgrees();
    expect(line(dre, "Serviços avulsos")).toEqual(["300.00", "0.00", "0.00"]);
    expect(line(dre, "Mensalidades")).toEqual(["0.00", "300.00", "433.33"]);
    // The fees stay under Juros e multas recebidos, whatever the installment's category.
    expect(line(dre, "Juros e multas recebidos")).toEqual(["0.00", "3.45", "7.78"]);
    expect(line(dre, "Software")).toEqual(["0.00", "1850.00", "89.90"]);
    expect(line(dre, "Aluguel")).toEqual(["1800.00", "0.00", "0.00"]);
    // The rest of the partly paid row, paid after its edit: under its new category.
    await call(`/api/installments/${projeto[2]!.id}/pay`, "PATCH", { dataPagamento: "2026-03-12" });
    expect(line(await caixaAgrees(), "Mensalidades")).toEqual(["0.00", "300.00", "666.67"]);
    // Whoever writes the row's category (an import, a script), its payments follow it.
    t.db.$client.run("update receivables set categoria_id = ? where id = ?", [categoryId("Serviços avulsos"), projeto[2]!.id]);
    dre = await caixaAgrees();
    expect(line(dre, "Serviços avulsos")).toEqual(["300.00", "0.00", "333.34"]);
    expect(apart()).toEqual({ n: 0 });
    // Competência reads the rows themselves, and agrees with them too.
    const competencia = await call<Dre>("/api/reports/dre?de=2026-01&ate=2026-03&base=competencia");
    expect(figuresOf(competencia)).toEqual((t.db.$client.query(INDEPENDENT.competencia).all() as { m: string; c: number; v: number }[]).sort((a, b) => a.m.localeCompare(b.m) || a.c - b.c));
  });
});
