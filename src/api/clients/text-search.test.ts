// The clients' search box (`q`) through clients_fts (migration 0037): for three characters or more
// the trigram index answers, for fewer LIKE; either way the page and the total are exactly what
// "the folded text contains the folded query" gives, in every sort, with the other filters, on
// every page. The index follows every write of a client: create, edit, delete, in their own
// transactions.
import { beforeAll, describe, expect, test } from "bun:test";
import { cnpjCheckDigits } from "../../lib/brazil";
import { fold } from "../../lib/text";
import { useTestApp } from "../../../tests/support";
import { SYSTEM } from "../history/record";
import { registerSearchColumns } from "../../../db/search-columns";
import { createClient } from "./service";
import { SUBSCRIPTION_SORTS } from "../subscriptions/model";
import { findSubscriptions, findSubscriptionsInTurns, parseSubscriptionQuery } from "../subscriptions/service";
import { acrossTurns } from "../../../tests/turns";
import { CLIENT_SORTS, clientSchema, type ClientJson } from "./model";

const t = useTestApp();

const cnpj = (n: number) => {
  const base = `${String(20_000_000 + n).padStart(8, "0")}0001`;
  return base + cnpjCheckDigits(base);
};

const FIRST = ["Padaria", "Ótica", "Mercado", "Farmácia", "Oficina", "Clínica", "Escola", "Açougue"];
const LAST = ["São João", "Joaquim", "D'Ávila", 'Bar "do Zé"', "100% Norte", "Sul_Leste", "Ltda", "ME"];

function add(n: number, extra: Partial<Record<string, unknown>> = {}): ClientJson {
  const parsed = clientSchema.safeParse({
    nome: `${FIRST[n % FIRST.length]} ${LAST[(n * 3) % LAST.length]} ${n}`,
    cnpj: cnpj(n),
    contato: n % 5 === 0 ? "Conceição Araújo" : "Maria Souza",
    telefone: "11987654321",
    email: `financeiro${n}@empresa${n % 7}.com.br`,
    valorMensalidade: `${100 + (n % 13)}.00`,
    codigoCliente: `CX-${n}`,
    ...extra,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return createClient(t.db, SYSTEM, parsed.data);
}

beforeAll(() => {
  for (let n = 1; n <= 240; n++) add(n);
  t.db.$client.run("UPDATE clients SET status_bloqueio = 1 WHERE id % 4 = 0");
});

const ids = (clients: ClientJson[]) => clients.map((client) => client.id);
const list = async (path: string) => {
  const response = await t.api(path);
  expect(response.status).toBe(200);
  return { ids: ids((await response.json()) as ClientJson[]), total: Number(response.headers.get("x-total-count") ?? -1) };
};

/**
 * The reference: the whole list in the sort (no text), kept where the stored folded text contains
 * the folded query (trimmed, as the list's URL takes it). `seen` keeps each view's whole list
 * for the queries that follow, while nothing is written.
 */
async function expected(q: string, ordem: string, filters: string, seen = new Map<string, { texts: Map<number, string>; whole: number[] }>()) {
  let view = seen.get(ordem + filters);
  if (!view) {
    const texts = new Map((t.db.$client.query("SELECT id, busca FROM clients").all() as { id: number; busca: string }[]).map((row) => [row.id, row.busca]));
    // Every page of the view without the text (a page is capped at 500 rows: src/lib/list-spec.ts).
    const whole: number[] = [];
    for (let pagina = 1; ; pagina++) {
      const page = await list(`/api/clients?ordem=${ordem}${filters}&porPagina=500&pagina=${pagina}`);
      whole.push(...page.ids);
      if (whole.length >= page.total) break;
    }
    seen.set(ordem + filters, (view = { texts, whole }));
  }
  return view.whole.filter((id) => view.texts.get(id)!.includes(fold(q.trim())));
}

/**
 * `q` in every sort, either way, without and with `filter`: the first, a middle and the last page
 * of `perPage` against the reference; how many clients the pages held.
 */
async function compareEveryView(q: string, filter: string, perPage: number, seen?: Parameters<typeof expected>[3]): Promise<number> {
  let compared = 0;
  for (const sort of CLIENT_SORTS) {
    for (const ordem of [sort, `-${sort}`]) {
      for (const filters of ["", filter]) {
        const all = await expected(q, ordem, filters, seen);
        const last = Math.max(1, Math.ceil(all.length / perPage));
        for (const pagina of new Set([1, Math.ceil(last / 2), last])) {
          const page = await list(`/api/clients?q=${encodeURIComponent(q)}&ordem=${ordem}${filters}&pagina=${pagina}&porPagina=${perPage}`);
          expect({ q, ordem, filters, pagina, ...page }).toEqual({ q, ordem, filters, pagina, ids: all.slice((pagina - 1) * perPage, pagina * perPage), total: all.length });
          compared += page.ids.length;
        }
      }
    }
  }
  return compared;
}

describe("the clients' text search", () => {
  const queries = ["a", "ó", "jo", "padaria", "PADARIA são", "sao joao 1", "ávila", "d'avila", '"do ze"', 'bar "do', "100%", "% n", "sul_l", "_", "conceicao", "cx-12", "empresa3.com", "nada assim", "ria ", " 24"];

  test("is 'contains' on the folded text: every sort, with the status filter, on the first, a middle and the last page", async () => {
    let compared = 0;
    const seen = new Map();
    for (const q of queries) compared += await compareEveryView(q, "&status=1", 7, seen);
    expect(compared).toBeGreaterThan(2000);
  });

  test("with the CNPJ filter too", async () => {
    const all = await expected("padaria", "nome", "&cnpj=2000001");
    expect(all.length).toBeGreaterThan(0);
    expect(await list(`/api/clients?q=padaria&cnpj=2000001&porPagina=50`)).toEqual({ ids: all, total: all.length });
  });

  test("follows the writes: a new client, an edited name, a deleted client; the index stays whole", async () => {
    const found = async (q: string) => (await list(`/api/clients?q=${encodeURIComponent(q)}&porPagina=50`)).ids;
    const created = add(1000, { nome: "Quitanda Beija-Flor" });
    expect(await found("beija-flor")).toEqual([created.id]);

    const { id: _id, createdAt: _c, updatedAt: _u, statusBloqueio: _s, bloqueioOrigem: _b, ...fields } = created as ClientJson & Record<string, unknown>;
    const edited = await t.api(`/api/clients/${created.id}`, { method: "PUT", body: { ...fields, nome: "Quitanda Sabiá" } });
    expect(edited.status).toBe(200);
    expect(await found("beija-flor")).toEqual([]);
    expect(await found("sabia")).toEqual([created.id]);

    expect((await t.api(`/api/clients/${created.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await found("sabia")).toEqual([]);
    t.db.$client.run("INSERT INTO clients_fts (clients_fts) VALUES ('integrity-check')");
  });
});

describe("a text more than 2,000 clients hold (the page walks the sort's index, each client checked against the matches)", () => {
  beforeAll(() => {
    // Written as the import writes them, straight into the table (the triggers index them).
    const insert = t.db.$client.prepare(
      "INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio, nome_ordem, busca) VALUES (?, ?, 'Contato', '11987654321', ?, ?, ?, 0, ?, ?, ?)",
    );
    t.db.$client.transaction(() => {
      for (let n = 0; n < 2_100; n++) {
        const nome = `Comércio ${FIRST[n % FIRST.length]} ${n} Ltda`;
        const columns = registerSearchColumns("clients", { nome, contato: "Contato", codigoCliente: `LT-${n}`, email: `lt${n}@ltda.com.br` });
        insert.run(nome, cnpj(5_000 + n), `lt${n}@ltda.com.br`, 10_000 + (n % 37) * 100, `LT-${n}`, n % 3 === 0 ? 1 : 0, columns.nomeOrdem, columns.busca);
      }
    })();
  });

  test("is the same 'contains', every sort, with the status filter, on the first, a middle and the last page", async () => {
    const seen = new Map();
    for (const q of ["ltda", "comercio", "comercio padaria"]) await compareEveryView(q, "&status=0", 50, seen);
    // "ltda" and "comercio" are past 2,000 matches; "comercio padaria" under.
    expect((await expected("ltda", "nome", "")).length).toBeGreaterThan(2_000);
  });
});

describe("the subscriptions' search of their client's text (the same index, the same rule)", () => {
  beforeAll(() => {
    // Two of every three clients subscribed, some paused; the third not started.
    t.db.$client.run(`INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em)
      SELECT id, CASE WHEN id % 5 = 0 THEN 'pausada' ELSE 'ativa' END, 1 + id % 28, '2026-01', printf('2026-%02d', 2 + id % 10), '2026-01-01'
      FROM clients WHERE id % 3 <> 0 AND id NOT IN (SELECT client_id FROM subscriptions)`);
  });

  type Row = { clientId: number };
  const subscriptions = async (path: string) => {
    const response = await t.api(path);
    expect(response.status).toBe(200);
    return { clients: ((await response.json()) as Row[]).map((row) => row.clientId), total: Number(response.headers.get("x-total-count")) };
  };

  test("every sort and situação, the first, a middle and the last page: the list without the text, kept where the client's text holds it", async () => {
    const texts = new Map((t.db.$client.query("SELECT id, busca FROM clients").all() as { id: number; busca: string }[]).map((row) => [row.id, row.busca]));
    for (const sort of SUBSCRIPTION_SORTS) {
      for (const ordem of [sort, `-${sort}`]) {
        for (const status of ["", "pausada", "nao_iniciada"]) {
          const whole: number[] = [];
          for (let pagina = 1; ; pagina++) {
            const page = await subscriptions(`/api/subscriptions?ordem=${ordem}&status=${status}&porPagina=500&pagina=${pagina}`);
            whole.push(...page.clients);
            if (whole.length >= page.total) break;
          }
          for (const q of ["ltda", "padaria", "sao joao 1", "jo", "nada assim"]) {
            const all = whole.filter((id) => texts.get(id)!.includes(fold(q)));
            const last = Math.max(1, Math.ceil(all.length / 50));
            for (const pagina of new Set([1, Math.ceil(last / 2), last])) {
              const page = await subscriptions(`/api/subscriptions?q=${encodeURIComponent(q)}&ordem=${ordem}&status=${status}&porPagina=50&pagina=${pagina}`);
              expect({ q, ordem, status, pagina, ...page }).toEqual({ q, ordem, status, pagina, clients: all.slice((pagina - 1) * 50, pagina * 50), total: all.length });
            }
          }
        }
      }
    }
  });

  test("the list's page takes a turn of the loop after its count and after its ids, on one snapshot: a subscription started meanwhile is in the next read", async () => {
    // A text every subscribed client holds ("mercado" is not: "ltda" and the e-mail's ".com").
    const query = parseSubscriptionQuery({ q: "com", ordem: "cliente", pagina: "2", porPagina: "50" });
    const before = findSubscriptions(t.db, query);
    const { id } = t.db.$client.query("SELECT id FROM clients WHERE busca LIKE '%com%' AND id NOT IN (SELECT client_id FROM subscriptions) ORDER BY nome_ordem LIMIT 1").get() as { id: number };
    const { value, turns } = await acrossTurns(
      () => findSubscriptionsInTurns(t.config.databasePath, query),
      // After the count, another request starts a not-started client's subscription: the first by name.
      (turn) => turn === 0 && t.db.$client.run("INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) VALUES (?, 'ativa', 5, '2026-01', '2026-02', '2026-01-01')", [id]),
    );
    expect(value).toEqual(before);
    expect(turns).toBeGreaterThanOrEqual(2);
    const after = await findSubscriptionsInTurns(t.config.databasePath, query);
    expect(after).toEqual(findSubscriptions(t.db, query));
    expect(after.total).toBe(before.total + 1);
    t.db.$client.run("DELETE FROM subscriptions WHERE client_id = ?", [id]);
  });
});
