// The régua's decisions for a day (DECISIONS §11). A run reads, once, the unpaid installments
// whose due date makes some step fall on the day (or catch up), then goes client by client, a few
// clients per slice, each slice one immediate transaction:
// - one message per client, channel and day, grouping every installment that reached a step;
//   a client who already got the régua's message on that channel today waits for tomorrow (its
//   steps catch up, src/api/dunning/schedule.ts);
// - never for an installment paid, deleted or re-dated since the plan was read (re-read inside
//   the slice's transaction), never twice for an (installment, step): `mensagem_parcelas`' unique
//   index is the key, written in the same transaction as the message and its outbox row;
// - a client who opted out, or has no e-mail (no phone, for WhatsApp), gets a `pulada` message
//   with why — and the keys, so the log says it once.
import { eq } from "drizzle-orm";
import { graceDays as graceDaysInForce } from "../company-rules";
import type { Db } from "../../../db/client";
import { messageInstallments, messages, outbox } from "../../../db/schema";
import { conflict } from "../../http/errors";
import { turn } from "../../http/turns";
import { isValidPhone } from "../../lib/brazil";
import { nowISO } from "../../lib/clock";
import { addDays } from "../../lib/dates";
import type { DailyJob } from "../daily-jobs";
import { enqueue, type Transport } from "../outbox/outbox";
import { sql } from "../prepared";
import { getSettings } from "../settings/service";
import type { SettingsJson } from "../settings/model";
import { CHARGE_COLUMNS, chargedInstallments, composeFor, storedParcelas, type ChargeRow } from "./compose";
import type { Channel, DunningSettings } from "./model";
import { blockWarningReached, calendarFor, LOOK_AHEAD_DAYS, LOOK_BACK_DAYS, reachedStep, scheduledSteps, type ScheduledStep } from "./schedule";
import { inWindow, readDunning, windowOpening } from "./settings";

export const SKIP_OPTED_OUT = "Cliente marcado para não receber cobranças automáticas";
export const SKIP_NO_EMAIL = "Cliente sem e-mail";
export const SKIP_NO_PHONE = "Cliente sem celular válido para o WhatsApp";

/** One (installment, step) the plan found due. */
interface Pair {
  clientId: number;
  receivableId: number;
  dueDate: string;
  step: ScheduledStep & { block: boolean };
}

const CANDIDATES = sql<{ id: number; clientId: number; dataVencimento: string }, { from: string; to: string }>(
  `SELECT id, client_id AS clientId, data_vencimento AS dataVencimento FROM receivables
   WHERE status = 'em_aberto' AND data_vencimento BETWEEN $from AND $to`,
);
const KEYS_OF = sql<{ receivableId: number; etapa: string }, { ids: string }>(
  `SELECT receivable_id AS receivableId, etapa FROM mensagem_parcelas
   WHERE etapa IS NOT NULL AND receivable_id IN (SELECT value FROM json_each($ids))`,
);
const CLIENT = sql<{ nome: string; contato: string; email: string; telefone: string; naoEnviar: number; bloqueado: number }, { id: number }>(
  `SELECT nome, contato, email, telefone, nao_enviar_cobrancas AS naoEnviar, status_bloqueio AS bloqueado FROM clients WHERE id = $id`,
);
const INSTALLMENTS = sql<ChargeRow & { status: string }, { ids: string }>(
  `SELECT ${CHARGE_COLUMNS}, r.status AS status FROM receivables r WHERE r.id IN (SELECT value FROM json_each($ids))`,
);
const SENT_TODAY = sql<{ n: number }, { clientId: number; day: string; canal: string }>(
  `SELECT count(*) AS n FROM mensagens WHERE client_id = $clientId AND data = $day AND origem = 'regua' AND canal = $canal AND status <> 'pulada'`,
);

export interface RunCounts {
  enfileiradas: number;
  whatsapp: number;
  puladas: number;
}

export interface DunningRun {
  day: string;
  counts: RunCounts;
  /** Clients with pairs, in order, and where the slices are. */
  clients: number[];
  pairs: Map<number, Pair[]>;
  next: number;
  settings: DunningSettings;
  graceDays: number;
}

/** The day's plan: every (installment, step) due on `day` and not yet decided, by client. */
export function planRun(db: Db, day: string, settings: DunningSettings, graceDays: number): DunningRun {
  const calendar = calendarFor(day);
  const steps = scheduledSteps(settings);
  const warning = settings.avisoBloqueio;
  const pairs = new Map<number, Pair[]>();
  const found: Pair[] = [];
  for (const row of CANDIDATES.all(db, { from: addDays(day, -LOOK_BACK_DAYS + 10), to: addDays(day, LOOK_AHEAD_DAYS - 10) })) {
    const reached = reachedStep(calendar, steps, row.dataVencimento, day);
    if (reached) found.push({ receivableId: row.id, dueDate: row.dataVencimento, step: { ...reached.step, block: false }, clientId: row.clientId });
    if (warning.ativo) {
      const w = blockWarningReached(calendar, row.dataVencimento, graceDays, warning.diasAntes, day);
      if (w) found.push({ receivableId: row.id, dueDate: row.dataVencimento, step: { ...warning, key: w.key, label: w.label, dias: Number.MAX_SAFE_INTEGER, block: true }, clientId: row.clientId });
    }
  }
  // Drop what an earlier run decided: the slices check again, this keeps the plan small.
  const done = new Set<string>();
  for (let i = 0; i < found.length; i += 500) {
    const ids = JSON.stringify([...new Set(found.slice(i, i + 500).map((p) => p.receivableId))]);
    for (const k of KEYS_OF.all(db, { ids })) done.add(`${k.receivableId}:${k.etapa}`);
  }
  for (const pair of found) {
    if (done.has(`${pair.receivableId}:${pair.step.key}`)) continue;
    let list = pairs.get(pair.clientId);
    if (!list) pairs.set(pair.clientId, (list = []));
    list.push(pair);
  }
  return { day, counts: { enfileiradas: 0, whatsapp: 0, puladas: 0 }, clients: [...pairs.keys()].sort((a, b) => a - b), pairs, next: 0, settings, graceDays };
}

/** Clients a slice takes at most, and the time it stops at (well under the 25 ms a slice may hold the loop). */
const CLIENTS_PER_SLICE = 40;
const SLICE_MS = 8;

/** One slice of a run, inside the caller's immediate transaction. Answers whether clients remain. */
export function runSlice(db: Db, run: DunningRun): boolean {
  const started = performance.now();
  const company = getSettings(db);
  const sendAt = windowOpening(run.settings);
  let taken = 0;
  while (run.next < run.clients.length && taken < CLIENTS_PER_SLICE && (taken === 0 || performance.now() - started < SLICE_MS)) {
    const clientId = run.clients[run.next++]!;
    decideClient(db, run, clientId, run.pairs.get(clientId)!, company, sendAt);
    taken++;
  }
  return run.next < run.clients.length;
}

function decideClient(db: Db, run: DunningRun, clientId: number, planned: Pair[], company: SettingsJson, sendAt: string): void {
  const client = CLIENT.get(db, { id: clientId });
  if (!client) return;
  const ids = JSON.stringify([...new Set(planned.map((p) => p.receivableId))]);
  const rows = new Map(INSTALLMENTS.all(db, { ids }).map((r) => [r.id, r]));
  const decided = new Set(KEYS_OF.all(db, { ids }).map((k) => `${k.receivableId}:${k.etapa}`));
  const pairs = planned.filter((p) => {
    const row = rows.get(p.receivableId);
    // Paid, deleted or re-dated since the plan: not for this step.
    if (!row || row.status !== "em_aberto" || row.dataVencimento !== p.dueDate) return false;
    if (p.step.block && client.bloqueado === 1) return false;
    return !decided.has(`${p.receivableId}:${p.step.key}`);
  });
  for (const canal of ["email", "whatsapp"] as const) {
    const group = pairs.filter((p) => p.step.canal === canal);
    if (group.length === 0) continue;
    // One message per client, channel and day: the later installments catch up tomorrow.
    if (SENT_TODAY.get(db, { clientId, day: run.day, canal })!.n > 0) continue;
    decideMessage(db, run, clientId, client, canal, group, rows, company, sendAt);
  }
}

function decideMessage(
  db: Db,
  run: DunningRun,
  clientId: number,
  client: NonNullable<ReturnType<typeof CLIENT.get>>,
  canal: Channel,
  group: Pair[],
  rows: Map<number, NonNullable<ReturnType<typeof INSTALLMENTS.get>>>,
  company: SettingsJson,
  sendAt: string,
): void {
  const email = client.email.trim();
  const reason =
    client.naoEnviar === 1 ? SKIP_OPTED_OUT : canal === "email" && !email.includes("@") ? SKIP_NO_EMAIL : canal === "whatsapp" && !isValidPhone(client.telefone) ? SKIP_NO_PHONE : null;
  // The most advanced step speaks for the message (the block warning above all).
  const lead = group.reduce((a, b) => (b.step.dias > a.step.dias ? b : a));
  const parcelas = chargedInstallments(
    db,
    company,
    [...new Set(group.map((p) => p.receivableId))].map((id) => rows.get(id)!),
    run.day,
  );
  const filled = composeFor(db, lead.step, { id: clientId, nome: client.nome, contato: client.contato }, parcelas, company);
  const etapa = [...new Set(group.map((p) => p.step.label))].join(", ");
  const now = nowISO();
  const message = db
    .insert(messages)
    .values({
      data: run.day,
      clientId,
      canal,
      origem: "regua",
      etapa,
      status: reason ? "pulada" : canal === "email" ? "fila" : "pendente",
      motivo: reason,
      destino: canal === "email" ? email || null : client.telefone || null,
      assunto: canal === "email" ? filled.assunto : null,
      texto: filled.texto,
      parcelas: storedParcelas(parcelas),
      createdAt: now,
    })
    .returning({ id: messages.id })
    .get();
  // The exactly-once key: a second decision of any (installment, step) fails the unique index
  // and rolls the whole slice back.
  db.insert(messageInstallments)
    .values(group.map((p) => ({ messageId: message.id, receivableId: p.receivableId, etapa: p.step.key, data: run.day })))
    .run();
  if (reason) {
    run.counts.puladas++;
    return;
  }
  if (canal === "whatsapp") {
    run.counts.whatsapp++;
    return;
  }
  const queued = enqueue(db, {
    kind: "email",
    key: `regua:${message.id}`,
    payload: { to: email, toName: client.nome, subject: filled.assunto, text: filled.texto, mensagemId: message.id },
  });
  // Outside the sending window the message waits for its opening.
  db.update(outbox).set({ proximaTentativa: sendAt }).where(eq(outbox.id, queued.id)).run();
  db.update(messages).set({ outboxId: queued.id }).where(eq(messages.id, message.id)).run();
  run.counts.enfileiradas++;
}

/**
 * The daily job (after subscriptions and blocking, src/index.ts): waits, minute after minute,
 * for the régua to be on and the sending window to open, then decides the day a slice at a time.
 */
export function dunningJob(graceDays: number): DailyJob {
  let current: DunningRun | null = null;
  return {
    name: "Régua de cobrança",
    ready(db) {
      const settings = readDunning(db);
      return settings.ativa && inWindow(settings);
    },
    run(db, day) {
      if (!current || current.day !== day) {
        const settings = readDunning(db);
        if (!settings.ativa) return "régua desligada";
        current = planRun(db, day, settings, graceDaysInForce(db, graceDays));
      }
      try {
        if (runSlice(db, current)) return { more: true };
      } catch (error) {
        current = null; // the slice rolled back: the next try plans again (the keys skip what was decided)
        throw error;
      }
      const { enfileiradas, whatsapp, puladas } = current.counts;
      current = null;
      return `${enfileiradas} e-mail(s) na fila, ${whatsapp} WhatsApp para enviar, ${puladas} pulada(s)`;
    },
  };
}

export const DUNNING_OFF = "A régua de cobrança está desligada: ligue-a antes de executar";

/**
 * POST /api/dunning/run: the day's decisions now, a slice per immediate transaction and a turn
 * of the event loop between two (requests are not held up). Twenty runs at once decide each
 * (installment, step) once: each slice re-checks the keys under the write lock.
 */
export async function runDunningNow(db: Db, day: string, graceDays: number): Promise<RunCounts> {
  const settings = readDunning(db);
  if (!settings.ativa) throw conflict(DUNNING_OFF);
  const run = planRun(db, day, settings, graceDays);
  for (;;) {
    const more = db.transaction(() => runSlice(db, run), { behavior: "immediate" });
    if (!more) return run.counts;
    await turn();
  }
}

export const CANCELLED_PAID = "Não enviada: as parcelas foram pagas, excluídas ou tiveram o vencimento alterado antes do envio";

const STILL_DUE = sql<{ n: number }, { id: number }>(
  `SELECT count(*) AS n FROM mensagem_parcelas mp JOIN receivables r ON r.id = mp.receivable_id
   WHERE mp.mensagem_id = $id AND r.status = 'em_aberto'
     AND r.data_vencimento = (SELECT json_extract(p.value, '$.vencimento') FROM mensagens m, json_each(m.parcelas) p
                              WHERE m.id = $id AND json_extract(p.value, '$.id') = r.id)`,
);

/**
 * The outbox's e-mail transport for the régua's messages: a message decided outside the window
 * waits for it, and a person may pay meanwhile. Just before sending, one whose installments are
 * all paid, deleted or re-dated is not sent (`falhou`, saying so); other e-mail goes straight on.
 */
export function dunningAwareTransport(db: Db, inner: Transport): Transport {
  return {
    send(payload) {
      const id = (payload as { mensagemId?: unknown }).mensagemId;
      if (typeof id === "number" && STILL_DUE.get(db, { id })!.n === 0) return Promise.resolve({ ok: false, error: CANCELLED_PAID, retryable: false });
      return inner.send(payload);
    },
  };
}
