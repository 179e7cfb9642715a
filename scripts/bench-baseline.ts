// The bench's baseline: a hand-written Bun.serve handler doing what GET /api/clients does
// (the same query, money as 2-decimal strings, pt-BR name order by the sort key, the same JSON
// text: scripts/bench-whole-lists.ts compares them), without framework or session.
import { Database } from "bun:sqlite";
import { PAGE_CACHE_KB } from "../db/client";
import { centsToDecimal, type Cents } from "../src/lib/money";
import { NO_LIMIT, parseLedgerQuery, viewSql } from "../src/api/ledger/list";
import type { LedgerTable } from "../src/api/ledger/table";
import { RECEIVABLES } from "../src/api/installments/table";
import { PAYABLES } from "../src/api/payables/table";

const [path, port] = process.argv.slice(2);
const db = new Database(path!, { readonly: true });
const query = db.query(
  "select id, nome, cnpj, contato, telefone, email, url, valor_mensalidade, codigo_cliente, is_trial, nao_enviar_cobrancas, status_bloqueio, bloqueio_origem, created_at, updated_at from clients order by nome_ordem, id",
);
// GET /api/installments and /api/payables without parameters: the API's own SELECT (its row
// shape straight from SQL, due-date order; src/api/ledger/list.ts viewSql), all rows at once,
// the 0/1 `assinatura` turned into a boolean, serialised with JSON.stringify. An older hand-written
// SELECT here lacked half the API's columns (categories, saldo, last charge): 13 of 23 MB.
const strictDb = new Database(path!, { readonly: true, strict: true });
// The page cache Cofre's readers have (db/client.ts openReader): the ratio is of the work, not of the cache.
for (const connection of [db, strictDb]) connection.exec(`PRAGMA cache_size = -${PAGE_CACHE_KB}`);
const ledger: Record<string, LedgerTable> = { "/installments": RECEIVABLES, "/payables": PAYABLES };
const views = new Map(Object.values(ledger).map((t) => [t, parseLedgerQuery(t, {})]));

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(port),
  fetch(request) {
    const t = ledger[new URL(request.url).pathname];
    if (t) {
      const { sql, params } = viewSql(t, views.get(t)!, NO_LIMIT);
      const rows = strictDb.query<Record<string, unknown>, typeof params>(sql).all(params);
      if (t.recurring) for (const row of rows) row.assinatura = row.assinatura === 1;
      return new Response(JSON.stringify(rows), { headers: { "content-type": "application/json" } });
    }
    const rows = (query.all() as Record<string, unknown>[]).map((r) => ({
      id: r.id,
      nome: r.nome,
      cnpj: r.cnpj,
      contato: r.contato,
      telefone: r.telefone,
      email: r.email,
      url: r.url,
      valorMensalidade: centsToDecimal(r.valor_mensalidade as Cents),
      codigoCliente: r.codigo_cliente,
      isTrial: r.is_trial === 1,
      naoEnviarCobrancas: r.nao_enviar_cobrancas === 1,
      statusBloqueio: r.status_bloqueio,
      bloqueioOrigem: r.bloqueio_origem,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
    return Response.json(rows);
  },
});
console.log(`baseline on ${server.port}`);
