import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { malformedBodies, sweepBodies, sweepIds, type BadInput, type SweepTarget } from "../../../tests/sweep";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import { SUBSCRIPTION_SORTS, type SubscriptionAnswer, type SubscriptionJson, type SubscriptionRowJson, type SubscriptionSummary } from "./model";
import { cnpjCheckDigits } from "../../lib/brazil";
import { today } from "../../lib/clock";
import { subscriptionsJob } from "./generate";

// Today is Sunday 15 March 2026 in São Paulo unless a test says otherwise; lead time 10 days.
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;
const jump = (instant: string) => t.travel(instant);

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };

async function createClient(body: object = PADARIA): Promise<ClientJson> {
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

const terms = (overrides: object = {}) => ({ status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-03", ...overrides });

async function save(clientId: number, body: object, status = 200): Promise<SubscriptionAnswer> {
  const response = await api(`/api/clients/${clientId}/subscription`, { method: "PUT", body });
  const answer = await response.json();
  if (response.status !== status) throw new Error(`PUT subscription: ${response.status} ${JSON.stringify(answer)}`);
  return answer as SubscriptionAnswer;
}

async function run(body: object = {}): Promise<number> {
  const response = await api("/api/subscriptions/run", { method: "POST", body });
  const answer = await response.json();
  if (response.status !== 200) throw new Error(`run: ${response.status} ${JSON.stringify(answer)}`);
  return (answer as { geradas: number }).geradas;
}

async function installments(clientId: number): Promise<InstallmentJson[]> {
  return (await (await api(`/api/installments?clientId=${clientId}&porPagina=500`)).json()) as InstallmentJson[];
}

const months = (rows: InstallmentJson[]) => rows.map((r) => `${r.competencia}:${r.dataVencimento}:${r.valor}:${r.status}`);
const events = (action: string) => t.db.$client.query("select label, details, user_email from history_events where action = ? order by id").all(action) as { label: string; details: string; user_email: string }[];

describe("GET /api/clients/:id/subscription", () => {
  test("a client without one has a 'nao_iniciada' subscription with its fee; an unknown client is a 404", async () => {
    const client = await createClient();
    expect(await (await api(`/api/clients/${client.id}/subscription`)).json()).toEqual({
      clientId: client.id,
      status: "nao_iniciada",
      valor: "150.00",
      diaVencimento: null,
      inicio: null,
      fim: null,
      trialAte: null,
      reajuste: null,
      ultimoReajuste: null,
      reajustePermitidoEm: null,
      reajusteAPartirDe: null,
      proximoVencimento: null,
    } satisfies SubscriptionJson);
    const missing = await api("/api/clients/99999/subscription");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Cliente não encontrado" });
  });
});

describe("starting and the monthly cycle", () => {
  test("starting bills the months already due (the current one, past its lead time), and says when the next one falls", async () => {
    const client = await createClient();
    const answer = await save(client.id, terms({ valor: "180.00", reajuste: { mes: 3, percentual: null } }));
    expect(answer.message).toBe("Assinatura iniciada");
    expect(answer.geradas).toBe(1);
    expect(answer.subscription).toMatchObject({ status: "ativa", valor: "180.00", diaVencimento: 10, inicio: "2026-03", proximoVencimento: "2026-04-10", reajuste: { mes: 3, percentual: null } });
    const [march] = await installments(client.id);
    expect(march).toMatchObject({ numerosParcela: "1/1", descricao: "Mensalidade 03/2026", dataVencimento: "2026-03-10", valor: "180.00", competencia: "2026-03", assinatura: true });
    // The client's fee is the subscription's (one source).
    expect((await (await api(`/api/clients/${client.id}`)).json()).valorMensalidade).toBe("180.00");
    // The generated month is in the history, in the same transaction.
    expect(events("subscription_generate").map((e) => e.label)).toEqual(["Padaria Pão Quente — Mensalidade 03/2026"]);
    expect(events("create").some((e) => e.label === "Padaria Pão Quente")).toBe(true);
  });

  test("a subscription's month is named by its competência in the history, never 'parcela 1/1' (issue 37 §1)", async () => {
    const client = await createClient();
    await save(client.id, terms({ inicio: "2026-01" }));
    const january = (await installments(client.id)).find((r) => r.competencia === "2026-01")!;
    const paid = await api(`/api/installments/${january.id}/pay-with-fees`, { method: "PATCH", body: { dataPagamento: "2026-03-15", valorBaixa: "150.00", multa: "0.00", juros: "0.00" } });
    expect(paid.status).toBe(200);
    const trail = (await (await api("/api/history?porPagina=100")).json()) as { acao: string; rotulo: string; texto: string }[];
    const said = trail.map((e) => `${e.acao}|${e.rotulo}|${e.texto}`);
    expect(said.filter((line) => line.includes("1/1"))).toEqual([]);
    expect(said.find((line) => line.startsWith("pay|"))).toStartWith("pay|Padaria Pão Quente — Mensalidade 01/2026|");
    expect(said.find((line) => line.startsWith("auto_block|"))).toContain("Bloqueio automático: Mensalidade 01/2026 vencida desde 12/01/2026");
  });

  test("each month is generated once, at its lead time; a second run writes nothing; a deleted month is not generated again", async () => {
    const client = await createClient();
    await save(client.id, terms());
    expect(await run()).toBe(0);
    const unpin = await jump("2026-03-31T08:00:00-03:00"); // 10 days before Friday 10 April
    try {
      expect(await run()).toBe(1);
      expect(await run()).toBe(0);
      const april = (await installments(client.id)).find((r) => r.competencia === "2026-04")!;
      expect((await api(`/api/installments/${april.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await run()).toBe(0);
      expect((await installments(client.id)).map((r) => r.competencia)).toEqual(["2026-03"]);
    } finally {
      await unpin();
    }
  });

  test("after months off the run back-fills every missed month up to today, due dates moved to business days", async () => {
    const client = await createClient();
    await save(client.id, terms({ diaVencimento: 12 }));
    const unpin = await jump("2026-10-02T08:00:00-03:00"); // Oct 12 (Nossa Senhora Aparecida, a Monday) moves to the 13th; 10 days before is the 3rd
    try {
      expect(await run()).toBe(6);
      expect(months(await installments(client.id))).toEqual([
        "2026-03:2026-03-12:150.00:vencido",
        "2026-04:2026-04-13:150.00:vencido", // Sunday 12 April → Monday
        "2026-05:2026-05-12:150.00:vencido",
        "2026-06:2026-06-12:150.00:vencido",
        "2026-07:2026-07-13:150.00:vencido", // Sunday 12 July → Monday
        "2026-08:2026-08-12:150.00:vencido",
        "2026-09:2026-09-14:150.00:vencido", // Saturday 12 September → Monday 14
      ]);
    } finally {
      await unpin();
    }
  });

  test("with vencimentoEmDiaUtil off a due date stays on its (clamped) day; the 31st is the month's last day", async () => {
    await api("/api/settings", { method: "PUT", body: { empresa: "", cidade: "", chavePix: "", modeloMensagem: "", vencimentoEmDiaUtil: false } });
    const client = await createClient();
    await save(client.id, terms({ diaVencimento: 31, inicio: "2026-02" }));
    expect(months(await installments(client.id))).toEqual(["2026-02:2026-02-28:150.00:vencido"]);
    const unpin = await jump("2026-05-21T08:00:00-03:00");
    try {
      await run();
      expect(months(await installments(client.id)).map((m) => m.split(":")[1])).toEqual(["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    } finally {
      await unpin();
    }
  });

  test("20 runs at once (the job racing people's clicks) still give one installment per month", async () => {
    const clients = [await createClient(), await createClient(FLORICULTURA)];
    for (const c of clients) await save(c.id, terms({ inicio: "2026-04" }));
    const unpin = await jump("2026-06-05T08:00:00-03:00");
    try {
      const counts = await Promise.all(Array.from({ length: 20 }, () => run()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(6); // April, May and June (due 10 June, lead 10) for two clients
      const perMonth = t.db.$client.query("select subscription_id, competencia, count(*) n from receivables group by 1, 2 having n > 1").all();
      expect(perMonth).toEqual([]);
    } finally {
      await unpin();
    }
  });

  test("the database refuses a second installment for the same (subscription, competência) whatever the code does", async () => {
    const client = await createClient();
    await save(client.id, terms());
    const sub = t.db.$client.query("select id from subscriptions").get() as { id: number };
    expect(() =>
      t.db.$client
        .query("insert into receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, subscription_id, competencia) values (?, '1/1', 'x', '2026-03-10', 100, ?, '2026-03')")
        .run(client.id, sub.id),
    ).toThrow(/UNIQUE/);
    expect(() => t.db.$client.query("insert into subscription_months (subscription_id, competencia, gerada_em) values (?, '2026-03', 'x')").run(sub.id)).toThrow(/UNIQUE|PRIMARY/);
  });

  test("generating ahead: `ate` up to 62 days from today; beyond, before today or not a date is a 400", async () => {
    const client = await createClient();
    await save(client.id, terms());
    expect(await run({ ate: "2026-05-15" })).toBe(2); // April and May
    for (const [ate, message] of [
      ["2026-05-17", "Gere no máximo 62 dias à frente"],
      ["2026-03-14", "A data não pode ser anterior a hoje"],
      ["15/05/2026", "Data inválida: use AAAA-MM-DD"],
    ]) {
      const refused = await api("/api/subscriptions/run", { method: "POST", body: { ate } });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe(message);
    }
  });

  test("generated months pass through the blocking rule in the same transaction", async () => {
    const client = await createClient();
    await save(client.id, terms({ inicio: "2026-01" })); // January and February are long overdue
    const blocked = (await (await api(`/api/clients/${client.id}`)).json()) as ClientJson;
    expect(blocked).toMatchObject({ statusBloqueio: 1, bloqueioOrigem: "automatico" });
  });
});

describe("trial, pause, end, fee changes", () => {
  test("months due before trialAte are not billed; on that date the client becomes paying without anyone acting", async () => {
    const client = await createClient();
    const answer = await save(client.id, terms({ trialAte: "2026-05-01" }));
    expect(answer.geradas).toBe(0);
    expect(answer.subscription.proximoVencimento).toBe("2026-05-11"); // Sunday 10 May → Monday
    expect(((await (await api(`/api/clients/${client.id}`)).json()) as ClientJson).isTrial).toBe(true);
    const unpin = await jump("2026-05-01T08:00:00-03:00");
    try {
      expect(await run()).toBe(1);
      expect((await installments(client.id)).map((r) => r.competencia)).toEqual(["2026-05"]);
      expect(((await (await api(`/api/clients/${client.id}`)).json()) as ClientJson).isTrial).toBe(false);
      expect(events("trial_end")).toHaveLength(1);
    } finally {
      await unpin();
    }
  });

  test("paused generates nothing; resumed it picks up at the next month not yet due (no back-fill of the paused months)", async () => {
    const client = await createClient();
    await save(client.id, terms());
    expect((await save(client.id, terms({ status: "pausada" }))).message).toBe("Assinatura pausada");
    let unpin = await jump("2026-06-20T08:00:00-03:00");
    try {
      expect(await run()).toBe(0);
      const resumed = await save(client.id, terms());
      expect(resumed.message).toBe("Assinatura reativada");
      expect(resumed.geradas).toBe(0);
      expect(resumed.subscription.proximoVencimento).toBe("2026-07-10");
    } finally {
      await unpin();
    }
    unpin = await jump("2026-07-01T08:00:00-03:00");
    try {
      expect(await run()).toBe(1);
      expect((await installments(client.id)).map((r) => r.competencia)).toEqual(["2026-03", "2026-07"]);
    } finally {
      await unpin();
    }
  });

  test("ending with fim deletes the open installments it generated after fim (recorded); paid ones stay; nothing after fim is generated", async () => {
    const client = await createClient();
    await save(client.id, terms());
    await run({ ate: "2026-05-15" }); // April, May
    const rows = await installments(client.id);
    const april = rows.find((r) => r.competencia === "2026-04")!;
    expect((await api(`/api/installments/${april.id}/pay`, { method: "PATCH", body: {} })).status).toBe(200);
    const ended = await save(client.id, terms({ status: "encerrada", fim: "2026-03" }));
    expect(ended).toMatchObject({ message: "Assinatura encerrada", excluidas: 1 });
    expect((await installments(client.id)).map((r) => `${r.competencia}:${r.status}`)).toEqual(["2026-03:vencido", "2026-04:pago"]);
    expect(events("delete").map((e) => JSON.parse(e.details).motivo)).toEqual(["assinatura encerrada"]);
    const unpin = await jump("2026-08-01T08:00:00-03:00");
    try {
      expect(await run()).toBe(0);
    } finally {
      await unpin();
    }
    const refused = await api(`/api/clients/${client.id}/subscription`, { method: "PUT", body: terms({ status: "encerrada" }) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ fim: "Informe o último mês cobrado (fim) para encerrar a assinatura" });
  });

  test("a new fee applies to months not yet generated, and to open not-yet-due ones only when asked", async () => {
    const client = await createClient();
    await save(client.id, terms());
    await run({ ate: "2026-05-15" });
    const kept = await save(client.id, terms({ valor: "160.00" }));
    expect(kept.atualizadas).toBe(0);
    expect(months(await installments(client.id)).map((m) => m.split(":")[2])).toEqual(["150.00", "150.00", "150.00"]);
    const updated = await save(client.id, terms({ valor: "170.00", atualizarParcelasAbertas: true }));
    expect(updated.atualizadas).toBe(2); // April and May; March is overdue and stays
    expect(months(await installments(client.id)).map((m) => m.split(":")[2])).toEqual(["150.00", "170.00", "170.00"]);
    const unpin = await jump("2026-05-31T08:00:00-03:00");
    try {
      await run();
      expect((await installments(client.id)).at(-1)).toMatchObject({ competencia: "2026-06", valor: "170.00" });
    } finally {
      await unpin();
    }
  });

  test("reajuste: the typed percentage, half up to the cent, from the next month not generated; once in 12 months", async () => {
    const client = await createClient();
    // Started a year and more ago (a client moved in from a spreadsheet): the first readjustment is due.
    await save(client.id, terms({ inicio: "2025-03", reajuste: { mes: 3 } }));
    const readjust = (percentual: unknown) => api(`/api/clients/${client.id}/subscription/readjust`, { method: "POST", body: { percentual } });
    const applied = await readjust("4,62");
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({
      message: "Reajuste aplicado",
      valorAnterior: "150.00",
      valorNovo: "156.93",
      subscription: { valor: "156.93", ultimoReajuste: "2026-03-15", reajustePermitidoEm: "2027-03-15", reajusteAPartirDe: "2026-04", reajuste: { mes: 3, percentual: "4.62" } },
    });
    expect(events("readjust")[0]!.details).toContain('"para":"156.93"');
    expect(events("readjust")[0]!.details).toContain('"aPartirDe":"2026-04"');
    const again = await readjust("1");
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("Já houve um reajuste em 15/03/2026: a lei permite um por período de 12 meses, o próximo a partir de 15/03/2027");
    const unpin = await jump("2026-03-31T08:00:00-03:00");
    try {
      await run();
      expect((await installments(client.id)).map((r) => r.valor).slice(-2)).toEqual(["150.00", "156.93"]);
    } finally {
      await unpin();
    }
    const bad = await readjust("4,625");
    expect(bad.status).toBe(400);
  });

  test("reajuste in the first year (Lei 10.192/2001 art. 2º §1º): refused until 12 months after inicio, the 409 naming the first date allowed", async () => {
    const client = await createClient();
    const started = await save(client.id, terms({ inicio: "2026-03", reajuste: { mes: 3 } }));
    expect(started.subscription.reajustePermitidoEm).toBe("2027-03-01");
    const readjust = () => api(`/api/clients/${client.id}/subscription/readjust`, { method: "POST", body: { percentual: "4,62" } });
    const early = await readjust();
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("O primeiro reajuste só pode ser aplicado 12 meses após o início da assinatura (03/2026): a partir de 01/03/2027");
    // Nothing changed: the fee, the subscription, the history.
    expect((await (await api(`/api/clients/${client.id}/subscription`)).json()).valor).toBe("150.00");
    expect(events("readjust")).toEqual([]);
    // The day before is still early; the day itself is allowed.
    let unpin = await jump("2027-02-28T23:00:00-03:00");
    try {
      expect((await readjust()).status).toBe(409);
    } finally {
      await unpin();
    }
    unpin = await jump("2027-03-01T08:00:00-03:00");
    try {
      const applied = await readjust();
      expect(applied.status).toBe(200);
      expect((await applied.json()).subscription).toMatchObject({ valor: "156.93", ultimoReajuste: "2027-03-01", reajustePermitidoEm: "2028-03-01" });
    } finally {
      await unpin();
    }
  });

  test("the next readjustment counts 12 months from the previous one, a 29 February landing on the 28th", async () => {
    const client = await createClient();
    await save(client.id, terms({ inicio: "2026-01" }));
    let unpin = await jump("2028-02-29T10:00:00-03:00");
    try {
      expect((await api(`/api/clients/${client.id}/subscription/readjust`, { method: "POST", body: { percentual: "3" } })).status).toBe(200);
    } finally {
      await unpin();
    }
    unpin = await jump("2029-02-27T10:00:00-03:00");
    try {
      const early = await api(`/api/clients/${client.id}/subscription/readjust`, { method: "POST", body: { percentual: "3" } });
      expect(early.status).toBe(409);
      expect((await early.json()).message).toBe("Já houve um reajuste em 29/02/2028: a lei permite um por período de 12 meses, o próximo a partir de 28/02/2029");
    } finally {
      await unpin();
    }
  });

  test("starting over months with installments made by hand shows them and asks; confirmed, those months are not billed again", async () => {
    const client = await createClient();
    const made = await api("/api/installments/generate", { method: "POST", body: { clientId: client.id, numParcelas: 2, valor: "300.00", primeiroVencimento: "2026-04-05", descricao: "Contrato" } });
    expect(made.status).toBe(201);
    const refused = await api(`/api/clients/${client.id}/subscription`, { method: "PUT", body: terms() });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { message: string; sobreposicao: { competencia: string }[] };
    expect(body.sobreposicao.map((o) => o.competencia)).toEqual(["2026-04", "2026-05"]);
    expect(body.message).toContain("04/2026, 05/2026");
    expect(t.db.$client.query("select count(*) n from subscriptions").get()).toEqual({ n: 0 });
    await save(client.id, terms({ confirmarSobreposicao: true }));
    await run({ ate: "2026-05-15" });
    expect((await installments(client.id)).map((r) => `${r.competencia ?? "avulsa"}:${r.dataVencimento}`)).toEqual(["2026-03:2026-03-10", "avulsa:2026-04-05", "avulsa:2026-05-05"]);
  });
});

describe("fim is the last month billed, whatever the status (issue 31 items 2 and 3)", () => {
  /** The daily job's slices, each in its own transaction, to its line for the log. */
  const job = () => {
    const daily = subscriptionsJob(5);
    for (let first = true; ; first = false) {
      const step = t.db.transaction(() => daily.run(t.db, today(), first), { behavior: "immediate" });
      if (typeof step !== "object" || step === null) return step;
    }
  };
  const statusOf = async (clientId: number) => ((await (await api(`/api/clients/${clientId}/subscription`)).json()) as SubscriptionJson).status;

  test("ended with a future fim, it bills every month up to fim and nothing after", async () => {
    const client = await createClient();
    await save(client.id, terms()); // March billed
    const ended = await save(client.id, terms({ status: "encerrada", fim: "2026-05" }));
    expect(ended).toMatchObject({ message: "Assinatura encerrada", excluidas: 0 });
    expect(ended.subscription.proximoVencimento).toBe("2026-04-10");
    for (const [instant, expected] of [["2026-04-01T08:00:00-03:00", 1], ["2026-05-01T08:00:00-03:00", 1], ["2026-06-01T08:00:00-03:00", 0], ["2026-09-01T08:00:00-03:00", 0]] as const) {
      const unpin = await jump(instant);
      try {
        expect(await run()).toBe(expected);
      } finally {
        await unpin();
      }
    }
    expect(months(await installments(client.id))).toEqual(["2026-03:2026-03-10:150.00:vencido", "2026-04:2026-04-10:150.00:em_aberto", "2026-05:2026-05-11:150.00:em_aberto"]);
  });

  test("ended while paused with a future fim, it bills from the next month not yet due up to fim: the paused months are not back-filled", async () => {
    const client = await createClient();
    await save(client.id, terms());
    await save(client.id, terms({ status: "pausada" }));
    let unpin = await jump("2026-06-20T08:00:00-03:00");
    try {
      const ended = await save(client.id, terms({ status: "encerrada", fim: "2026-08" }));
      expect(ended.geradas).toBe(0);
      expect(ended.subscription.proximoVencimento).toBe("2026-07-10");
    } finally {
      await unpin();
    }
    unpin = await jump("2026-08-05T08:00:00-03:00");
    try {
      expect(await run()).toBe(2);
    } finally {
      await unpin();
    }
    expect((await installments(client.id)).map((r) => r.competencia)).toEqual(["2026-03", "2026-07", "2026-08"]);
  });

  test("the day after its last month the daily job ends a subscription past its fim: encerrada, one event by sistema, out of the cards", async () => {
    const a = await createClient();
    const b = await createClient(FLORICULTURA);
    await save(a.id, terms({ valor: "100.00", fim: "2026-04" }));
    await save(b.id, terms({ valor: "250.00", fim: "2026-04" }));
    await save(b.id, terms({ valor: "250.00", fim: "2026-04", status: "pausada" }));
    let unpin = await jump("2026-04-30T23:30:00-03:00");
    try {
      job();
      expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(["ativa", "pausada"]);
    } finally {
      await unpin();
    }
    unpin = await jump("2026-05-01T00:30:00-03:00");
    try {
      expect(job()).toContain("2 assinatura(s) encerrada(s)");
      expect(job()).toBeNull(); // a second run changes nothing
      expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(["encerrada", "encerrada"]);
      const ended = t.db.$client.query("select label, details, user_email from history_events where entity = 'subscription' and user_email = 'sistema' order by id").all() as { label: string; details: string; user_email: string }[];
      expect(ended.map((e) => [e.label, JSON.parse(e.details).alteracoes])).toEqual([
        ["Padaria Pão Quente", { status: ["ativa", "encerrada"] }],
        ["Floricultura Ipê Amarelo", { status: ["pausada", "encerrada"] }],
      ]);
      // Out of the MRR: the active one left it this month (the paused one had left it when paused).
      expect(await (await api("/api/subscriptions/summary")).json()).toMatchObject({ ativas: 0, mrr: "0.00", encerradasNoMes: 1, encerradas: "100.00" });
      expect(t.db.$client.query("select encerrada_em from subscriptions order by id").all()).toEqual([{ encerrada_em: "2026-05-01" }, { encerrada_em: "2026-05-01" }]);
    } finally {
      await unpin();
    }
    expect((await installments(a.id)).map((r) => r.competencia)).toEqual(["2026-03", "2026-04"]);
  });
});

describe("GET /api/subscriptions and its summary", () => {
  test("lists with filters in the URL (situação, text), X-Total-Count; the cards count active, MRR out of trial (trials apart), what joined and left it this month", async () => {
    const a = await createClient();
    const b = await createClient(FLORICULTURA);
    await save(a.id, terms({ valor: "100.00" }));
    await save(b.id, terms({ valor: "250.00", trialAte: "2026-06-01" }));
    const all = await api("/api/subscriptions?ordem=-valor");
    expect(all.headers.get("x-total-count")).toBe("2");
    const rows = (await all.json()) as SubscriptionRowJson[];
    expect(rows.map((r) => [r.clientName, r.valor, r.emTrial])).toEqual([
      ["Floricultura Ipê Amarelo", "250.00", true],
      ["Padaria Pão Quente", "100.00", false],
    ]);
    expect(((await (await api("/api/subscriptions?status=trial")).json()) as SubscriptionRowJson[]).map((r) => r.clientName)).toEqual(["Floricultura Ipê Amarelo"]);
    expect(((await (await api("/api/subscriptions?q=padaria")).json()) as SubscriptionRowJson[]).map((r) => r.clientName)).toEqual(["Padaria Pão Quente"]);
    // The trial is counted apart: it joins the MRR (and "novas") the month it ends.
    expect(await (await api("/api/subscriptions/summary")).json()).toEqual({
      ativas: 2,
      mes: "2026-03",
      mrr: "100.00",
      novasNoMes: 1,
      novas: "100.00",
      encerradasNoMes: 0,
      encerradas: "0.00",
      emTrial: 1,
      trial: "250.00",
    } satisfies SubscriptionSummary);
    expect((await api("/api/subscriptions?status=cancelada")).status).toBe(400);
  });

  test("every page, whichever end it is counted from, is its slice of the whole list, for each sort", async () => {
    // Ties on every key (fee, day, situação), so the id decides; pages past the middle are read
    // from the end in the reversed order (pageWindow).
    for (let n = 1; n <= 7; n++) {
      const base = `${20_000_000 + n}0001`;
      const client = await createClient({ ...PADARIA, nome: `Cliente ${n % 3}`, cnpj: base + cnpjCheckDigits(base), codigoCliente: `SUB-${n}`, email: `s${n}@cofre.test` });
      await save(client.id, terms({ valor: n % 2 ? "100.00" : "250.00", diaVencimento: 5 + (n % 2), ...(n === 3 ? { status: "pausada" } : {}), ...(n === 5 ? { trialAte: "2026-06-01" } : {}) }));
    }
    const names = async (query: string) => {
      const answer = await (await api(`/api/subscriptions?${query}`)).json();
      if (!Array.isArray(answer)) throw new Error(`${query}: ${JSON.stringify(answer)}`);
      return (answer as SubscriptionRowJson[]).map((r) => r.clientId);
    };
    for (const sort of SUBSCRIPTION_SORTS) {
      for (const ordem of [sort, `-${sort}`]) {
        const whole = await names(`ordem=${ordem}&porPagina=50`);
        const pages = await Promise.all([1, 2, 3, 4].map((pagina) => names(`ordem=${ordem}&pagina=${pagina}&porPagina=2`)));
        expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
        expect(pages.flat()).toEqual(whole);
      }
    }
  });
});

describe("bad input never writes and never answers 500", () => {
  const target: SweepTarget = {
    send: api,
    snapshot: () => [t.db.$client.query("select * from subscriptions").all(), t.db.$client.query("select * from receivables").all(), t.db.$client.query("select id, valor_mensalidade, is_trial from clients").all()],
  };
  const withClient = () => createClient();
  const cases: BadInput[] = [
    ...malformedBodies(terms()),
    { name: "an empty object", body: {}, status: 400 },
    { name: "status nao_iniciada", body: terms({ status: "nao_iniciada" }), status: 400, errors: { status: "Situação inválida: use ativa, pausada ou encerrada" } },
    { name: "a zero fee", body: terms({ valor: "0.00" }), status: 400, errors: { valor: "Valor deve ser maior que zero" } },
    { name: "a pt-BR fee", body: terms({ valor: "1.234,56" }), status: 400, errors: { valor: "Valor inválido" } },
    { name: "day 32", body: terms({ diaVencimento: 32 }), status: 400, errors: { diaVencimento: "Dia de vencimento deve ser um número de 1 a 31" } },
    { name: "day 0", body: terms({ diaVencimento: "0" }), status: 400, errors: { diaVencimento: "Dia de vencimento deve ser um número de 1 a 31" } },
    { name: "a month 13", body: terms({ inicio: "2026-13" }), status: 400, errors: { inicio: "Mês inválido: use AAAA-MM, entre 1900 e 2199" } },
    { name: "fim before inicio", body: terms({ fim: "2026-02" }), status: 400, errors: { fim: "O fim deve ser igual ou posterior ao início" } },
    { name: "an impossible trial date", body: terms({ trialAte: "2026-02-30" }), status: 400, errors: { trialAte: "Data inválida" } },
    { name: "a readjustment month 13", body: terms({ reajuste: { mes: 13 } }), status: 400 },
    { name: "a percentage with 3 decimals", body: terms({ reajuste: { mes: 3, percentual: "4,625" } }), status: 400 },
  ];
  sweepBodies(target, { method: "PUT", label: "/api/clients/:id/subscription", setup: withClient, path: (c) => `/api/clients/${c.id}/subscription` }, cases);
  const readjustCases: BadInput[] = [
    ...malformedBodies({ percentual: "4,62" }),
    { name: "no percentage", body: {}, status: 400 },
    { name: "text", body: { percentual: "IPCA" }, status: 400 },
    { name: "200%", body: { percentual: 200 }, status: 400 },
  ];
  sweepBodies(target, { method: "POST", label: "/api/clients/:id/subscription/readjust", setup: withClient, path: (c) => `/api/clients/${c.id}/subscription/readjust` }, readjustCases);
  sweepBodies(target, { method: "POST", label: "/api/subscriptions/run", setup: withClient, path: () => "/api/subscriptions/run" }, [
    { name: "an array body", body: [1], status: 400 },
    { name: "a date far ahead", body: { ate: "2027-01-01" }, status: 400 },
  ]);
  sweepIds(target, withClient, [{ method: "PUT", path: (id) => `/api/clients/${id}/subscription`, body: terms() }, { method: "POST", path: (id) => `/api/clients/${id}/subscription/readjust`, body: { percentual: "1" } }], "Cliente não encontrado");
});

describe("the client form while a subscription runs", () => {
  test("the trial is the subscription's: a form that disagrees is a 409 naming where to change it, and changes nothing", async () => {
    const client = await createClient();
    await save(client.id, terms({ trialAte: "2026-05-01" }));
    const form = { ...PADARIA, valorMensalidade: "150.00", isTrial: true };
    const put = (body: object) => api(`/api/clients/${client.id}`, { method: "PUT", body });
    const unchecked = await put({ ...form, isTrial: false, nome: "Padaria Nova" });
    expect(unchecked.status).toBe(409);
    expect((await unchecked.json()).message).toBe('O período de teste deste cliente vem da assinatura (trial até 01/05/2026): para encerrá-lo, altere "Trial até" na assinatura.');
    expect(await (await api(`/api/clients/${client.id}`)).json()).toMatchObject({ nome: "Padaria Pão Quente", isTrial: true, valorMensalidade: "150.00" });
    // Agreeing with it: saved, the fee the subscription bills after the trial kept (SPEC §9 reads a trial form's fee as 0).
    const agreeing = await put({ ...form, nome: "Padaria Nova" });
    expect(agreeing.status).toBe(200);
    expect(await agreeing.json()).toMatchObject({ nome: "Padaria Nova", isTrial: true, valorMensalidade: "150.00" });
  });

  test("without a trial in the subscription, checking trial is a 409; a fee typed there is the subscription's", async () => {
    const client = await createClient();
    await save(client.id, terms());
    const form = { ...PADARIA, valorMensalidade: "150.00", isTrial: false };
    const put = (body: object) => api(`/api/clients/${client.id}`, { method: "PUT", body });
    const checked = await put({ ...form, isTrial: true });
    expect(checked.status).toBe(409);
    expect((await checked.json()).message).toBe('O período de teste deste cliente vem da assinatura, que não tem trial em curso: para dar um período de teste, preencha "Trial até" na assinatura.');
    expect(((await (await api(`/api/clients/${client.id}`)).json()) as ClientJson).isTrial).toBe(false);
    expect((await put({ ...form, valorMensalidade: "199.90" })).status).toBe(200);
    expect(((await (await api(`/api/clients/${client.id}/subscription`)).json()) as SubscriptionJson).valor).toBe("199.90");
  });

  test("an ended subscription no longer holds the trial: the client's own box works again", async () => {
    const client = await createClient();
    await save(client.id, terms({ trialAte: "2026-05-01" }));
    await save(client.id, terms({ trialAte: "2026-05-01", status: "encerrada", fim: "2026-03" }));
    const answer = await api(`/api/clients/${client.id}`, { method: "PUT", body: { ...PADARIA, valorMensalidade: "150.00", isTrial: false } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as ClientJson).isTrial).toBe(false);
  });
});
