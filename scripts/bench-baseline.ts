// The bench's baseline: a hand-written Bun.serve handler doing what GET /api/clients does
// (the same query, money as 2-decimal strings, pt-BR name order by the sort key, the same JSON
// text: scripts/bench-whole-lists.ts compares them), without framework or session.
import { Database } from "bun:sqlite";
import { centsToDecimal, type Cents } from "../src/lib/money";

const [path, port] = process.argv.slice(2);
const db = new Database(path!, { readonly: true });
const query = db.query(
  "select id, nome, cnpj, contato, telefone, email, url, valor_mensalidade, codigo_cliente, is_trial, nao_enviar_cobrancas, status_bloqueio, bloqueio_origem, created_at, updated_at from clients order by nome_ordem, id",
);
// GET /api/installments and /api/payables without parameters, written by hand: the API's row
// shape straight from SQL (due-date order), serialised with JSON.stringify.
const money = (c: string) => `printf('%d.%02d', ${c} / 100, ${c} % 100)`;
const paid = (c: string) => `CASE WHEN r.status = 'pago' AND ${c} IS NOT NULL THEN ${money(c)} END`;
const common = `r.numeros_parcela AS numerosParcela, r.descricao AS descricao, r.data_vencimento AS dataVencimento,
  ${money("r.valor")} AS valor,
  CASE WHEN r.status = 'pago' THEN 'pago' WHEN r.data_vencimento < $today THEN 'vencido' ELSE 'em_aberto' END AS status,
  CASE WHEN r.status = 'pago' THEN r.data_pagamento END AS dataPagamento, ${paid("r.valor_pago")} AS valorPago`;
const ledger: Record<string, ReturnType<typeof db.query>> = {
  "/installments": db.query(`SELECT r.id AS id, r.client_id AS clientId, p.nome AS clientName, ${common}, ${paid("r.multa")} AS multa, ${paid("r.juros")} AS juros
    FROM receivables r JOIN clients p ON p.id = r.client_id ORDER BY r.data_vencimento, r.id`),
  "/payables": db.query(`SELECT r.id AS id, r.supplier_id AS supplierId, p.nome AS supplierName, ${common}
    FROM payables r JOIN suppliers p ON p.id = r.supplier_id ORDER BY r.data_vencimento, r.id`),
};
const todayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(port),
  fetch(request) {
    const statement = ledger[new URL(request.url).pathname];
    if (statement) {
      const body = JSON.stringify(statement.all({ $today: todayFormat.format(new Date()) }));
      return new Response(body, { headers: { "content-type": "application/json" } });
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
