// "Cobrar" over a selection of Contas a Receber (issue 35 §3, DECISIONS §7, §11, §14): one
// message per client grouping the selected open installments, each at its amount as of today
// with its PIX code, in the words of the régua's step where the installment stands
// (compose.ts, the régua's own composition), with the client's page link and the CDC footer.
// - e-mail: queued in the outbox in the action's transaction (sent now, not in the régua's
//   window: a person asked), the message linked to its row, as the régua's are;
// - WhatsApp: the message waits in the régua's worklist (/dunning/whatsapp), where a person opens
//   it in their WhatsApp and marks it sent.
// Paid rows, clients without an e-mail (a valid mobile for WhatsApp) and clients who opted out
// are left as they were, said why. Each charged installment gets its history event ("charge").
// Runs inside runLedgerBulk's immediate transaction (src/api/ledger/bulk.ts), which reads the
// selection and holds the Idempotency-Key.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { messageInstallments, messages } from "../../../db/schema";
import { conflict } from "../../http/errors";
import { isValidPhone } from "../../lib/brazil";
import { nowISO, today } from "../../lib/clock";
import { installmentName } from "../../lib/installments";
import { centsToDecimal } from "../../lib/money";
import { recordEvent, SYSTEM, type Actor } from "../history/record";
import type { BulkAnswer, BulkChargeChannel } from "../ledger/bulk-model";
import { enqueue } from "../outbox/outbox";
import { sql } from "../prepared";
import { getSettings } from "../settings/service";
import { CHARGE_COLUMNS, chargedInstallments, composeFor, storedParcelas, type ChargeRow } from "./compose";
import { DEFAULT_DUNNING } from "./model";
import { calendarFor, scheduledSteps, stepInForce } from "./schedule";
import { list, missingToCharge, readDunning } from "./settings";

interface Selected extends ChargeRow {
  status: string;
  competencia: string | null;
  clientId: number;
  nome: string;
  contato: string;
  email: string;
  telefone: string;
  naoEnviar: number;
}

const SELECTED = sql<Selected, { ids: string }>(
  `SELECT ${CHARGE_COLUMNS}, r.status AS status, r.competencia AS competencia, r.client_id AS clientId,
     c.nome AS nome, c.contato AS contato, c.email AS email, c.telefone AS telefone, c.nao_enviar_cobrancas AS naoEnviar
   FROM json_each($ids) k CROSS JOIN receivables r ON r.id = k.value JOIN clients c ON c.id = r.client_id
   ORDER BY c.nome_ordem, c.id, r.data_vencimento, r.id`,
);

/** Why rows were left as they were: singular and plural; `clientes`: counted by client, not by row. */
const REASONS = {
  pago: { words: ["já estava paga", "já estavam pagas"], clientes: false },
  naoEnviar: { words: ["cliente marcado para não receber cobranças", "clientes marcados para não receber cobranças"], clientes: true },
  semEmail: { words: ["cliente sem e-mail", "clientes sem e-mail"], clientes: true },
  semCelular: { words: ["cliente sem celular válido para o WhatsApp", "clientes sem celular válido para o WhatsApp"], clientes: true },
} as const;
type Reason = keyof typeof REASONS;
const ORDER = Object.keys(REASONS) as Reason[];

/** When the e-mail cannot go out or a message could not say who charges (CDC art. 42-A): a 409 naming what is missing. */
function refuseUnlessReady(db: Db, canal: BulkChargeChannel): void {
  const missing = missingToCharge(db, canal === "email");
  if (missing.length === 0) return;
  const how = canal === "email" ? "por e-mail" : "pelo WhatsApp";
  throw conflict(`Para cobrar ${how}, configure antes ${list(missing)} em Configurações (CDC art. 42-A: toda cobrança identifica o fornecedor).`);
}

/** An e-mail step without a subject of its own (a WhatsApp step's text used by e-mail). */
const FALLBACK_SUBJECT = "Cobrança de {cliente}: {valor}";

/**
 * The bulk Cobrar (a `BulkCharge`): `ids` are the selected rows found, `kept` what the selection
 * already left out (not found). Every message, outbox row, key and history event of the action
 * commits in the caller's transaction, or none.
 */
export function chargeSelection(db: Db, actor: Actor, ids: number[], canal: BulkChargeChannel, kept: BulkAnswer["mantidas"]): BulkAnswer {
  refuseUnlessReady(db, canal);
  const day = today();
  const company = getSettings(db);
  const steps = scheduledSteps(readDunning(db));
  const calendar = calendarFor(day);
  const left = new Map<Reason, { ids: number[]; clientes: Set<number> }>();
  const leave = (reason: Reason, row: Selected) => {
    let entry = left.get(reason);
    if (!entry) left.set(reason, (entry = { ids: [], clientes: new Set() }));
    entry.ids.push(row.id);
    entry.clientes.add(row.clientId);
  };

  // The open rows by client, in the order of the clients' names.
  const byClient = new Map<number, Selected[]>();
  for (const row of SELECTED.all(db, { ids: JSON.stringify(ids) })) {
    if (row.status === "pago") {
      leave("pago", row);
      continue;
    }
    let group = byClient.get(row.clientId);
    if (!group) byClient.set(row.clientId, (group = []));
    group.push(row);
  }

  const charged: number[] = [];
  const written: number[] = [];
  const who = actor === SYSTEM ? { userId: null, userEmail: SYSTEM } : { userId: actor.userId, userEmail: actor.email };
  for (const [clientId, rows] of byClient) {
    const client = rows[0]!;
    const email = client.email.trim();
    const reason: Reason | null = client.naoEnviar === 1 ? "naoEnviar" : canal === "email" && !email.includes("@") ? "semEmail" : canal === "whatsapp" && !isValidPhone(client.telefone) ? "semCelular" : null;
    if (reason) {
      for (const row of rows) leave(reason, row);
      continue;
    }
    const parcelas = chargedInstallments(db, company, rows, day);
    // The step where the most advanced installment stands speaks for the message, as in the régua.
    const lead = rows.map((r) => stepInForce(calendar, steps, r.dataVencimento, day)).reduce((a, b) => (b && (!a || b.dias > a.dias) ? b : a));
    const source = lead ?? DEFAULT_DUNNING.etapas[0]!;
    const step = { assunto: source.assunto || FALLBACK_SUBJECT, texto: source.texto };
    const filled = composeFor(db, step, { id: clientId, nome: client.nome, contato: client.contato }, parcelas, company);
    const now = nowISO();
    const message = db
      .insert(messages)
      .values({
        data: day,
        clientId,
        canal,
        origem: "manual",
        status: canal === "email" ? "fila" : "pendente",
        destino: canal === "email" ? email : client.telefone,
        assunto: canal === "email" ? filled.assunto : null,
        texto: filled.texto,
        parcelas: storedParcelas(parcelas),
        ...who,
        createdAt: now,
      })
      .returning({ id: messages.id })
      .get();
    db.insert(messageInstallments)
      .values(rows.map((r) => ({ messageId: message.id, receivableId: r.id, etapa: null, data: day })))
      .run();
    if (canal === "email") {
      // Sent now (no window: a person asked); the régua's transport still skips it if every installment is paid first.
      const queued = enqueue(db, { kind: "email", key: `cobranca:${message.id}`, payload: { to: email, toName: client.nome, subject: filled.assunto, text: filled.texto, mensagemId: message.id } });
      db.update(messages).set({ outboxId: queued.id }).where(eq(messages.id, message.id)).run();
    }
    for (const [i, row] of rows.entries()) {
      recordEvent(db, actor, {
        action: "charge",
        entity: "installment",
        entityId: row.id,
        label: `${client.nome} — ${installmentName(row)}`,
        details: { canal, valor: centsToDecimal(parcelas[i]!.total), mensagemId: message.id, emLote: true },
        clientId,
      });
      charged.push(row.id);
    }
    written.push(message.id);
  }

  const mantidas = [
    ...kept,
    ...[...left].sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b)).map(([reason, entry]) => {
      const { words, clientes } = REASONS[reason];
      const n = clientes ? entry.clientes.size : entry.ids.length;
      return { motivo: words[n === 1 ? 0 : 1], quantidade: n, ids: entry.ids };
    }),
  ];
  const n = charged.length;
  const c = written.length;
  const cobrancas = `${n.toLocaleString("pt-BR")} ${n === 1 ? "cobrança" : "cobranças"}`;
  const clientes = `${c.toLocaleString("pt-BR")} ${c === 1 ? "cliente" : "clientes"}`;
  const head =
    n === 0
      ? canal === "email"
        ? "Nenhuma cobrança enfileirada"
        : "Nenhuma cobrança para o WhatsApp"
      : canal === "email"
        ? `${cobrancas} ${n === 1 ? "enfileirada" : "enfileiradas"} para ${clientes}`
        : `${cobrancas} na lista do WhatsApp para ${clientes}`;
  const message = [head, ...mantidas.map((m) => `${m.quantidade.toLocaleString("pt-BR")} ${m.motivo}`)].join("; ");
  return { message, acao: "cobrar", alteradas: n, ids: charged.sort((a, b) => a - b), mantidas, mensagens: written, clientes: c };
}
