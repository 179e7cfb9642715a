// GET /api/installments and /api/payables without parameters answer every row (SPEC §7): up to
// 5,000 read at once and answered as one array, more streamed a slice of rows per JSON.stringify
// (src/http/stream.ts jsonArrayResponse, issue 38 §6). Either way the text must be exactly what
// the list's pages answer, one JSON.stringify of their rows in the same order: the paged answers
// are built apart (the two-step page: ids from an index, then those rows, not streamed).
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestApp } from "../../../tests/support";
import { sortKey } from "../../lib/text";

const t = useTestApp({ now: "2026-03-15T10:00:00-03:00" });

const SIDES = [
  { path: "/api/installments", table: "receivables", party: "client_id" },
  { path: "/api/payables", table: "payables", party: "supplier_id" },
] as const;

/** What JSON escapes and what the list computes per row: quotes, a backslash, control characters, accents; paid, partial, overdue and open rows. */
function insertRows(from: number, to: number) {
  const sqlite = t.db.$client;
  sqlite.transaction(() => {
    for (const { table, party } of SIDES) {
      const monthly = table === "receivables";
      const insert = sqlite.prepare(
        `INSERT INTO ${table} (${party}, numeros_parcela, descricao, data_vencimento, valor, status, data_pagamento, valor_pago, principal_pago, desconto, centro_custo_id${monthly ? ", subscription_id, competencia" : ""})
         VALUES ($party, $parcela, $descricao, $vencimento, $valor, $status, $pago, $valorPago, $principal, $desconto, $centro${monthly ? ", $subscription, $competencia" : ""})`,
      );
      for (let n = from; n <= to; n++) {
        const paid = n % 5 === 0;
        const partial = !paid && n % 7 === 0;
        const valor = 1 + ((n * 7_919) % 250_000);
        insert.run({
          $party: 1 + (n % 3),
          $parcela: `${1 + (n % 12)}/12`,
          $descricao: n % 11 === 0 ? `Ótica "Visão" \\ ${n}\t\n` : `Mensalidade ${n} — março`,
          // Around the pinned today (2026-03-15): overdue and open rows, many on one day.
          $vencimento: `2026-${String(1 + (n % 6)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`,
          $valor: valor,
          $status: paid ? "pago" : "em_aberto",
          $pago: paid || partial ? "2026-03-02" : null,
          $valorPago: paid ? valor + (n % 3) : partial ? 5 : null,
          $principal: paid ? valor : partial ? 5 : 0,
          $desconto: n % 13 === 0 ? 1 : 0,
          $centro: n % 4 === 0 ? 1 : null,
          ...(monthly ? { $subscription: n % 6 === 0 ? 1 : null, $competencia: n % 6 === 0 ? `${2000 + Math.floor(n / 12)}-${String(1 + (n % 12)).padStart(2, "0")}` : null } : {}),
        });
      }
    }
  })();
}

beforeAll(() => {
  const sqlite = t.db.$client;
  for (const [i, nome] of ["Padaria Pão Quente", 'Ótica "Visão"', "Zé \\ Bar"].entries()) {
    sqlite
      .query("INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, nome_ordem, busca) VALUES ($nome, $cnpj, 'c', '1', 'e@x.com', 100, $nome, $ordem, '')")
      .run({ $nome: nome, $cnpj: String(11_222_333_000_100 + i), $ordem: sortKey(nome) });
    sqlite.query("INSERT INTO suppliers (nome, nome_ordem) VALUES ($nome, $ordem)").run({ $nome: nome, $ordem: sortKey(nome) });
  }
  sqlite.query("INSERT INTO cost_centres (nome, nome_ordem) VALUES ('Loja · Centro', $ordem)").run({ $ordem: sortKey("Loja · Centro") });
  // A subscription's months (assinatura: true, competência) among the receivables.
  sqlite.run("INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em) VALUES (1, 'ativa', 10, '2026-01', '2026-07', '2026-01-01')");
  insertRows(1, 40);
});

const identity = { headers: { "accept-encoding": "identity" } };

/** Every page of the default view (500 rows each, the largest), their rows as one JSON text. */
async function pagesText(path: string): Promise<{ text: string; rows: number }> {
  const rows: unknown[] = [];
  for (let page = 1; ; page++) {
    const answer = await t.api(`${path}?porPagina=500&pagina=${page}`, identity);
    expect(answer.status).toBe(200);
    const pageRows = (await answer.json()) as unknown[];
    if (!pageRows.length) return { text: JSON.stringify(rows), rows: rows.length };
    rows.push(...pageRows);
  }
}

async function expectWholeIsPages(path: string, count: number) {
  const expected = await pagesText(path);
  expect(expected.rows).toBe(count);
  if (path === "/api/installments") expect(expected.text).toContain('"assinatura":true');
  const plain = await t.api(path, identity);
  expect(plain.headers.get("content-type")).toContain("application/json");
  expect(plain.headers.get("x-total-count")).toBeNull();
  expect(await plain.text()).toBe(expected.text);
  const gzipped = await t.api(path, { headers: { "accept-encoding": "gzip" } });
  expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(expected.text);
}

describe("a ledger's whole list is the text of its pages", () => {
  test("a few rows, answered as one array", async () => {
    for (const { path } of SIDES) await expectWholeIsPages(path, 40);
  });

  test("past 5,000 rows, streamed a slice of rows at a time", async () => {
    insertRows(41, 5_300);
    for (const { path } of SIDES) await expectWholeIsPages(path, 5_300);
  });
});
