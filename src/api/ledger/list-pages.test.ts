// Issue 21 §1: a ledger page is found in two steps (its ids from a covering index, then the rows),
// by party name and by status in pieces. These pages must be exactly the one-statement
// ORDER BY … LIMIT … OFFSET it replaced (plainPage), row for row, for every sort, direction,
// filter and page — on data full of ties (namesakes, shared due dates, amounts, descriptions in
// other cases, installment numbers), where order bugs hide.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../../db/client";
import { pinClock } from "../../lib/clock";
import { sortKey } from "../../lib/text";
import { listLedger, NO_LIMIT, parseLedgerQuery, plainPage } from "./list";
import { RECEIVABLES } from "../installments/table";
import { PAYABLES } from "../payables/table";
import type { LedgerTable } from "./table";

const TODAY = "2026-03-15";
let db: Db;
let unpin: () => void;
/** A category and a cost centre with rows on each side, for the plano de contas' filters. */
const some = { receita: 0, despesa: 0, centro: 0 };

/** A small deterministic generator: the same data set every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

beforeAll(() => {
  unpin = pinClock(TODAY);
  db = openDatabase(":memory:");
  const sqlite = db.$client;
  const next = random(21);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  // 40 clients and 12 suppliers on 9 and 4 names: most names are shared.
  const names = ["alfa", "beta", "cliente 0002", "cliente 0010", "delta", "eco", "ómega", "zeta", "b"];
  for (let i = 1; i <= 40; i++) {
    sqlite
      .query(
        `INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, nome_ordem, busca)
         VALUES ($nome, $cnpj, 'c', '1', 'e@x', 100, $codigo, $ordem, '')`,
      )
      .run({ nome: `Cliente ${i}`, cnpj: String(i).padStart(14, "0"), codigo: `C${i}`, ordem: pick(names) });
  }
  for (let i = 1; i <= 12; i++) sqlite.query("INSERT INTO suppliers (nome, nome_ordem) VALUES ($nome, $ordem)").run({ nome: `F ${i}`, ordem: pick(names.slice(0, 4)) });
  // Due dates around today (yesterday and today are the overdue/open edge), few amounts and texts.
  const dates = ["2026-01-31", "2026-02-28", "2026-03-01", "2026-03-14", "2026-03-15", "2026-03-16", "2026-03-31", "2026-04-15", "2026-05-01"];
  const texts = ["Mensalidade", "mensalidade", "MENSALIDADE", "Aluguel", "aluguel março", "Ávila", "avila", "Zinco", "zinco 2"];
  const parcelas = ["1/1", "1/3", "2/3", "3/3", "2/12", "10/12", "12/12", "1/24"];
  const amounts = [100, 100, 250, 999, 1_000, 123_456];
  // The plano de contas (issue 36 §3): namesake groups and categories (equal once folded),
  // accents, numbers; cost centres are optional (null on some rows).
  const category = sqlite.query("INSERT INTO categories (nome, tipo, grupo_id, nome_ordem) VALUES ($nome, $tipo, $grupo, $ordem) RETURNING id");
  const categoriesOf: Record<string, number[]> = { receita: [], despesa: [] };
  for (const tipo of ["receita", "despesa"]) {
    const add = (nome: string, grupo: number | null) => (category.get({ nome, tipo, grupo, ordem: sortKey(nome) }) as { id: number }).id;
    const groups = ["Zeta", "Receitas 10", "agape", "Receitas 2", "Ágape"].map((nome) => add(nome, null));
    for (const grupo of groups) categoriesOf[tipo]!.push(add("Beta", grupo), add("Ágape", grupo));
    categoriesOf[tipo]!.push(add("beta", groups[4]!), add("Alfa 10", groups[3]!), add("Alfa 9", groups[3]!));
  }
  some.receita = categoriesOf.receita![1]!;
  some.despesa = categoriesOf.despesa![1]!;
  const centres = ["Operação", "operacao", "Comercial", "Administração"].map(
    (nome) => (sqlite.query("INSERT INTO cost_centres (nome, nome_ordem) VALUES ($nome, $ordem) RETURNING id").get({ nome, ordem: sortKey(nome) }) as { id: number }).id,
  );
  some.centro = centres[1]!;
  for (const t of [RECEIVABLES, PAYABLES]) {
    const parties = t === RECEIVABLES ? 40 : 12;
    const insert = sqlite.query(
      `INSERT INTO ${t.table} (${t.party.column}, numeros_parcela, descricao, data_vencimento, valor, status, data_pagamento, valor_pago, categoria_id, centro_custo_id)
       VALUES ($party, $parcela, $descricao, $vencimento, $valor, $status, $pago, $valorPago, $categoria, $centro)`,
    );
    // Enough that each filter below spans two pages or more (of 50) on both sides, and one client
    // has an open row; every page of every view is compared, so more rows only cost time.
    sqlite.transaction(() => {
      for (let i = 0; i < (t === RECEIVABLES ? 400 : 300); i++) {
        const paid = next() < 0.5;
        const valor = pick(amounts);
        insert.run({
          party: 1 + Math.floor(next() * parties),
          parcela: pick(parcelas),
          descricao: pick(texts),
          vencimento: pick(dates),
          valor,
          status: paid ? "pago" : "em_aberto",
          pago: paid ? pick(dates) : null,
          valorPago: paid ? valor : null,
          categoria: pick(categoriesOf[t === RECEIVABLES ? "receita" : "despesa"]!),
          centro: next() < 0.3 ? null : pick(centres),
        });
      }
    })();
  }
  sqlite.exec("ANALYZE");
});

afterAll(() => {
  db.$client.close();
  unpin();
});

const SORTS = ["vencimento", "valor", "status", "descricao", "parcela", "categoria", "centroCusto"];
const FILTERS: Record<string, string>[] = [{}, { status: "pago" }, { status: "vencido" }, { status: "em_aberto" }, { mes: "2026-03" }, { status: "pago", mes: "2026-03" }];

function comparePages(t: LedgerTable, raw: Record<string, string>) {
  const first = parseLedgerQuery(t, { ...raw, pagina: "1" }, { paged: true });
  // The whole view in one statement: each page must be its slice, with its count as the total.
  const whole = plainPage(db, t, { ...first, perPage: NO_LIMIT });
  const { perPage } = first;
  const pages = Math.max(1, Math.ceil(whole.total / perPage));
  // Every page, and one past the end (empty, the same total).
  for (let page = 1; page <= pages + 1; page++) {
    const query = parseLedgerQuery(t, { ...raw, pagina: String(page) }, { paged: true });
    expect(listLedger(db, t, query)).toEqual({ rows: whole.rows.slice((page - 1) * perPage, page * perPage), total: whole.total });
  }
  return whole.total;
}

for (const t of [RECEIVABLES, PAYABLES]) {
  describe(`${t.table}: the two-step page is the one-statement page`, () => {
    for (const sort of [t.party.sortKey, ...SORTS]) {
      for (const dir of ["", "-"]) {
        test(`ordem=${dir}${sort}, every filter, every page`, () => {
          for (const filter of FILTERS) expect(comparePages(t, { ordem: dir + sort, ...filter })).toBeGreaterThan(0);
          // One party (and one with a filter too), odd page sizes that cut the ties anywhere.
          expect(comparePages(t, { ordem: dir + sort, [t.party.idKey]: "3" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, [t.party.idKey]: "3", status: "em_aberto" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, mes: "2026-03", porPagina: "7" })).toBeGreaterThan(0);
          // No filter, odd sizes: by the party's name, the page's start found from ledger_party_counts.
          expect(comparePages(t, { ordem: dir + sort, porPagina: "7" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, porPagina: "23" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, status: "vencido", porPagina: "13" })).toBeGreaterThan(0);
          // The plano de contas' filters (issue 36), alone and with a status.
          const categoriaId = String(t === RECEIVABLES ? some.receita : some.despesa);
          expect(comparePages(t, { ordem: dir + sort, categoriaId, porPagina: "9" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, centroCustoId: String(some.centro), porPagina: "11" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem: dir + sort, centroCustoId: String(some.centro), status: "pago" })).toBeGreaterThan(0);
        });
      }
    }

    test("by categoria: grupo › categoria in pt-BR order (accents folded, numbers as numbers), namesakes by creation; centres likewise, rows without one last", () => {
      const names = (ordem: string, key: "categoriaNome" | "centroCustoNome") => {
        const { rows } = listLedger<Record<string, string | null>>(db, t, parseLedgerQuery(t, { ordem }, { paged: false }));
        return rows.map((row) => row[key]).filter((name, i, all) => i === 0 || name !== all[i - 1]);
      };
      const expected = [
        // Namesake groups (both "agape" folded): the one created first.
        "agape › Ágape",
        "agape › Beta",
        "Ágape › Ágape",
        "Ágape › Beta",
        "Ágape › beta",
        "Receitas 2 › Ágape",
        "Receitas 2 › Alfa 9",
        "Receitas 2 › Alfa 10",
        "Receitas 2 › Beta",
        "Receitas 10 › Ágape",
        "Receitas 10 › Beta",
        "Zeta › Ágape",
        "Zeta › Beta",
      ];
      expect(names("categoria", "categoriaNome")).toEqual(expected);
      expect(names("-categoria", "categoriaNome")).toEqual(expected.toReversed());
      // Administração, Comercial, Operação and operacao (created first), then none.
      expect(names("centroCusto", "centroCustoNome")).toEqual(["Administração", "Comercial", "Operação", "operacao", null]);
      expect(names("-centroCusto", "centroCustoNome")).toEqual([null, "operacao", "Operação", "Comercial", "Administração"]);
    });

    test("after parties are renamed (their counts move with their name order), every unfiltered page by name is still the one-statement page", () => {
      const parties = t.party.table;
      const before = db.$client.query(`SELECT id, nome_ordem FROM ${parties}`).all() as { id: number; nome_ordem: string }[];
      // One to the front, one onto a namesake's name, one to the end.
      db.$client.run(`UPDATE ${parties} SET nome_ordem = 'aaa' WHERE id = 2`);
      db.$client.run(`UPDATE ${parties} SET nome_ordem = (SELECT nome_ordem FROM ${parties} WHERE id = 4) WHERE id = 3`);
      db.$client.run(`UPDATE ${parties} SET nome_ordem = 'zzzz' WHERE id = 1`);
      try {
        for (const ordem of [t.party.sortKey, `-${t.party.sortKey}`]) {
          expect(comparePages(t, { ordem, porPagina: "7" })).toBeGreaterThan(0);
          expect(comparePages(t, { ordem, porPagina: "23" })).toBeGreaterThan(0);
        }
      } finally {
        const restore = db.$client.prepare(`UPDATE ${parties} SET nome_ordem = ? WHERE id = ?`);
        for (const { id, nome_ordem } of before) restore.run(nome_ordem, id);
      }
    });

    test("a party with no rows, and a month with none: no rows, total 0", () => {
      expect(comparePages(t, { ordem: t.party.sortKey, mes: "2030-01" })).toBe(0);
      expect(comparePages(t, { ordem: "status", mes: "2030-01" })).toBe(0);
      expect(comparePages(t, { ordem: "valor", [t.party.idKey]: "999" })).toBe(0);
    });
  });
}
