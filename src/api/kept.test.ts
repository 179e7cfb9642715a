import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import { pinClock } from "../lib/clock";
import { dashboardFigures } from "./dashboard/figures";
import { keptWhileUnchanged } from "./kept";

// Figures kept between requests (src/api/kept.ts: the dashboard, the lists' cards): whatever
// changes a row they read, and the turn of the day, must show on the next answer; nothing else
// may cost a recomputation.
const t = useTestApp({ tables: ["receivables", "payables", "suppliers", "subscriptions", "history_events", "clients", "partners"], now: "2026-03-15T10:00:00-03:00" });

const cards = async () => {
  const response = await t.api("/");
  expect(response.status).toBe(200);
  const page = document.createElement("div");
  page.innerHTML = await response.text();
  return Object.fromEntries([...page.querySelectorAll(".dash-stats .stat")].map((card) => [card.querySelector(".stat__title")!.textContent, card.querySelector(".stat__value")!.textContent!.replace(/\u00a0/g, " ")]));
};

async function newClient(body: object = PADARIA): Promise<number> {
  const made = await t.api("/api/clients", { method: "POST", body });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

test("a change through the API, a write by another process and a fixture's raw write each show on the next page", async () => {
  expect((await cards())["Total de Clientes"]).toBe("0");
  const id = await newClient();
  expect((await cards())["Total de Clientes"]).toBe("1");

  const due = { clientId: id, numParcelas: 1, valor: "300.00", primeiroVencimento: "2026-03-20", descricao: "Implantação" };
  expect((await t.api("/api/installments/generate", { method: "POST", body: due })).status).toBe(201);
  expect((await cards())["Parcelas em Aberto"]).toBe("1");

  // Another connection (the CLI, say) commits a client.
  const other = new Database(t.config.databasePath);
  other.run("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values ('Outro Processo Ltda', '11444777000161', 'Ana', '11987654321', 'a@o.com.br', 10000, 'OUT-001')");
  other.close();
  expect((await cards())["Total de Clientes"]).toBe("2");

  // A raw write on the app's own connection, around every service.
  t.db.$client.run("update clients set status_bloqueio = 1 where codigo_cliente = 'OUT-001'");
  expect((await cards())["Clientes Bloqueados"]).toBe("1");
  t.db.$client.run("delete from receivables");
  expect((await cards())["Parcelas em Aberto"]).toBe("0");
});

test("the day turning moves what depends on it (an installment becomes overdue) without any write", async () => {
  const id = await newClient();
  const due = { clientId: id, numParcelas: 1, valor: "300.00", primeiroVencimento: "2026-03-16", descricao: "Implantação" };
  expect((await t.api("/api/installments/generate", { method: "POST", body: due })).status).toBe(201);
  const before = await dashboardFigures(t.db, t.config.databasePath);
  expect(before.stats.overdueInstallments).toBe(0);
  const unpin = pinClock("2026-03-17T10:00:00-03:00");
  try {
    expect((await dashboardFigures(t.db, t.config.databasePath)).stats.overdueInstallments).toBe(1);
  } finally {
    unpin();
  }
});

test("a change the figures do not read (a partner) keeps them: the same figures, not computed again", async () => {
  await newClient();
  const kept = await dashboardFigures(t.db, t.config.databasePath);
  const partner = { nome: "Parceiro Ltda", empresa: "Parceria", email: "p@parceria.com.br", telefone: "11912345678" };
  expect((await t.api("/api/partners", { method: "POST", body: partner })).status).toBe(201);
  expect(await dashboardFigures(t.db, t.config.databasePath)).toBe(kept);
  await newClient({ ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" });
  expect(await dashboardFigures(t.db, t.config.databasePath)).not.toBe(kept);
  expect((await dashboardFigures(t.db, t.config.databasePath)).stats.totalClients).toBe(2);
});

test("figures computed inside a transaction that rolls back are not kept for counts a later change reaches again", async () => {
  // Figures read on the app's own connection, as a list's cards are (the dashboard reads on a reader).
  const clientsKept = () => keptWhileUnchanged(t.db, "clientes", () => (t.db.$client.query("select count(*) as n from clients").get() as { n: number }).n);
  await newClient();
  const before = clientsKept();
  try {
    t.db.$client.transaction(() => {
      t.db.$client.run("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente) values ('Desfeito Ltda', '11444777000161', 'Ana', '11987654321', 'd@d.com.br', 10000, 'DES-001')");
      expect(clientsKept()).toBe(before + 1);
      throw new Error("rollback");
    })();
  } catch {}
  // One committed change: the counts reach what they were inside the rolled-back transaction.
  t.db.$client.run("update clients set contato = 'Outra' where id = (select min(id) from clients)");
  expect(clientsKept()).toBe(before);
});

test("a list's cards are kept per filter and follow any write to their side, raw ones included", async () => {
  const supplier = await t.api("/api/suppliers", { method: "POST", body: { nome: "Fornecedor Ltda", cnpj: "11444777000161" } });
  expect(supplier.status).toBe(201);
  const { id } = (await supplier.json()) as { id: number };
  const due = { supplierId: String(id), numParcelas: 2, valor: "100.00", primeiroVencimento: "2026-03-20", descricao: "Aluguel" };
  expect((await t.api("/api/payables/generate", { method: "POST", body: due })).status).toBe(201);
  const cards = async (query = "") => (await (await t.api(`/api/payables/summary${query}`)).json()) as { totalAPagar: { total: string; quantidade: number } };
  expect((await cards()).totalAPagar).toEqual({ total: "100.00", quantidade: 2 });
  expect((await cards("?mes=2026-03")).totalAPagar).toEqual({ total: "50.00", quantidade: 1 });
  t.db.$client.run("update payables set valor = 7000 where data_vencimento = '2026-03-20'");
  expect((await cards()).totalAPagar).toEqual({ total: "120.00", quantidade: 2 });
  expect((await cards("?mes=2026-03")).totalAPagar).toEqual({ total: "70.00", quantidade: 1 });
});

test("every filter of a list has cards of its own: asked after the unfiltered view, each is what it is when asked first", async () => {
  const clientId = await newClient();
  const generated = await t.api("/api/installments/generate", { method: "POST", body: { clientId, numParcelas: 4, valor: "400.00", primeiroVencimento: "2026-02-10", descricao: "Contrato" } });
  const rows = ((await generated.json()) as { installments: { id: number }[] }).installments;
  // Another client's open installment: no filter but the party's leaves it out.
  const other = await newClient({ ...PADARIA, nome: "Ótica Central", cnpj: "45.723.174/0001-10", codigoCliente: "OTI-1" });
  expect((await t.api("/api/installments/generate", { method: "POST", body: { clientId: other, numParcelas: 1, valor: "50.00", primeiroVencimento: "2026-04-10", descricao: "Avulso" } })).status).toBe(201);
  expect((await t.api(`/api/installments/${rows[0]!.id}/pay`, { method: "PATCH", body: { dataPagamento: "2026-03-02" } })).status).toBe(200);
  const centre = (await (await t.api("/api/cost-centres", { method: "POST", body: { nome: "Projetos" } })).json()) as { id: number };
  t.db.$client.run("UPDATE receivables SET centro_custo_id = ?, categoria_id = (SELECT id FROM categories WHERE nome = 'Mensalidades') WHERE id = ?", [centre.id, rows[1]!.id]);
  const mensalidades = (t.db.$client.query("SELECT id FROM categories WHERE nome = 'Mensalidades'").get() as { id: number }).id;
  const summary = async (query: string) => (await (await t.api(`/api/installments/summary${query}`)).json()) as Record<string, { total: string; quantidade: number }>;
  const filters = ["?status=vencido", "?mes=2026-03", `?clientId=${clientId}`, "?pagoEm=2026-03", "?pagoDe=2026-03-01", "?pagoAte=2026-02-28", `?categoriaId=${mensalidades}`, `?centroCustoId=${centre.id}`];
  for (const filter of filters) {
    // Any write to the side forgets what was kept: this filter's cards are computed first.
    t.db.$client.run("UPDATE receivables SET descricao = descricao WHERE id = ?", [rows[3]!.id]);
    const first = await summary(filter);
    const unfiltered = await summary("");
    expect({ filter, cards: await summary(filter) }).toEqual({ filter, cards: first });
    expect({ filter, cards: first }).not.toEqual({ filter, cards: unfiltered });
  }
});
