// kill -9 under partial payments loses nothing (issue 34, Tests: "the soak"). A real `cofre serve`
// takes many concurrent partial payments (PATCH /api/installments/:id/pay, tipo "parcial", a few
// "desconto") and undos of a chosen payment on a handful of installments; it is killed with
// SIGKILL at a random moment, ten times, and restarted on the file it left. After each kill the
// file is read with this test's own SQL (not the code under test):
// - every payment that got a 200 is there exactly once (each payment's amount is unique in the
//   run, so it is found by it), unless an undo of it got a 200 — then it is gone; one cut off by
//   the kill is there at most once;
// - no installment's principal paid plus discount exceeds its face value;
// - each installment's denormalised fields (valor_pago, principal_pago, desconto, multa, juros,
//   data_pagamento, status) are the sums of its payments rows, and the API's saldo is the face
//   less them;
// - the history's "pay" and "undo_payment" events match the payments one to one;
// - one live receipt per payment, and a cancelled one for each payment undone.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cnpjCheckDigits } from "../lib/brazil";
import { today } from "../lib/clock";
import { addDays } from "../lib/dates";
import { databaseWithUser, startCofre, type ServedProcess } from "../../tests/serve";

const ADMIN = { email: "soak@cofre.test", password: "soak-senha-forte-2026" };
const KILLS = 10;
const WORKERS = 12;
const INSTALLMENTS = 3 * 8; // 8 clients × 3 installments

interface Server {
  served: ServedProcess;
  cookie: string;
}

async function start(databasePath: string, dir: string): Promise<Server> {
  const served = await startCofre({ DATABASE_PATH: databasePath, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, dir);
  const login = await fetch(`${served.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  return { served, cookie: login.headers.getSetCookie()[0]!.split(";")[0]! };
}

function call(server: Server, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(server.served.url + path, {
    method,
    headers: { "content-type": "application/json", cookie: server.cookie, origin: server.served.url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** What the test knows from the answers it got: payments by their unique amount (cents). */
interface Ledger {
  /** Pays answered 200: amount → installment. */
  acked: Map<number, number>;
  /** Pays sent and cut off (no answer): amount → installment. */
  unknown: Map<number, number>;
  /** Undos answered 200: the amounts whose payment they removed. */
  undone: Set<number>;
  /** Undos sent and cut off: their payment may be there or not. */
  undoCut: Set<number>;
  /** Answers no request here should get (checked at the end: an expect inside a worker would read as a cut). */
  unexpected: string[];
  counts: { pays: number; undos: number; refused: number; cut: number };
}

const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

test(
  `kill -9 ×${KILLS} under concurrent partial payments and undos: every acknowledged payment is there once, the sums and the history agree`,
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "cofre-partial-kill-"));
    const databasePath = await databaseWithUser(join(dir, "app.db"), ADMIN);
    const ledger: Ledger = { acked: new Map(), unknown: new Map(), undone: new Set(), undoCut: new Set(), unexpected: [], counts: { pays: 0, undos: 0, refused: 0, cut: 0 } };
    let nextAmount = 100; // R$ 1,00, R$ 1,01, …: each payment's amount is its identity in the file
    const installments: number[] = [];

    // Eight clients, three installments each of R$ 1.500,00, due ahead (no fees: each payment's
    // principal is its amount). Amounts grow by a cent a payment, so installments fill up and
    // later payments meet "more than the balance" and "already paid" refusals.
    {
      const server = await start(databasePath, dir);
      const due = addDays(today(), 40);
      for (let c = 0; c < 8; c++) {
        const base = `5566677700${String(c).padStart(2, "0")}`;
        const client = await call(server, "POST", "/api/clients", {
          nome: `Parcial ${c}`, cnpj: base + cnpjCheckDigits(base), contato: "Soak", telefone: "11987654321", email: `p${c}@soak.test`, valorMensalidade: "100.00", codigoCliente: `PARC-${c}`, isTrial: false,
        });
        expect(client.status).toBe(201);
        const clientId = ((await client.json()) as { id: number }).id;
        const generated = await call(server, "POST", "/api/installments/generate", { clientId, numParcelas: 3, valor: "4500.00", primeiroVencimento: due, descricao: "Soak parcial" });
        expect(generated.status).toBe(201);
        installments.push(...((await generated.json()) as { installments: { id: number }[] }).installments.map((r) => r.id));
      }
      server.served.proc.kill("SIGKILL");
      await server.served.proc.exited;
    }
    expect(installments).toHaveLength(INSTALLMENTS);
    const pick = () => installments[Math.floor(Math.random() * installments.length)]!;

    for (let round = 0; round < KILLS; round++) {
      const server = await start(databasePath, dir);
      let running = true;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (running) {
          const id = pick();
          try {
            if (Math.random() < 0.8) {
              const amount = nextAmount++;
              const tipo = Math.random() < 0.1 ? "desconto" : "parcial";
              ledger.unknown.set(amount, id);
              const response = await call(server, "PATCH", `/api/installments/${id}/pay`, { valorPago: money(amount), tipo });
              await response.arrayBuffer();
              ledger.unknown.delete(amount);
              if (response.status === 200) {
                ledger.acked.set(amount, id);
                ledger.counts.pays++;
              } else if (response.status === 409) {
                // Paid already, or more than the balance: refused, so not in the file.
                ledger.counts.refused++;
              } else ledger.unexpected.push(`pay ${id}: ${response.status}`);
            } else {
              const listed = await call(server, "GET", `/api/installments/${id}/payments`);
              const payments = (await listed.json()) as { id: number; valorPago: string }[];
              if (payments.length === 0) continue;
              const chosen = payments[Math.floor(Math.random() * payments.length)]!;
              const amount = Math.round(Number(chosen.valorPago) * 100);
              ledger.undoCut.add(amount);
              const response = await call(server, "POST", `/api/installments/${id}/undo-payment`, { pagamentoId: chosen.id });
              await response.arrayBuffer();
              ledger.undoCut.delete(amount);
              if (response.status === 200) {
                ledger.undone.add(amount);
                ledger.counts.undos++;
              } else if (response.status !== 404) ledger.unexpected.push(`undo ${id}: ${response.status}`); // 404: another worker undid it first
            }
          } catch {
            ledger.counts.cut++;
            return; // the process died mid-request: no answer
          }
        }
      });
      await Bun.sleep(300 + Math.floor(Math.random() * 900));
      server.served.proc.kill("SIGKILL");
      await server.served.proc.exited;
      running = false;
      await Promise.all(workers);
      expect(violations(databasePath, ledger)).toEqual([]);
      expect(ledger.unexpected).toEqual([]);
    }

    // Restarted once more: the API's saldo is the face less what the file's payments applied.
    const server = await start(databasePath, dir);
    try {
      const file = new Database(databasePath, { readonly: true });
      const applied = new Map(
        file
          .query<{ id: number; valor: number; applied: number }, []>(
            "SELECT r.id, r.valor, coalesce((SELECT sum(p.principal + p.desconto) FROM payments p WHERE p.receivable_id = r.id), 0) AS applied FROM receivables r",
          )
          .all()
          .map((r) => [r.id, r.valor - r.applied]),
      );
      file.close();
      const rows = (await (await call(server, "GET", "/api/installments?porPagina=100")).json()) as { id: number; saldo: string; status: string }[];
      expect(rows).toHaveLength(INSTALLMENTS);
      for (const row of rows) expect([row.id, Math.round(Number(row.saldo) * 100)]).toEqual([row.id, applied.get(row.id)!]);
      // Some of everything happened: payments, refusals at the balance, undos, requests cut by a kill.
      expect(ledger.counts.pays).toBeGreaterThan(50);
      expect(ledger.counts.undos).toBeGreaterThan(5);
      expect(ledger.counts.refused).toBeGreaterThan(0);
      // The check can fail: a payment written behind the ledger's back (no event, sums not kept) is seen.
      const file2 = new Database(databasePath);
      file2.run("INSERT INTO payments (receivable_id, data_pagamento, principal, valor_pago) VALUES (?, ?, 1, 1)", [installments[0]!, today()]);
      const seen = violations(databasePath, ledger);
      file2.run("DELETE FROM payments WHERE valor_pago = 1");
      file2.close();
      expect(seen.some((v) => v.startsWith("payment 0.01 in the file, never acknowledged"))).toBe(true);
      expect(seen.some((v) => v.startsWith(`installment ${installments[0]}: stored`))).toBe(true);
      expect(seen.some((v) => /^payment \d+: 0 pay event\(s\)/.test(v))).toBe(true);
      console.error(`  ${KILLS} kills: ${ledger.counts.pays} payments and ${ledger.counts.undos} undos acknowledged, ${ledger.counts.refused} refused, ${ledger.counts.cut} requests cut off`);
    } finally {
      server.served.proc.kill("SIGKILL");
      await server.served.proc.exited;
    }
  },
  60_000,
);

/** What the file a killed server left says against the answers, one line per violation. */
function violations(path: string, ledger: Ledger): string[] {
  const out: string[] = [];
  const db = new Database(path); // read-write: the WAL the dead server left is read in
  try {
    const integrity = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()!.integrity_check;
    if (integrity !== "ok") out.push(`integrity: ${integrity}`);
    const payments = db.query<{ id: number; receivableId: number; valorPago: number }, []>("SELECT id, receivable_id AS receivableId, valor_pago AS valorPago FROM payments").all();
    const byAmount = new Map<number, { id: number; receivableId: number }[]>();
    for (const p of payments) byAmount.set(p.valorPago, [...(byAmount.get(p.valorPago) ?? []), p]);
    // Acknowledged: there exactly once, on its installment — unless an acknowledged undo removed it.
    for (const [amount, id] of ledger.acked) {
      const found = byAmount.get(amount) ?? [];
      if (ledger.undone.has(amount)) {
        if (found.length !== 0) out.push(`payment ${money(amount)} undone (200) but still there ×${found.length}`);
      } else if (ledger.undoCut.has(amount)) {
        if (found.length > 1) out.push(`payment ${money(amount)} there ×${found.length}`);
      } else if (found.length !== 1 || found[0]!.receivableId !== id) out.push(`payment ${money(amount)} on ${id} acknowledged, found ×${found.length}`);
    }
    // Cut off by the kill: at most once. Anything else in the file is a payment nobody sent.
    for (const [amount] of byAmount) {
      const n = byAmount.get(amount)!.length;
      if (n > 1) out.push(`payment ${money(amount)} there ×${n}`);
      if (!ledger.acked.has(amount) && !ledger.unknown.has(amount) && !ledger.undone.has(amount)) out.push(`payment ${money(amount)} in the file, never acknowledged nor cut off`);
    }
    // Never more applied than the face; each row's fields are its payments' sums.
    const rows = db
      .query<
        { id: number; valor: number; status: string; valorPago: number | null; principalPago: number; desconto: number; multa: number | null; juros: number | null; dataPagamento: string | null; n: number; sValorPago: number | null; sPrincipal: number; sDesconto: number; sMulta: number | null; sJuros: number | null; sData: string | null },
        []
      >(
        `SELECT r.id, r.valor, r.status, r.valor_pago AS valorPago, r.principal_pago AS principalPago, r.desconto, r.multa, r.juros, r.data_pagamento AS dataPagamento,
           count(p.id) AS n, sum(p.valor_pago) AS sValorPago, coalesce(sum(p.principal), 0) AS sPrincipal, coalesce(sum(p.desconto), 0) AS sDesconto,
           sum(p.multa) AS sMulta, sum(p.juros) AS sJuros, max(p.data_pagamento) AS sData
         FROM receivables r LEFT JOIN payments p ON p.receivable_id = r.id GROUP BY r.id`,
      )
      .all();
    for (const r of rows) {
      if (r.sPrincipal + r.sDesconto > r.valor) out.push(`installment ${r.id}: ${r.sPrincipal + r.sDesconto} applied on a face of ${r.valor}`);
      const expected = { valorPago: r.sValorPago, principalPago: r.sPrincipal, desconto: r.sDesconto, multa: r.sMulta, juros: r.sJuros, dataPagamento: r.sData, status: r.n > 0 && r.sPrincipal + r.sDesconto >= r.valor ? "pago" : "em_aberto" };
      const stored = { valorPago: r.valorPago, principalPago: r.principalPago, desconto: r.desconto, multa: r.multa, juros: r.juros, dataPagamento: r.dataPagamento, status: r.status };
      if (JSON.stringify(stored) !== JSON.stringify(expected)) out.push(`installment ${r.id}: stored ${JSON.stringify(stored)}, its payments make ${JSON.stringify(expected)}`);
    }
    // History: one "pay" event per payment ever made, one "undo_payment" per payment removed.
    const events = db
      .query<{ action: string; entityId: number; payment: number | null }, []>(
        "SELECT action, entity_id AS entityId, json_extract(details, '$.pagamento.id') AS payment FROM history_events WHERE entity = 'installment' AND action IN ('pay', 'undo_payment')",
      )
      .all();
    const live = new Set(payments.map((p) => p.id));
    const paysOf = new Map<number, number>();
    const undosOf = new Map<number, number>();
    for (const e of events) {
      if (e.payment === null) out.push(`event ${e.action} on ${e.entityId} without its payment's id`);
      else (e.action === "pay" ? paysOf : undosOf).set(e.payment, ((e.action === "pay" ? paysOf : undosOf).get(e.payment) ?? 0) + 1);
    }
    for (const p of payments) if (paysOf.get(p.id) !== 1 || undosOf.has(p.id)) out.push(`payment ${p.id}: ${paysOf.get(p.id) ?? 0} pay event(s), ${undosOf.get(p.id) ?? 0} undo event(s)`);
    for (const [payment, n] of paysOf) if (!live.has(payment) && (n !== 1 || undosOf.get(payment) !== 1)) out.push(`payment ${payment} gone: ${n} pay event(s), ${undosOf.get(payment) ?? 0} undo event(s)`);
    for (const [payment] of undosOf) if (!paysOf.has(payment)) out.push(`undo of payment ${payment} that no pay event made`);
    // Receipts: one live per payment, a cancelled one for each payment gone.
    const receipts = db.query<{ paymentId: number | null; live: number }, []>("SELECT payment_id AS paymentId, cancelado_em IS NULL AS live FROM recibos").all();
    const liveReceipts = new Map<number, number>();
    for (const r of receipts) {
      if (r.paymentId === null) out.push("a receipt without its payment");
      else if (r.live) liveReceipts.set(r.paymentId, (liveReceipts.get(r.paymentId) ?? 0) + 1);
      else if (live.has(r.paymentId)) out.push(`receipt of payment ${r.paymentId} cancelled, the payment still there`);
    }
    for (const p of payments) if (liveReceipts.get(p.id) !== 1) out.push(`payment ${p.id}: ${liveReceipts.get(p.id) ?? 0} live receipts`);
    for (const [payment] of liveReceipts) if (!live.has(payment)) out.push(`live receipt of payment ${payment}, which is gone`);
    const cancelled = receipts.filter((r) => !r.live).length;
    if (cancelled !== [...paysOf.keys()].filter((p) => !live.has(p)).length) out.push(`${cancelled} cancelled receipts for ${[...paysOf.keys()].filter((p) => !live.has(p)).length} payments gone`);
  } finally {
    db.close();
  }
  return out;
}
