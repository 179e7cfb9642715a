// Bench rows for the client import and the bulk actions (issue 35 §1 and §3, issue 38 §3): the
// built binary on a fresh database, 5,000 clients previewed and imported through the API, then a
// bulk action over 5,000 receivables, each timed, with /healthz polled every 5 ms meanwhile (the
// longest answer is how long the event loop was held) and, during the import and the bulk
// action, a write of another request (a client created) timed beside them: it waits for the
// writer thread (src/http/writer.ts) without holding the loop. `bun run build` first; run alone:
// `bun scripts/bench-imports.ts`.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cnpjCheckDigits } from "../src/lib/brazil";
import { ms, printTable, requireBinary, signIn, startBinary, stopBinary, type Row } from "./bench-support";

const ADMIN = { email: "bench-import@cofre.test", password: "bench-senha-import" };

/** 5,000 clients, one in two starting its subscription. */
function importFile(n = 5_000): Uint8Array {
  const lines = ["Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade;Dia de vencimento;Início"];
  for (let i = 1; i <= n; i++) {
    const base = String(20_000_000 + i).padStart(8, "0") + "0001";
    lines.push(`Cliente ${i} Ltda;${base}${cnpjCheckDigits(base)};IMP-${i};Pessoa ${i};(11) 9${String(10_000_000 + i).slice(-8)};c${i}@exemplo.com.br;"1.${String(i % 1000).padStart(3, "0")},50";${i % 2 ? "10" : ""};`);
  }
  return new TextEncoder().encode("\uFEFF" + lines.join("\r\n") + "\r\n");
}

/** `work()` timed, with /healthz polled every 5 ms meanwhile: its value, its time and the longest /healthz answer. */
async function withHealthProbe<T>(base: string, work: () => Promise<T>): Promise<{ value: T; took: number; longest: number; probes: number }> {
  let working = true;
  const answers: number[] = [];
  const probe = (async () => {
    while (working) {
      const t0 = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      answers.push(performance.now() - t0);
      await Bun.sleep(5);
    }
  })();
  const t0 = performance.now();
  const value = await work();
  const took = performance.now() - t0;
  working = false;
  await probe;
  return { value, took, longest: Math.max(...answers), probes: answers.length };
}

/** POST a client after `delayMs` (the job under way by then): its status and how long it took. */
async function concurrentWrite(base: string, cookie: string, delayMs: number, n: number): Promise<{ status: number; took: number }> {
  await Bun.sleep(delayMs);
  const cnpjBase = String(30_000_000 + n).padStart(8, "0") + "0001";
  const t0 = performance.now();
  const response = await fetch(`${base}/api/clients`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: base },
    body: JSON.stringify({ nome: `Concorrente ${n}`, cnpj: cnpjBase + cnpjCheckDigits(cnpjBase), contato: "Ana", telefone: "(11) 98765-4321", email: "ana@exemplo.com.br", valorMensalidade: "10.00", codigoCliente: `CONC-${n}`, isTrial: false }),
  });
  await response.arrayBuffer();
  return { status: response.status, took: performance.now() - t0 };
}

async function post(base: string, cookie: string, path: string, body: FormData | object, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie, origin: base, ...(isForm ? {} : { "content-type": "application/json" }), ...headers },
    body: isForm ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export async function benchImports(row: Row): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cofre-bench-import-"));
  const database = join(dir, "app.db");
  const server = await startBinary({ database, cwd: dir, admin: ADMIN, stderr: "ignore" });
  try {
    const { base } = server;
    const cookie = await signIn(base, ADMIN);
    const file = importFile();
    const form = () => {
      const f = new FormData();
      f.append("arquivo", new File([file as Uint8Array<ArrayBuffer>], "clientes.csv", { type: "text/csv" }));
      return f;
    };

    // The machine's own yardstick: /healthz polled the same way for 2 s with nothing running (a
    // loaded machine deschedules the server for tens of ms whatever it does).
    const idle = await withHealthProbe(base, () => Bun.sleep(2_000));
    row(`yardstick: longest /healthz answer in 2 s with nothing running (${idle.probes} answers)`, ms(idle.longest), "");

    const preview = await withHealthProbe(base, () => post(base, cookie, "/api/clients/import", form()));
    if (preview.value.json.validas !== 5_000) throw new Error(`expected 5,000 valid rows, got ${JSON.stringify(preview.value.json).slice(0, 300)}`);
    row("client import, 5,000 rows: preview (read, check, nothing written) through the API", ms(preview.took), "≤ 2 s");
    row(`client import preview: longest /healthz answer meanwhile (polled every 5 ms, ${preview.probes} answers)`, ms(preview.longest), "≤ 25 ms");

    const writeDuring = concurrentWrite(base, cookie, 150, 1);
    const imported = await withHealthProbe(base, () => post(base, cookie, "/api/clients/import?confirmar=1", form()));
    if (imported.value.json.importados !== 5_000) throw new Error(`expected 5,000 imported, got ${JSON.stringify(imported.value.json).slice(0, 300)}`);
    const during = await writeDuring;
    row("client import, 5,000 rows (2,500 subscriptions started): import, one transaction on the writer thread", ms(imported.took), "≤ 2 s");
    row(`client import: longest /healthz answer meanwhile (polled every 5 ms, ${imported.probes} answers)`, ms(imported.longest), "≤ 25 ms");
    row("client import: a client created by another request meanwhile: status / time (waits for the import)", `${during.status} / ${ms(during.took)}`, "201");

    // 5,000 receivables of the imported clients, due in the coming weeks (none overdue: the
    // clients' blocking rule is not what is measured), written straight into the file (WAL: beside the server).
    const sqlite = new Database(database);
    sqlite.exec("PRAGMA busy_timeout = 5000");
    const due = (i: number) => new Date(Date.now() + (5 + (i % 5) * 5) * 86_400_000).toISOString().slice(0, 10);
    const ids = sqlite.transaction(() => {
      const clients = sqlite.query<{ id: number }, []>("SELECT id FROM clients ORDER BY id LIMIT 1000").all();
      const insert = sqlite.query<{ id: number }, [number, string, string]>(
        "INSERT INTO receivables (client_id, numeros_parcela, descricao, data_vencimento, valor, created_at) VALUES (?, ?, 'Contrato', ?, 12345, '2026-01-01T00:00:00.000Z') RETURNING id",
      );
      return Array.from({ length: 5_000 }, (_, i) => insert.get(clients[i % clients.length]!.id, `${(i % 5) + 1}/5`, due(i))!.id);
    })();
    sqlite.close();
    const bulkWrite = concurrentWrite(base, cookie, 150, 2);
    const bulk = await withHealthProbe(base, () => post(base, cookie, "/api/installments/bulk", { acao: "prorrogar", ids, dias: 10 }, { "idempotency-key": crypto.randomUUID() }));
    if (bulk.value.json.alteradas !== 5_000) throw new Error(`expected 5,000 re-dated, got ${JSON.stringify(bulk.value.json).slice(0, 300)}`);
    const bulkDuring = await bulkWrite;
    row("bulk action, prorrogar 5,000 receivables (not overdue) of 1,000 clients: one transaction on the writer thread", ms(bulk.took), "measured");
    row(`bulk action: longest /healthz answer meanwhile (polled every 5 ms, ${bulk.probes} answers)`, ms(bulk.longest), "≤ 25 ms");
    row("bulk action: a client created by another request meanwhile: status / time", `${bulkDuring.status} / ${ms(bulkDuring.took)}`, "201");
  } finally {
    await stopBinary(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  requireBinary();
  const rows: [string, string, string][] = [];
  await benchImports((what, value, budget = "") => rows.push([what, value, budget]));
  printTable(rows);
}
