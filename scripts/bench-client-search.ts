// Issue 38 §4: the clients' and subscriptions' text search at 50,000 clients, in-process, median
// of 15 (each a page of 50, its count included), on a fresh migrated file of 50,000 clients
// ("Padaria Joaquim Silva 123 Ltda", contact, code and e-mail), each with a subscription. Beside
// each, in the same run, the clients' search as it was before clients_fts (docs/decisions.md):
// the LIKE count plus the LIKE page along the name index — the yardstick of what the index saves.
//
//   bun scripts/bench-client-search.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../db/client";
import { registerSearchColumns } from "../db/search-columns";
import { findClients, parseClientQuery } from "../src/api/clients/service";
import { findSubscriptions, parseSubscriptionQuery } from "../src/api/subscriptions/service";
import { fold, likeContains } from "../src/lib/text";
import { ms, printRow, type Row, TABLE_HEAD, timed } from "./bench-support";

const CLIENTS = 50_000;
const FIRST = ["Padaria", "Ótica", "Mercado", "Farmácia", "Oficina", "Clínica", "Escola", "Academia", "Pet Shop", "Restaurante", "Construtora", "Transportes"];
const NAMES = ["Silva", "Souza", "Joaquim", "Oliveira", "Santos", "Pereira", "Lima", "Costa", "Ribeiro", "Almeida", "Nascimento", "Araújo"];

/** 50,000 clients, as an import writes them (their search columns beside; the triggers index them), each subscribed. */
function fill(db: Db): void {
  const insert = db.$client.prepare(
    "INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio, nome_ordem, busca) VALUES (?, ?, ?, '11987654321', ?, ?, ?, 0, 0, ?, ?)",
  );
  db.$client.transaction(() => {
    for (let i = 0; i < CLIENTS; i++) {
      const nome = `${FIRST[i % 12]} ${NAMES[(i * 7) % 12]} ${NAMES[(i * 5 + 3) % 12]} ${i} Ltda`;
      const row = { nome, contato: `Contato ${NAMES[i % 12]} ${i}`, codigoCliente: `C50K-${i}`, email: `c50k${i}@empresa${i % 97}.com.br` };
      const columns = registerSearchColumns("clients", row);
      insert.run(nome, String(20_000_000_000_000 + i), row.contato, row.email, 9900 + (i % 500), row.codigoCliente, columns.nomeOrdem, columns.busca);
    }
    db.$client.run(`INSERT INTO subscriptions (client_id, status, dia_vencimento, inicio, proxima_competencia, iniciada_em)
      SELECT id, 'ativa', 1 + id % 28, '2026-01', '2027-01', '2026-01-01' FROM clients`);
  })();
}

export function benchClientSearch(row: Row): void {
  const dir = mkdtempSync(join(tmpdir(), "cofre-client-search-"));
  const db = openDatabase(join(dir, "app.db"));
  try {
    fill(db);
    // The clients' search before clients_fts: count every text, then walk the name index reading texts.
    const likeCount = db.$client.prepare("SELECT count(*) AS n FROM clients WHERE busca LIKE ? ESCAPE '\\'");
    const likePage = db.$client.prepare("SELECT id FROM clients WHERE busca LIKE ? ESCAPE '\\' ORDER BY nome_ordem, id LIMIT 50 OFFSET ?");
    const before = (q: string, offset: number) => timed(() => (likeCount.get(likeContains(fold(q))), likePage.all(likeContains(fold(q)), offset)));
    for (const [label, q, pagina] of [
      ["a name 11 clients hold", "c50k4999", 1],
      ["a text no client holds", "nada assim", 1],
      ["a word in 8% of the names", "otica", 1],
      ["a word in every name, page 1", "ltda", 1],
      ["a word in every name, the middle page", "ltda", 500],
    ] as const) {
      const clients = timed(() => findClients(db, parseClientQuery({ q, pagina: String(pagina), porPagina: "50" }), 0));
      const subscriptions = timed(() => findSubscriptions(db, parseSubscriptionQuery({ q, pagina: String(pagina), porPagina: "50" })));
      row(
        `?q=${q} (${label}) at ${CLIENTS.toLocaleString("en")} clients, in-process: clients / subscriptions (the clients' LIKE before clients_fts, same run)`,
        `${ms(clients, 2)} / ${ms(subscriptions, 2)} (${ms(before(q, (pagina - 1) * 50), 2)})`,
        "≤ 25 ms",
      );
    }
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(TABLE_HEAD);
  benchClientSearch(printRow);
}
