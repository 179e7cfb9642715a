import { describe, expect, test } from "bun:test";
import { ADMIN, PADARIA, testPasswordHash, useTestApp } from "../../../tests/support";
import { insertUser, setPassword } from "../auth/service";
import { pinClock } from "../../lib/clock";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { PayableJson } from "../payables/model";
import type { SupplierJson } from "../suppliers/model";
import type { HistoryEventJson } from "./model";
import { foldUnsearchedEvents } from "../../../db/backfill";
import { SYSTEM } from "./record";

// DECISIONS §6: every change writes exactly one event in its own transaction; a refused change
// writes none. Read back through GET /api/history, as the page does. Today is 15 March 2026.

const t = useTestApp({
  tables: ["receivables", "payables", "clients", "suppliers", "partners", "history_events"],
  now: "2026-03-15T10:00:00-03:00",
});

const api = (path: string, method = "GET", body?: unknown) => t.api(path, { method, body });
async function ok<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const response = await api(path, method, body);
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as T;
}
/** The events since the last call, oldest first (NBSP from Intl shown as a space). */
let seen = 0;
async function newEvents(): Promise<HistoryEventJson[]> {
  const rows = await ok<HistoryEventJson[]>("/api/history?porPagina=500");
  const fresh = rows.filter((e) => e.id > seen).reverse();
  if (rows[0]) seen = Math.max(seen, rows[0].id);
  return fresh.map((e) => ({ ...e, texto: e.texto.replaceAll("\u00a0", " ") }));
}
const eventCount = () => (t.db.$client.query("select count(*) as n from history_events").get() as { n: number }).n;

const moinho = { nome: "Moinho Santa Clara", cnpj: "", email: "compras@moinho.com.br", telefone: "", cidade: "Campinas", estado: "SP" };
const bill = (clientId: number, primeiroVencimento = "2026-04-10", numParcelas = 12) => ({
  clientId,
  numParcelas,
  valor: "4200.00",
  primeiroVencimento,
  descricao: "Mensalidade 2026",
});

describe("registers", () => {
  test("a client created, edited (each changed field), blocked, unblocked and deleted: one event each, by the signed-in user", async () => {
    await newEvents();
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await ok(`/api/clients/${client.id}`, "PUT", { ...PADARIA, valorMensalidade: "180.00", telefone: "(11) 3333-4444" });
    await ok(`/api/clients/${client.id}`, "PUT", { ...PADARIA, valorMensalidade: "180.00", telefone: "(11) 3333-4444" });
    await ok(`/api/clients/${client.id}/toggle-block`, "PATCH");
    await ok(`/api/clients/${client.id}/toggle-block`, "PATCH");
    await ok(`/api/clients/${client.id}`, "DELETE");
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.entidade, e.entidadeId, e.usuario, e.rotulo])).toEqual([
      ["create", "client", client.id, ADMIN.email, "Padaria Pão Quente"],
      ["update", "client", client.id, ADMIN.email, "Padaria Pão Quente"],
      ["block", "client", client.id, ADMIN.email, "Padaria Pão Quente"],
      ["unblock", "client", client.id, ADMIN.email, "Padaria Pão Quente"],
      ["delete", "client", client.id, ADMIN.email, "Padaria Pão Quente"],
    ]);
    // The second, identical save changed nothing: no event.
    expect(events[1]!.detalhes).toEqual({ alteracoes: { telefone: ["11987654321", "1133334444"], valorMensalidade: ["150.00", "180.00"] } });
    expect(events[1]!.texto).toBe(`${ADMIN.email} alterou o cliente Padaria Pão Quente: Telefone: 11987654321 → 1133334444; Mensalidade: R$ 150,00 → R$ 180,00`);
    expect(events[4]!.detalhes.registro).toMatchObject({ nome: "Padaria Pão Quente", cnpj: "11222333000181", valorMensalidade: "180.00" });
    expect(events[2]!.texto).toBe(`${ADMIN.email} bloqueou o cliente Padaria Pão Quente`);
    expect(events.every((e) => e.clientId === client.id)).toBe(true);
  });

  test("suppliers and partners: created, edited, blocked, deleted", async () => {
    await newEvents();
    const supplier = await ok<SupplierJson>("/api/suppliers", "POST", moinho);
    await ok(`/api/suppliers/${supplier.id}`, "PUT", { ...moinho, cidade: "Jundiaí" });
    await ok(`/api/suppliers/${supplier.id}/block`, "PATCH", { statusBloqueio: 1 });
    await ok(`/api/suppliers/${supplier.id}`, "DELETE");
    const partner = await ok<{ id: number }>("/api/partners", "POST", { nome: "Joana Martins", empresa: "Contábil Horizonte", email: "joana@horizonte.com.br", telefone: "(31) 99876-5432" });
    await ok(`/api/partners/${partner.id}`, "PATCH", { nome: "Joana Martins", empresa: "Horizonte Contabilidade", email: "joana@horizonte.com.br", telefone: "(31) 99876-5432" });
    await ok(`/api/partners/${partner.id}`, "DELETE");
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.entidade, e.rotulo])).toEqual([
      ["create", "supplier", "Moinho Santa Clara"],
      ["update", "supplier", "Moinho Santa Clara"],
      ["block", "supplier", "Moinho Santa Clara"],
      ["delete", "supplier", "Moinho Santa Clara"],
      ["create", "partner", "Joana Martins"],
      ["update", "partner", "Joana Martins"],
      ["delete", "partner", "Joana Martins"],
    ]);
    expect(events[1]!.detalhes).toEqual({ alteracoes: { cidade: ["Campinas", "Jundiaí"] } });
    expect(events[5]!.texto).toBe(`${ADMIN.email} alterou o parceiro Joana Martins: Empresa: Contábil Horizonte → Horizonte Contabilidade`);
    expect(events.slice(0, 4).every((e) => e.supplierId === supplier.id)).toBe(true);
  });

  test("refused changes write nothing: validation, duplicate CNPJ, deleting a client with installments, unknown ids", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await ok("/api/installments/generate", "POST", bill(client.id));
    const before = eventCount();
    expect((await api("/api/clients", "POST", { ...PADARIA, nome: "" })).status).toBe(400);
    expect((await api("/api/clients", "POST", { ...PADARIA, codigoCliente: "X-2" })).status).toBe(409);
    expect((await api(`/api/clients/${client.id}`, "DELETE")).status).toBe(409);
    expect((await api(`/api/clients/${client.id + 99}`, "PUT", PADARIA)).status).toBe(404);
    expect((await api("/api/suppliers/999999", "PUT", moinho)).status).toBe(404);
    expect((await api("/api/partners/999999", "DELETE")).status).toBe(404);
    expect(eventCount()).toBe(before);
  });
});

describe("receivables", () => {
  test("generated, paid with fees, payment cancelled, re-dated and deleted: the plan, the payment, what was undone, old → new, a snapshot", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await newEvents();
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    const third = installments[2]!;
    await ok(`/api/installments/${third.id}/pay-with-fees`, "PATCH", { dataPagamento: "2026-03-12", multa: "7.00", juros: "1.17", valorBaixa: "358.17" });
    await ok(`/api/installments/${third.id}/undo-payment`, "POST");
    await ok(`/api/installments/${third.id}/due-date`, "PATCH", { dataVencimento: "2026-06-25" });
    await ok(`/api/installments/${third.id}`, "DELETE");
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.entidade, e.usuario])).toEqual([
      ["generate", "installment", ADMIN.email],
      ["pay", "installment", ADMIN.email],
      ["undo_payment", "installment", ADMIN.email],
      ["redate", "installment", ADMIN.email],
      ["delete", "installment", ADMIN.email],
    ]);
    expect(events.every((e) => e.clientId === client.id)).toBe(true);
    const [generated, paid, undone, redated, deleted] = events as [HistoryEventJson, HistoryEventJson, HistoryEventJson, HistoryEventJson, HistoryEventJson];
    expect(generated.detalhes).toMatchObject({ numParcelas: 12, total: "4200.00", primeiroVencimento: "2026-04-10" });
    expect(generated.texto).toBe(`${ADMIN.email} gerou 12 parcelas de Padaria Pão Quente — Mensalidade 2026: total R$ 4.200,00, 1º vencimento 10/04/2026`);
    expect(paid.rotulo).toBe("Padaria Pão Quente — parcela 3/12");
    expect(paid.detalhes).toEqual({
      dataPagamento: "2026-03-12",
      valorPago: "358.17",
      multa: "7.00",
      juros: "1.17",
      valor: "350.00",
      // The payment itself (issue 34): settled in full, nothing left.
      pagamento: { id: expect.any(Number), principal: "350.00", multa: "7.00", juros: "1.17", desconto: "0.00", valorRecebido: "358.17" },
      tipo: "quitacao",
      saldo: "0.00",
    });
    expect(paid.texto).toBe(`${ADMIN.email} deu baixa em 12/03/2026: R$ 358,17 com multa R$ 7,00 e juros R$ 1,17`);
    expect(undone.texto).toBe(`${ADMIN.email} cancelou a baixa de 12/03/2026 (R$ 358,17)`);
    expect(redated.detalhes).toEqual({ de: "2026-06-10", para: "2026-06-25" });
    expect(redated.texto).toBe(`${ADMIN.email} alterou o vencimento de 10/06/2026 para 25/06/2026`);
    expect(deleted.detalhes.registro).toMatchObject({ clientName: "Padaria Pão Quente", numerosParcela: "3/12", dataVencimento: "2026-06-25", valor: "350.00", status: "em_aberto" });
  });

  test("refused: paying a paid installment, undoing an unpaid one, re-dating a paid one, a future payment date, deleting a paid one", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    const [first, second] = installments as [InstallmentJson, InstallmentJson];
    await ok(`/api/installments/${first.id}/pay`, "PATCH");
    const before = eventCount();
    expect((await api(`/api/installments/${first.id}/pay`, "PATCH")).status).toBe(409);
    expect((await api(`/api/installments/${second.id}/undo-payment`, "POST")).status).toBe(409);
    expect((await api(`/api/installments/${first.id}/due-date`, "PATCH", { dataVencimento: "2026-05-01" })).status).toBe(409);
    expect((await api(`/api/installments/${second.id}/pay`, "PATCH", { dataPagamento: "2026-03-16" })).status).toBe(400);
    expect((await api(`/api/installments/${first.id}`, "DELETE")).status).toBe(409);
    expect((await api("/api/installments/generate", "POST", { ...bill(client.id), valor: "abc" })).status).toBe(400);
    expect(eventCount()).toBe(before);
  });

  test("re-dating to the date it already has changes nothing and records nothing", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    const row = installments[0]!;
    const before = eventCount();
    await ok(`/api/installments/${row.id}/due-date`, "PATCH", { dataVencimento: row.dataVencimento });
    expect(eventCount()).toBe(before);
    await ok(`/api/installments/${row.id}/due-date`, "PATCH", { dataVencimento: "2026-12-01" });
    expect(eventCount()).toBe(before + 1);
  });

  test("a change that fails after its write inside the transaction leaves neither the change nor the event", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    const before = eventCount();
    // The event is written after the payment's UPDATE: making that insert fail fails the change mid-way.
    t.db.$client.exec("CREATE TEMP TRIGGER fail_history BEFORE INSERT ON history_events BEGIN SELECT RAISE(ABORT, 'falha forçada'); END");
    try {
      expect((await api(`/api/installments/${installments[0]!.id}/pay`, "PATCH")).status).toBe(500);
      expect((await api(`/api/clients/${client.id}`, "PUT", { ...PADARIA, nome: "Padaria Nova" })).status).toBe(500);
    } finally {
      t.db.$client.exec("DROP TRIGGER fail_history");
    }
    // The block's UPDATE runs after the plan's event: failing it undoes the rows and the event.
    t.db.$client.exec("CREATE TEMP TRIGGER fail_block BEFORE UPDATE ON clients WHEN NEW.bloqueio_origem = 'automatico' BEGIN SELECT RAISE(ABORT, 'falha forçada'); END");
    try {
      expect((await api("/api/installments/generate", "POST", bill(client.id, "2026-03-01", 2))).status).toBe(500);
    } finally {
      t.db.$client.exec("DROP TRIGGER fail_block");
    }
    expect(eventCount()).toBe(before);
    const stored = t.db.$client.query("select status from receivables where id = ?").get(installments[0]!.id) as { status: string };
    expect(stored.status).toBe("em_aberto");
    expect((await ok<ClientJson>(`/api/clients/${client.id}`)).nome).toBe("Padaria Pão Quente");
    expect((t.db.$client.query("select count(*) as n from receivables").get() as { n: number }).n).toBe(12);
  });
});

describe("automatic blocking", () => {
  test("a block names the overdue installments; paying them lifts it, naming the payment; both by 'sistema'", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await newEvents();
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id, "2026-03-05", 12));
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.usuario])).toEqual([
      ["generate", ADMIN.email],
      ["auto_block", SYSTEM],
    ]);
    expect(events[1]!.detalhes).toEqual({ parcelas: [{ id: installments[0]!.id, numerosParcela: "1/12", dataVencimento: "2026-03-05" }], total: 1 });
    expect(events[1]!.texto).toBe("Bloqueio automático: parcela 1/12 vencida desde 05/03/2026");
    await ok(`/api/installments/${installments[0]!.id}/pay`, "PATCH");
    const lifted = await newEvents();
    expect(lifted.map((e) => [e.acao, e.usuario])).toEqual([
      ["pay", ADMIN.email],
      ["auto_unblock", SYSTEM],
    ]);
    expect(lifted[1]!.texto).toBe("Desbloqueio automático: baixa da parcela 1/12");
    // The installment's own timeline shows the plan, the block and its payment.
    const timeline = await ok<HistoryEventJson[]>(`/api/installments/${installments[0]!.id}/history`);
    expect(timeline.map((e) => e.acao)).toEqual(["auto_unblock", "pay", "auto_block", "generate"]);
  });

  test("the daily job's block is recorded too", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id, "2026-03-20", 3));
    await newEvents();
    pinClock("2026-03-22T10:00:00-03:00");
    const { applyAutomaticBlocking } = await import("../clients/blocking");
    t.db.transaction(() => applyAutomaticBlocking(t.db, { graceDays: 0 }));
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.usuario, e.rotulo])).toEqual([["auto_block", SYSTEM, "Padaria Pão Quente"]]);
    expect(events[0]!.detalhes.parcelas).toEqual([{ id: installments[0]!.id, numerosParcela: "1/3", dataVencimento: "2026-03-20" }]);
  });
});

describe("payables", () => {
  test("generated, paid and deleted, on the supplier's timeline", async () => {
    const supplier = await ok<SupplierJson>("/api/suppliers", "POST", moinho);
    await newEvents();
    const { payables } = await ok<{ payables: PayableJson[] }>("/api/payables/generate", "POST", {
      supplierId: String(supplier.id),
      numParcelas: 2,
      valor: "900.00",
      primeiroVencimento: "2026-04-01",
      descricao: "Farinha",
    });
    await ok(`/api/payables/${payables[0]!.id}/pay`, "PATCH", { dataPagamento: "2026-03-14", valorPago: "450.00" });
    await ok(`/api/payables/${payables[0]!.id}`, "DELETE");
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.entidade, e.rotulo])).toEqual([
      ["generate", "payable", "Moinho Santa Clara — Farinha"],
      ["pay", "payable", "Moinho Santa Clara — parcela 1/2"],
      ["delete", "payable", "Moinho Santa Clara — parcela 1/2"],
    ]);
    expect(events[1]!.texto).toBe(`${ADMIN.email} registrou o pagamento em 14/03/2026: R$ 450,00`);
    const timeline = await ok<HistoryEventJson[]>(`/api/suppliers/${supplier.id}/history`);
    expect(timeline.map((e) => e.acao)).toEqual(["delete", "pay", "generate", "create"]);
    expect((await ok<HistoryEventJson[]>(`/api/payables/${payables[0]!.id}/history`)).map((e) => e.acao)).toEqual(["delete", "pay", "generate"]);
    expect((await ok<HistoryEventJson[]>(`/api/payables/${payables[1]!.id}/history`)).map((e) => e.acao)).toEqual(["generate"]);
  });
});

describe("sign-in, sign-out and users", () => {
  test("a sign-in (with its address), a failed one (the e-mail typed) and a sign-out", async () => {
    await newEvents();
    const session = await t.login();
    expect((await t.request("/api/auth/login", { method: "POST", body: { email: "Intruso@Exemplo.com", password: "errada" } })).status).toBe(401);
    expect((await t.request("/api/auth/logout", { method: "POST", cookie: session })).status).toBe(200);
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.entidade, e.usuario])).toEqual([
      ["sign_in", "user", ADMIN.email],
      ["sign_in_failed", "user", "intruso@exemplo.com"],
      ["sign_out", "user", ADMIN.email],
    ]);
    expect(events[1]!.detalhes).toEqual({ email: "intruso@exemplo.com", endereco: "local" });
    expect(events[1]!.texto).toBe("Tentativa de entrada recusada para intruso@exemplo.com (endereço local)");
    // The trail's CSV names the person once, in Usuário (issue 37 §12): no Registro, no e-mail in the sentence.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await (await t.api("/history/export?entidade=user")).arrayBuffer());
    const lines = csv.slice(1).split("\r\n").slice(1, 4).map((line) => line.replace(/^[^;]+;/, ""));
    expect(lines).toEqual([
      `${ADMIN.email};Acessos e usuários;;Saída;Saiu`,
      "intruso@exemplo.com;Acessos e usuários;;Entrada recusada;Tentativa de entrada recusada (endereço local)",
      `${ADMIN.email};Acessos e usuários;;Entrada;Entrou (endereço local)`,
    ]);
  });

  test("user add and passwd (the CLI's verbs) are recorded as 'sistema'", async () => {
    await newEvents();
    // createUser is insertUser after a production-strength hash: the event is insertUser's.
    insertUser(t.db, SYSTEM, "maria@cofre.test", await testPasswordHash("senha-da-maria"));
    await setPassword(t.db, SYSTEM, "maria@cofre.test", "outra-senha");
    const events = await newEvents();
    expect(events.map((e) => [e.acao, e.usuario, e.rotulo, e.texto])).toEqual([
      ["user_add", SYSTEM, "maria@cofre.test", "Sistema criou o usuário maria@cofre.test"],
      ["user_passwd", SYSTEM, "maria@cofre.test", "Sistema alterou a senha de maria@cofre.test e encerrou as sessões abertas"],
    ]);
  });
});

describe("GET /api/history", () => {
  test("newest first, one page with X-Total-Count; filters by kind, id, user, period and text", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await ok("/api/installments/generate", "POST", bill(client.id));
    t.db.$client.exec("update history_events set at = '2026-03-10T12:00:00.000Z' where action = 'create'");
    const page = await api("/api/history?porPagina=1");
    expect(page.headers.get("x-total-count")).toBe("2");
    expect(((await page.json()) as HistoryEventJson[]).map((e) => e.acao)).toEqual(["generate"]);
    const acoes = async (query: string) => ((await ok<HistoryEventJson[]>(`/api/history?${query}`)) as HistoryEventJson[]).map((e) => e.acao);
    expect(await acoes("entidade=client")).toEqual(["create"]);
    expect(await acoes(`entidade=client&id=${client.id}`)).toEqual(["create"]);
    expect(await acoes(`usuario=${encodeURIComponent(ADMIN.email.toUpperCase())}`)).toEqual(["generate", "create"]);
    expect(await acoes("usuario=sistema")).toEqual([]);
    expect(await acoes("de=2026-03-11")).toEqual(["generate"]);
    expect(await acoes("ate=2026-03-10")).toEqual(["create"]);
    expect(await acoes("q=mensalidade")).toEqual(["generate"]);
    expect(await acoes("q=100%25")).toEqual([]);
    // Accents and case do not matter, as in the registers' search; who did it is searched too.
    expect(await acoes(`q=${encodeURIComponent("PAO QUENTE")}`)).toEqual(["generate", "create"]);
    expect(await acoes(`q=${encodeURIComponent("pádaria")}`)).toEqual(["generate", "create"]);
    expect(await acoes(`q=${encodeURIComponent(ADMIN.email.split("@")[0]!)}`)).toEqual(["generate", "create"]);
    for (const bad of ["entidade=nada", "de=2026-13-01", "de=2026-03-12&ate=2026-03-11", "pagina=0", "id=1x"]) {
      const response = await api(`/api/history?${bad}`);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
    }
  });

  test("a text search finds what the history shows: changed fields' old and new values, a payment's amount and date; the export too", async () => {
    t.db.$client.exec("delete from settings");
    await ok("/api/settings", "PUT", { empresa: "Padaria", cidade: "São Paulo", chavePix: "pix@padaria.com.br", modeloMensagem: "" });
    await ok("/api/settings", "PUT", { empresa: "Padaria", cidade: "São Paulo", chavePix: "outra-conta@banco.com.br", modeloMensagem: "" });
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await ok(`/api/clients/${client.id}`, "PUT", { ...PADARIA, contato: "Joaquina Verdelho", email: "financeiro@paoquente.com.br" });
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    await ok(`/api/installments/${installments[0]!.id}/pay`, "PATCH", { dataPagamento: "2026-03-12", valorPago: "357.25" });
    const found = async (q: string) => (await ok<HistoryEventJson[]>(`/api/history?q=${encodeURIComponent(q)}`)).map((e) => `${e.entidade} ${e.acao}`);
    // The new PIX key, and the old one (only in the change's "antes"), each in the one event that shows it.
    expect(await found("outra-conta")).toEqual(["settings update"]);
    expect(await found("pix@padaria")).toEqual(["settings update", "settings update"]);
    // A client edit: the old contact (Maria, only before) and the new one, accents ignored.
    expect(await found("joaquina verdelho")).toEqual(["client update"]);
    expect(await found("financeiro@paoquente")).toEqual(["client update"]);
    // A payment: its amount and date as the history writes them (R$ with the space people type).
    expect(await found("R$ 357,25")).toEqual(["installment pay"]);
    expect(await found("12/03/2026")).toEqual(["installment pay"]);
    // The export filters the same way.
    const csv = new TextDecoder().decode(await (await t.api(`/history/export?q=${encodeURIComponent("outra-conta")}`)).arrayBuffer());
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Chave PIX: pix@padaria.com.br → outra-conta@banco.com.br");
  });

  test("events written before the search column existed are folded once at start-up", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    t.db.$client.exec("update history_events set busca = ''");
    expect(await ok<HistoryEventJson[]>("/api/history?q=pao")).toEqual([]);
    foldUnsearchedEvents(t.db.$client);
    expect((await ok<HistoryEventJson[]>("/api/history?q=pao")).map((e) => e.entidadeId)).toEqual([client.id]);
    const left = t.db.$client.query("select count(*) n from history_events indexed by history_unfolded_idx where busca = ''").get() as { n: number };
    expect(left.n).toBe(0);
  });

  test("a client's timeline holds its installments' events; an unknown record is a 404; a session is required", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    const { installments } = await ok<{ installments: InstallmentJson[] }>("/api/installments/generate", "POST", bill(client.id));
    await ok(`/api/installments/${installments[5]!.id}/pay`, "PATCH");
    expect((await ok<HistoryEventJson[]>(`/api/clients/${client.id}/history`)).map((e) => e.acao)).toEqual(["pay", "generate", "create"]);
    expect((await ok<HistoryEventJson[]>(`/api/installments/${installments[5]!.id}/history`)).map((e) => e.acao)).toEqual(["pay", "generate"]);
    expect((await api("/api/clients/999999/history")).status).toBe(404);
    expect((await api("/api/installments/999999/history")).status).toBe(404);
    expect((await t.request("/api/history")).status).toBe(401);
  });
});

describe("/history page and its CSV", () => {
  test("the page renders the filtered view's first page; a malformed bookmark shows the default view", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", PADARIA);
    await ok(`/api/clients/${client.id}/toggle-block`, "PATCH");
    const page = await t.api("/history?entidade=client&q=padaria");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${ADMIN.email} bloqueou o cliente Padaria Pão Quente`);
    expect(html).toContain(`${ADMIN.email} cadastrou o cliente Padaria Pão Quente`);
    expect(html).toMatch(/href="\/reports"[^>]*>.*?Relatórios.*?href="\/history"/s);
    const bad = await t.api("/history?de=ontem");
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/history?aviso=1");
  });

  test("the export is the view as Excel pt-BR CSV: BOM, ';', CRLF, the sentence of each event", async () => {
    const client = await ok<ClientJson>("/api/clients", "POST", { ...PADARIA, nome: "=Padaria Pão Quente" });
    await ok(`/api/clients/${client.id}/toggle-block`, "PATCH");
    const response = await t.api("/history/export?entidade=client");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="historico-2026-03-15.csv"');
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFData/hora;Usuário;Tipo de registro;Registro;Ação;O que aconteceu\r\n")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[1]).toMatch(new RegExp(`^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;${ADMIN.email};Clientes;'=Padaria Pão Quente;Bloqueio;${ADMIN.email} bloqueou o cliente =Padaria Pão Quente$`));
    expect(lines).toHaveLength(4);
    expect((await t.api("/history/export?entidade=nada")).status).toBe(400);
  });

  test("a large export streams (5,000 events, many slices), gzipped when the browser accepts it: the same file", async () => {
    t.db.$client.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
       INSERT INTO history_events (at, user_id, user_email, action, entity, entity_id, label, details, busca)
       SELECT '2026-03-01T12:00:00.000Z', NULL, 'sistema', 'auto_block', 'client', i, 'Cliente ' || i, '{}', 'cliente ' || i FROM n`,
    );
    const plain = new Uint8Array(await (await t.api("/history/export")).arrayBuffer());
    const zipped = await t.api("/history/export", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const unzipped = Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()));
    expect(unzipped).toEqual(plain);
    const lines = new TextDecoder().decode(plain).split("\r\n");
    expect(lines.length).toBeGreaterThan(5_001);
    expect(lines[1]).toContain("Cliente 5000");
  });
});
