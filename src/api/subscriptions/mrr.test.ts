import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";
import { addMonthsToMonth, monthRange } from "../../lib/dates";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import { MRR_SQL, mrrMovement, type MrrMonth } from "./mrr";

// Today is Sunday 15 March 2026 in São Paulo unless a test moves it; lead time 10 days.
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;
const jump = (instant: string) => t.travel(instant);

const FLORICULTURA = { ...PADARIA, nome: "Floricultura Ipê Amarelo", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002", email: "flores@ipe.com.br" };
const MERCADO = { ...PADARIA, nome: "Mercadinho Bom Preço", cnpj: "38.599.503/0001-06", codigoCliente: "MER-003", email: "contato@bompreco.com.br" };

async function createClient(body: object): Promise<ClientJson> {
  const response = await api("/api/clients", { method: "POST", body });
  expect(response.status).toBe(201);
  return (await response.json()) as ClientJson;
}

async function start(clientId: number, overrides: object): Promise<void> {
  const response = await api(`/api/clients/${clientId}/subscription`, { method: "PUT", body: { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2026-03", ...overrides } });
  expect(response.status).toBe(200);
}

async function run(): Promise<void> {
  expect((await api("/api/subscriptions/run", { method: "POST", body: {} })).status).toBe(200);
}

async function mrr(query: string): Promise<MrrMonth[]> {
  const response = await api(`/api/subscriptions/mrr${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MrrMonth[];
}

/** mes:mrr:novas:reajustes:encerradas:assinaturas, one line a month. */
const lines = (months: MrrMonth[]) => months.map((m) => `${m.mes}:${m.mrr}:${m.novas}:${m.reajustes}:${m.encerradas}:${m.assinaturas}`);

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
/** mrr(M) = mrr(M-1) + novas + reajustes − encerradas, for every month after the first. */
function expectBridge(months: MrrMonth[]) {
  for (let i = 1; i < months.length; i++) {
    const [before, month] = [months[i - 1]!, months[i]!];
    expect({ mes: month.mes, mrr: cents(month.mrr) }).toEqual({ mes: month.mes, mrr: cents(before.mrr) + cents(month.novas) + cents(month.reajustes) - cents(month.encerradas) });
  }
}

describe("mrrMovement: what the subscriptions bill per competência, and how it moved", () => {
  test("new, readjusted and ended subscriptions through the API, month by month, zeros included", async () => {
    const padaria = await createClient(PADARIA);
    const flores = await createClient(FLORICULTURA);
    const mercado = await createClient(MERCADO);
    await start(padaria.id, { inicio: "2026-01" }); // January to March billed at once (back-fill)
    await start(flores.id, { valor: "250.00", inicio: "2026-02" });
    // 4,62 % from April, the next month not generated yet. A readjustment waits 12 months from the
    // contract (Lei 10.192/2001): this one's contract dates from March 2025, billed outside Cofre before 2026.
    t.db.$client.run("UPDATE subscriptions SET inicio = '2025-03' WHERE client_id = ?", [padaria.id]);
    expect((await api(`/api/clients/${padaria.id}/subscription/readjust`, { method: "POST", body: { percentual: "4,62" } })).status).toBe(200);
    const unpin = await jump("2026-05-20T08:00:00-03:00");
    try {
      await run(); // April and May for both
      // The florist ends with March: its open April and May are deleted.
      const ended = await api(`/api/clients/${flores.id}/subscription`, { method: "PUT", body: { status: "encerrada", valor: "250.00", diaVencimento: 10, inicio: "2026-02", fim: "2026-03" } });
      expect(ended.status).toBe(200);
      await start(mercado.id, { valor: "100.00", inicio: "2026-04" }); // April and May
      // A month paid still counts: MRR is what was billed, not what was received.
      const [january] = (await (await api(`/api/installments?clientId=${padaria.id}&porPagina=50`)).json()) as InstallmentJson[];
      expect((await api(`/api/installments/${january!.id}/pay`, { method: "PATCH", body: {} })).status).toBe(200);

      const months = await mrr("?de=2025-12&ate=2026-07");
      expect(lines(months)).toEqual([
        "2025-12:0.00:0.00:0.00:0.00:0",
        "2026-01:150.00:150.00:0.00:0.00:1",
        "2026-02:400.00:250.00:0.00:0.00:2",
        "2026-03:400.00:0.00:0.00:0.00:2",
        "2026-04:256.93:100.00:6.93:250.00:2", // Mercadinho new, Padaria readjusted, the florist gone
        "2026-05:256.93:0.00:0.00:0.00:2",
        // May is the current month (today's subscriptions); June and July a projection of them.
        "2026-06:256.93:0.00:0.00:0.00:2",
        "2026-07:256.93:0.00:0.00:0.00:2",
      ]);
      expectBridge(months);
      // A range's first month still compares with the month before it.
      expect(lines(await mrr("?de=2026-04&ate=2026-04"))).toEqual(["2026-04:256.93:100.00:6.93:250.00:2"]);
    } finally {
      await unpin();
    }
  });

  test("a lowered fee is a negative reajuste; a month whose installment was deleted reads as ended, then new", async () => {
    const padaria = await createClient(PADARIA);
    await start(padaria.id, { valor: "200.00", inicio: "2026-01" });
    const rows = (await (await api(`/api/installments?clientId=${padaria.id}&porPagina=50`)).json()) as InstallmentJson[];
    const february = rows.find((r) => r.competencia === "2026-02")!;
    expect((await api(`/api/installments/${february.id}`, { method: "DELETE" })).status).toBe(200);
    // A lower fee for the open months not yet due: April on, once generated.
    await start(padaria.id, { valor: "180.00", inicio: "2026-01", atualizarParcelasAbertas: true });
    // April is the current month: its MRR is today's fee; March, closed, what it billed.
    const unpin = await jump("2026-04-30T08:00:00-03:00");
    try {
      await run();
      expect(lines(await mrr("?de=2026-01&ate=2026-04"))).toEqual([
        "2026-01:200.00:200.00:0.00:0.00:1",
        "2026-02:0.00:0.00:0.00:200.00:0",
        "2026-03:200.00:200.00:0.00:0.00:1",
        "2026-04:180.00:0.00:-20.00:0.00:1",
      ]);
    } finally {
      await unpin();
    }
  });

  test("the bridge holds for any billing: 6 subscriptions, 60 months of random fees and gaps, against a plain count", async () => {
    const clients = await Promise.all(
      ["11.222.333/0001-81", "11.444.777/0001-61", "38.599.503/0001-06", "45.997.418/0001-53", "04.252.011/0001-10", "60.701.190/0001-04"].map((cnpj, i) =>
        createClient({ ...PADARIA, nome: `Cliente ${i + 1}`, cnpj, codigoCliente: `C-${i + 1}`, email: `c${i + 1}@cofre.test` }),
      ),
    );
    // Subscriptions that start in the future bill nothing now; their rows take the billing below.
    for (const c of clients) await start(c.id, { inicio: "2027-01" });
    const subscriptions = t.db.$client.query("select id, client_id from subscriptions").all() as { id: number; client_id: number }[];
    expect(subscriptions).toHaveLength(6);
    let seed = 18;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const months = monthRange("2021-01", "2025-12");
    const billed = new Map<string, number>(); // "subscription:month" → cents
    const insert = t.db.$client.prepare(
      "insert into receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, subscription_id, competencia) values (?, '1/1', 'Mensalidade', ?, ?, ?, ?)",
    );
    t.db.$client.transaction(() => {
      for (const s of subscriptions) {
        let fee = 5_000 + Math.floor(random() * 50_000);
        for (const month of months) {
          if (random() < 0.25) continue; // a gap: not billed (paused, ended, deleted)
          if (random() < 0.2) fee = Math.max(1, fee + Math.floor(random() * 4_000) - 2_000); // readjusted either way
          insert.run(s.client_id, `${month}-10`, fee, s.id, month);
          billed.set(`${s.id}:${month}`, fee);
        }
      }
    })();

    const answer = mrrMovement(t.db, "2021-01", "2025-12");
    expect(answer.map((m) => m.mes)).toEqual(months);
    expectBridge(answer);
    // The same figures counted one subscription at a time in JavaScript.
    const expected = months.map((month): MrrMonth => {
      const before = addMonthsToMonth(month, -1);
      const sum = { mrr: 0, novas: 0, reajustes: 0, encerradas: 0, assinaturas: 0, novasQtd: 0, encerradasQtd: 0 };
      for (const s of subscriptions) {
        const now = billed.get(`${s.id}:${month}`);
        const prev = billed.get(`${s.id}:${before}`);
        if (now !== undefined) {
          sum.mrr += now;
          sum.assinaturas++;
          if (prev === undefined) {
            sum.novas += now;
            sum.novasQtd++;
          } else sum.reajustes += now - prev;
        } else if (prev !== undefined) {
          sum.encerradas += prev;
          sum.encerradasQtd++;
        }
      }
      const decimal = (c: number) => (c < 0 ? "-" : "") + `${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
      return {
        mes: month,
        base: "cobranca",
        mrr: decimal(sum.mrr),
        novas: decimal(sum.novas),
        reajustes: decimal(sum.reajustes),
        encerradas: decimal(sum.encerradas),
        assinaturas: sum.assinaturas,
        novasQtd: sum.novasQtd,
        encerradasQtd: sum.encerradasQtd,
        emTrial: null,
        trial: null,
      };
    });
    expect(answer).toEqual(expected);
    // Installments made by hand (no subscription) are not recurring revenue.
    insert.run(clients[0]!.id, "2025-12-05", 99_999, null, null);
    expect(mrrMovement(t.db, "2025-12", "2025-12")).toEqual(expected.slice(-1));
  });

  test("reads the receivables once, from the covering (competencia, subscription_id, valor) index alone, not the table", () => {
    const plan = t.db.$client.query(`explain query plan ${MRR_SQL}`).all({ $from: "2026-01", $to: "2026-12", $before: "2025-12" }) as { detail: string }[];
    const reads = plan.map((p) => p.detail).filter((detail) => / receivables\b/.test(detail));
    expect(reads).toEqual([expect.stringContaining("USING COVERING INDEX receivables_competencia_mrr_idx")]);
  });
});

describe("GET /api/subscriptions/mrr", () => {
  test("without a period: the last 12 months ending with the current one", async () => {
    const months = await mrr("");
    expect(months.map((m) => m.mes)).toEqual(monthRange("2025-04", "2026-03"));
    expect(months.every((m) => m.mrr === "0.00" && m.assinaturas === 0)).toBe(true);
    // One end alone: 12 months counted from it.
    expect((await mrr("?de=2026-01")).map((m) => m.mes)).toEqual(monthRange("2026-01", "2026-12"));
    expect((await mrr("?ate=2026-01")).map((m) => m.mes)).toEqual(monthRange("2025-02", "2026-01"));
  });

  test("at 23:30 on 31/03 in São Paulo (April in UTC) the window still ends in March", async () => {
    const unpin = pinClock("2026-04-01T02:30:00Z");
    try {
      expect((await mrr("")).at(-1)?.mes).toBe("2026-03");
    } finally {
      unpin();
    }
  });

  test("120 months is the limit; a reversed, malformed or out-of-range period is a 400 in pt-BR", async () => {
    expect(await mrr("?de=2016-04&ate=2026-03")).toHaveLength(120);
    for (const [query, message] of [
      ["?de=2016-03&ate=2026-03", "O período pode ter no máximo 120 meses"],
      ["?de=2026-05&ate=2026-03", "O mês inicial deve ser anterior ou igual ao mês final"],
      ["?de=2026-13", "Mês inicial inválido: use o formato AAAA-MM (ex.: 2026-11), entre 1900 e 2199"],
      ["?ate=03/2026", "Mês final inválido: use o formato AAAA-MM (ex.: 2026-11), entre 1900 e 2199"],
      ["?de=9999-01&ate=9999-02", "Mês inicial inválido: use o formato AAAA-MM (ex.: 2026-11), entre 1900 e 2199"],
    ]) {
      const response = await api(`/api/subscriptions/mrr${query}`);
      expect({ query, status: response.status, body: await response.json() }).toEqual({ query, status: 400, body: { message } });
    }
  });

  test("needs a session", async () => {
    expect((await t.request("/api/subscriptions/mrr")).status).toBe(401);
  });
});
