// The bench's baseline: a hand-written Bun.serve handler doing what GET /api/clients does
// (the same query, money as 2-decimal strings, pt-BR name order by the sort key), without
// framework or session.
import { Database } from "bun:sqlite";
import { centsToDecimal, type Cents } from "../src/lib/money";

const [path, port] = process.argv.slice(2);
const db = new Database(path!, { readonly: true });
const query = db.query(
  "select id, nome, cnpj, contato, telefone, email, url, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio, bloqueio_origem, created_at, updated_at from clients order by nome_ordem, id",
);
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(port),
  fetch() {
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
      statusBloqueio: r.status_bloqueio,
      bloqueioOrigem: r.bloqueio_origem,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
    return Response.json(rows);
  },
});
console.log(`baseline on ${server.port}`);
