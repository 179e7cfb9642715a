// The soak's yardstick: a hand-written Bun.serve + bun:sqlite server (no framework, no session)
// answering what the mix mostly asks for — a page of 50 receivables, as an HTML table, from the
// same database file — and, one request in five, inserting a partner. Its req/s under the same
// 50 clients, in the same run, says how fast this machine is at the moment: a slow or loaded
// machine shows here, not only as a low figure for Cofre.
import { Database } from "bun:sqlite";

const [path, port] = process.argv.slice(2);
const db = new Database(path!);
db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL");
const page = db.query<Record<string, string | number | null>, { $limit: number; $offset: number }>(
  `SELECT r.id, c.nome, r.numeros_parcela, r.descricao, r.data_vencimento, r.valor, r.status
   FROM receivables r JOIN clients c ON c.id = r.client_id ORDER BY r.data_vencimento, r.id LIMIT $limit OFFSET $offset`,
);
const insert = db.query("INSERT INTO partners (nome, empresa, email, telefone) VALUES (?, 'Régua Ltda', 'regua@cofre.test', '11912345678')");
const escape = (text: unknown) => String(text ?? "").replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `R$ ${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(port),
  reusePort: false,
  fetch(request) {
    const url = new URL(request.url);
    if (request.method === "POST") {
      insert.run(`Régua ${url.searchParams.get("n") ?? ""}`);
      return new Response(null, { status: 201 });
    }
    const n = Math.max(1, Number(url.searchParams.get("pagina") ?? 1));
    const rows = page.all({ $limit: 50, $offset: (n - 1) * 50 });
    const body = rows
      .map((r) => `<tr><td>${escape(r.nome)}</td><td>${escape(r.numeros_parcela)}</td><td>${escape(r.descricao)}</td><td>${escape(r.data_vencimento)}</td><td>${money(Number(r.valor))}</td><td>${escape(r.status)}</td></tr>`)
      .join("");
    return new Response(`<!doctype html><html lang="pt-BR"><title>Contas a receber</title><table><tbody>${body}</tbody></table></html>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  },
});
console.log(`yardstick on ${server.port}`);
