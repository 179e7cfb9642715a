// `bun scripts/bench-bulk.ts`: one bulk action over 5,000 receivables of 1,000 clients (issue 35
// §3), each action's one transaction timed in-process (the server runs it on its writer thread,
// src/http/writer.ts: this is how long the other writes wait for it), printed as JSON. A fresh database in a temp dir; three runs of each action, the median kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { clientBlockingRule } from "../src/api/installments/service";
import { RECEIVABLES } from "../src/api/installments/table";
import { chargeSelection } from "../src/api/dunning/charge-now";
import { emailSettingsSchema } from "../src/api/email/model";
import { saveEmailSettings } from "../src/api/email/service";
import { bulkSchema, runLedgerBulk } from "../src/api/ledger/bulk";
import { settingsSchema } from "../src/api/settings/model";
import { saveSettings } from "../src/api/settings/service";
import { pinClock } from "../src/lib/clock";

const dir = mkdtempSync(join(tmpdir(), "cofre-bench-bulk-"));
const db = openDatabase(join(dir, "app.db"));
pinClock("2026-03-15T10:00:00-03:00");
const now = "2026-03-15T13:00:00.000Z";
const client = db.$client.prepare(
  "INSERT INTO clients (nome, nome_ordem, busca, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, created_at, updated_at) VALUES (?, ?, ?, ?, 'Ana', '11987654321', 'a@b.com.br', 15000, ?, ?, ?) RETURNING id",
);
const receivable = db.$client.prepare("INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, created_at) VALUES (?, ?, 'Contrato', ?, 12345, ?) RETURNING id");

function seed(): number[] {
  const ids: number[] = [];
  db.$client.transaction(() => {
    const clients: number[] = [];
    for (let c = 0; c < 1_000; c++) {
      const name = `Cliente ${c} ${Math.random()}`;
      clients.push((client.get(name, name.toLowerCase(), name.toLowerCase(), String(c).padStart(14, "0"), `C-${c}-${Math.random()}`, now, now) as { id: number }).id);
    }
    for (let i = 0; i < 5_000; i++) ids.push((receivable.get(clients[i % 1_000]!, `${(i % 5) + 1}/5`, `2026-0${(i % 5) + 1}-10`, now) as { id: number }).id);
  })();
  return ids;
}

// Cobrar needs SMTP and the company's identity (CDC art. 42-A); nothing is sent here (no sender runs).
saveSettings(db, "sistema", settingsSchema.parse({ empresa: "Cofre Bench Ltda", cidade: "São Paulo", chavePix: "financeiro@cofre.com.br", cnpjEmpresa: "11.444.777/0001-61", enderecoEmpresa: "Rua A, 1, São Paulo/SP" }));
saveEmailSettings(db, "sistema", emailSettingsSchema.parse({ host: "127.0.0.1", porta: "2525", seguranca: "nenhuma", usuario: "", senha: "", remetenteNome: "Cofre", remetenteEmail: "cobranca@cofre.com.br", responderPara: "", aceitarAutoassinado: false }));

const times: Record<string, number[]> = { cobrarEmail: [], cobrarWhatsapp: [], baixarComJuros: [], prorrogar: [], excluir: [] };
for (let run = 0; run < 3; run++) {
  const ids = seed();
  for (const [name, body] of [
    // One message per client (1,000), each grouping its 5 installments with their PIX codes.
    ["cobrarEmail", { acao: "cobrar", canal: "email", ids }],
    ["cobrarWhatsapp", { acao: "cobrar", canal: "whatsapp", ids }],
    ["prorrogar", { acao: "prorrogar", ids, dias: 10 }],
    ["baixarComJuros", { acao: "baixar", ids: ids.slice(0, 4_999), comJuros: true }],
    ["excluir", { acao: "excluir", filtro: {} }],
  ] as const) {
    const input = bulkSchema.parse(body);
    const t0 = performance.now();
    runLedgerBulk(db, "sistema", RECEIVABLES, input, 5, clientBlockingRule, chargeSelection);
    times[name]!.push(performance.now() - t0);
  }
  db.$client.run("DELETE FROM outbox");
  db.$client.run("DELETE FROM receivables");
  db.$client.run("DELETE FROM clients");
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
console.log(JSON.stringify(Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(median(v))]))));
db.$client.close();
rmSync(dir, { recursive: true, force: true });
