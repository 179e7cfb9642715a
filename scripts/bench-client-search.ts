// Issue 38 §4: the clients' and subscriptions' text search at 50,000 clients, in-process, median
// of 15 (each a page of 50, its count included), on a fresh migrated file of 50,000 clients
// ("Padaria Joaquim Silva 123 Ltda", contact, code and e-mail), each with a subscription. Beside
// each, in the same run, the clients' search as it was before clients_fts (docs/decisions.md):
// the LIKE count plus the LIKE page along the name index — the yardstick of what the index saves.
// The subscriptions' list and API read their page a turn of the loop apart (findSubscriptionsInTurns):
// beside their time in one go, the loop's longest hold while the list reads it that way.
//
//   bun scripts/bench-client-search.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../db/client";
import { registerSearchColumns } from "../db/search-columns";
import { findClients, parseClientQuery } from "../src/api/clients/service";
import { findSubscriptions, findSubscriptionsInTurns, parseSubscriptionQuery } from "../src/api/subscriptions/service";
import { fold, likeContains } from "../src/lib/text";
import { median, ms, printRow, type Row, TABLE_HEAD, timed } from "./bench-support";

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

/** The longest gap between two turns of the event loop while `read` runs (median of 15, after 3). */
async function longestHold(read: () => Promise<unknown>): Promise<number> {
  const holds: number[] = [];
  for (let i = 0; i < 18; i++) {
    // The fair turns' hand-out (src/http/turns.ts) may have a call queued from the read before:
    // once it has run, this watch's turns and the read's alternate.
    await new Promise((resolve) => setImmediate(resolve));
    let last = performance.now();
    let longest = 0;
    let reading = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    await read();
    reading = false;
    if (i >= 3) holds.push(Math.max(longest, performance.now() - last));
  }
  return median(holds);
}

export async function benchClientSearch(row: Row): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-client-search-"));
  const path = join(dir, "app.db");
  const db = openDatabase(path);
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
      const view = parseSubscriptionQuery({ q, pagina: String(pagina), porPagina: "50" });
      const subscriptions = timed(() => findSubscriptions(db, view));
      const held = await longestHold(() => findSubscriptionsInTurns(path, view));
      row(
        `?q=${q} (${label}) at ${CLIENTS.toLocaleString("en")} clients, in-process: clients / subscriptions in one go / the loop's longest hold as the list reads it (the clients' LIKE before clients_fts, same run)`,
        `${ms(clients, 2)} / ${ms(subscriptions, 2)} / ${ms(held, 2)} (${ms(before(q, (pagina - 1) * 50), 2)})`,
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
  await benchClientSearch(printRow);
}
