// The messages' log (DECISIONS §7, §11): the list (/dunning/sent, GET /api/messages), its CSV, a
// resend of a failed or uncertain e-mail (its outbox row back to `pendente`), the WhatsApp
// worklist and its "marcar como enviada", and the manual Cobrar's record (who, when, channel).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, messageInstallments, messages, receivables } from "../../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { nowISO, today } from "../../lib/clock";
import { balanceDue } from "../../lib/fees";
import { feeRates } from "../company-rules";
import { cents, centsToDecimal, type Cents } from "../../lib/money";
import type { Actor } from "../history/record";
import { parseListView } from "../list";
import { requeueOutbox } from "../outbox/outbox";
import { whatsappUrl } from "../charges/message";
import { RECEIVABLES } from "../installments/table";
import { sql } from "../prepared";
import { MESSAGE_LIST, type MessageJson, type MessageQuery, type MessageStatus, type WhatsappItem } from "./model";

export function parseMessageQuery(raw: Record<string, string | undefined>): MessageQuery {
  const view = parseListView(MESSAGE_LIST, raw);
  return {
    canal: view.canal!,
    status: view.status!,
    de: view.de!,
    ate: view.ate!,
    clientId: view.clientId ? Number(view.clientId) : null,
    page: Number(view.pagina),
    perPage: Number(view.porPagina),
    view,
  };
}

// The status a person sees: an e-mail's is its outbox row's (pendente while it waits or is on its way).
const STATUS = `CASE WHEN m.status = 'fila' THEN CASE WHEN o.estado IS NULL OR o.estado IN ('pendente', 'enviando') THEN 'pendente' ELSE o.estado END ELSE m.status END`;
const FROM = `FROM mensagens m JOIN clients c ON c.id = m.client_id LEFT JOIN outbox o ON o.id = m.outbox_id`;
const WHERE = `WHERE ($canal = '' OR m.canal = $canal) AND ($status = '' OR ${STATUS} = $status)
  AND ($de = '' OR m.data >= $de) AND ($ate = '' OR m.data <= $ate) AND ($clientId = 0 OR m.client_id = $clientId)`;

/** A message as read: its JSON's fields, the installments still as stored, the text and the phone. */
type Row = Omit<MessageJson, "parcelas"> & { parcelas: string; texto: string | null; telefone: string };
type Filter = { canal: string; status: string; de: string; ate: string; clientId: number };

const COLUMNS = `m.id, m.data, m.created_at AS criadaEm, m.client_id AS clientId, c.nome AS clientNome, m.canal, m.origem, m.etapa,
  ${STATUS} AS status, CASE WHEN m.status = 'pulada' THEN m.motivo WHEN o.estado IN ('falhou', 'incerta') THEN o.ultimo_erro ELSE NULL END AS motivo,
  m.destino, m.assunto, m.texto, m.parcelas, m.user_email AS quem, coalesce(m.enviada_em, o.enviada_em) AS enviadaEm, c.telefone`;
const PAGE = sql<Row, Filter & { limit: number; offset: number }>(`SELECT ${COLUMNS} ${FROM} ${WHERE} ORDER BY m.id DESC LIMIT $limit OFFSET $offset`);
const COUNT = sql<{ n: number }, Filter>(`SELECT count(*) AS n ${FROM} ${WHERE}`);
const ONE = sql<Row, { id: number }>(`SELECT ${COLUMNS} ${FROM} WHERE m.id = $id`);

function toJson(row: Row): MessageJson {
  const parcelas = (JSON.parse(row.parcelas) as { id: number; numerosParcela: string; vencimento: string; valor: number }[]).map((p) => ({
    id: p.id,
    numerosParcela: p.numerosParcela,
    vencimento: p.vencimento,
    valor: centsToDecimal(p.valor as Cents),
  }));
  return {
    id: row.id,
    data: row.data,
    criadaEm: row.criadaEm,
    clientId: row.clientId,
    clientNome: row.clientNome,
    canal: row.canal,
    origem: row.origem,
    etapa: row.etapa,
    status: row.status,
    motivo: row.motivo,
    destino: row.destino,
    assunto: row.assunto,
    parcelas,
    quem: row.quem,
    enviadaEm: row.enviadaEm,
  };
}

const filterOf = (q: Pick<MessageQuery, "canal" | "status" | "de" | "ate" | "clientId">): Filter => ({ canal: q.canal, status: q.status, de: q.de, ate: q.ate, clientId: q.clientId ?? 0 });

/** One page of the log, newest first, and the total. */
export function findMessages(db: Db, query: MessageQuery): { rows: MessageJson[]; total: number } {
  const filter = filterOf(query);
  return {
    rows: PAGE.all(db, { ...filter, limit: query.perPage, offset: (query.page - 1) * query.perPage }).map(toJson),
    total: COUNT.get(db, filter)!.n,
  };
}

/** Every message of the view (the CSV), at most `limit`. */
export function messagesForExport(db: Db, query: MessageQuery, limit = 100_000): MessageJson[] {
  return PAGE.all(db, { ...filterOf(query), limit, offset: 0 }).map(toJson);
}

const MESSAGE_NOT_FOUND = "Mensagem não encontrada";

/** A failed or uncertain e-mail goes out again (the outbox's requeue: 404/409 in pt-BR otherwise). */
export function resendMessage(db: Db, id: number): MessageJson {
  return db.transaction(
    () => {
      const row = db.select({ outboxId: messages.outboxId }).from(messages).where(eq(messages.id, id)).get();
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      if (row.outboxId === null) throw conflict("Só um e-mail que falhou ou ficou incerto pode ser enviado de novo");
      requeueOutbox(db, row.outboxId);
      return toJson(ONE.get(db, { id })!);
    },
    { behavior: "immediate" },
  );
}

const WORKLIST = sql<Row, { day: string }>(
  `SELECT ${COLUMNS} ${FROM} WHERE m.canal = 'whatsapp' AND m.status = 'pendente' AND m.data <= $day ORDER BY m.data, c.nome_ordem, m.id`,
);

const WORKLIST_RANGE = sql<Row, { day: string; from: number; to: number }>(
  `SELECT ${COLUMNS} ${FROM} WHERE m.canal = 'whatsapp' AND m.status = 'pendente' AND m.data <= $day AND m.id BETWEEN $from AND $to ORDER BY m.data, c.nome_ordem, m.id`,
);

/**
 * The WhatsApp messages waiting for a person: today's and any left from earlier days; with
 * `range`, only those of one bulk Cobrar (its messages' ids are contiguous: one transaction).
 */
export function whatsappWorklist(db: Db, range?: { from: number; to: number }): WhatsappItem[] {
  const rows = range ? WORKLIST_RANGE.all(db, { day: today(), ...range }) : WORKLIST.all(db, { day: today() });
  return rows.map((row) => ({ ...toJson(row), texto: row.texto ?? "", whatsappUrl: whatsappUrl(row.destino ?? row.telefone, row.texto ?? "") }));
}

/** `?mensagens=120-131` (the bulk Cobrar's worklist): the range, or null when absent or unreadable. */
export function parseWorklistRange(raw: string | undefined): { from: number; to: number } | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(raw?.trim() ?? "");
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return from >= 1 && from <= to ? { from, to } : null;
}

/** "Marcar como enviada": a WhatsApp message of the worklist, by whom and when; 409 once it is not waiting. */
export function markWhatsappSent(db: Db, actor: Actor, id: number): MessageJson {
  return db.transaction(
    () => {
      const updated = db
        .update(messages)
        .set({ status: "enviada", enviadaEm: nowISO(), userId: actor === "sistema" ? null : actor.userId, userEmail: actor === "sistema" ? "sistema" : actor.email })
        .where(and(eq(messages.id, id), eq(messages.canal, "whatsapp"), eq(messages.status, "pendente")))
        .returning({ id: messages.id })
        .get();
      if (!updated) {
        const exists = db.select({ id: messages.id }).from(messages).where(eq(messages.id, id)).get();
        throw exists ? conflict("Esta mensagem não está esperando envio pelo WhatsApp") : notFound(MESSAGE_NOT_FOUND);
      }
      return toJson(ONE.get(db, { id })!);
    },
    { behavior: "immediate" },
  );
}

/**
 * The manual Cobrar (the charge dialog's WhatsApp / e-mail buttons) opened the person's own app:
 * recorded as sent by them, now, with the installment at the amount charged. 409 for a paid one.
 */
export function recordManualCharge(db: Db, actor: Actor, installmentId: number, canal: "email" | "whatsapp", charged: Cents | null = null): MessageJson {
  return db.transaction(
    () => {
      const row = db
        .select({
          id: receivables.id,
          clientId: receivables.clientId,
          status: receivables.status,
          numerosParcela: receivables.numerosParcela,
          dataVencimento: receivables.dataVencimento,
          valor: receivables.valor,
          principalPago: receivables.principalPago,
          desconto: receivables.desconto,
          dataPagamento: receivables.dataPagamento,
          email: clients.email,
          telefone: clients.telefone,
        })
        .from(receivables)
        .innerJoin(clients, eq(clients.id, receivables.clientId))
        .where(eq(receivables.id, installmentId))
        .get();
      if (!row) throw notFound(RECEIVABLES.messages.notFound);
      if (row.status === "pago") throw conflict(RECEIVABLES.messages.alreadyPaid);
      const day = today();
      // Absent: what the Cobrar dialog proposes, the balance plus fees at the company's rates.
      const total =
        charged ??
        balanceDue({ valor: row.valor as Cents, saldo: cents(row.valor - row.principalPago - row.desconto), dataVencimento: row.dataVencimento, ultimoPagamento: row.dataPagamento }, day, feeRates(db)).total;
      const now = nowISO();
      const message = db
        .insert(messages)
        .values({
          data: day,
          clientId: row.clientId,
          canal,
          origem: "manual",
          status: "enviada",
          destino: canal === "email" ? row.email : row.telefone,
          parcelas: JSON.stringify([{ id: row.id, numerosParcela: row.numerosParcela, vencimento: row.dataVencimento, valor: total }]),
          userId: actor === "sistema" ? null : actor.userId,
          userEmail: actor === "sistema" ? "sistema" : actor.email,
          enviadaEm: now,
          createdAt: now,
        })
        .returning({ id: messages.id })
        .get();
      db.insert(messageInstallments).values({ messageId: message.id, receivableId: row.id, etapa: null, data: day }).run();
      return toJson(ONE.get(db, { id: message.id })!);
    },
    { behavior: "immediate" },
  );
}
