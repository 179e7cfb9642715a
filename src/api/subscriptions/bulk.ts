// "Iniciar assinaturas" (issue 35 §2, DECISIONS §8 and §14): one set of terms (dia, início, trial)
// for a selection of clients or every not-started client with a fee, in one transaction, each
// start through saveSubscription (its rules, its overlap check, its events, the months due and
// blocking). A client it cannot start is skipped and said why; `simular` runs the same and rolls
// it back, so the dialog's count, total and skips are what the save will do.
import { z } from "zod/mini";
import { batchTransaction, type Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { today } from "../../lib/clock";
import { centsToDecimal, sumCents, type Cents } from "../../lib/money";
import { billedOnStart } from "../../lib/subscription-schedule";
import type { Actor } from "../history/record";
import { withIdempotencyKey } from "../idempotency";
import { getSettings } from "../settings/service";
import { subscriptionSchema, type OverlapJson } from "./model";
import { startCandidates } from "./not-started";
import { saveSubscription } from "./service";
import { applyAutomaticBlocking } from "../clients/blocking";

/** A bulk action's ceiling (DECISIONS §14). */
const BULK_START_MAX = 5_000;

const CLIENTES_INVALID = 'Clientes: uma lista de ids ou "todos"';

/** POST /api/subscriptions/start. */
const ID_INVALID = "Identificador de cliente inválido";
export const bulkStartSchema = z.object(
  {
    clientes: z.union(
      [
        z.literal("todos", CLIENTES_INVALID),
        z
          .array(z.number(ID_INVALID).check(z.int(ID_INVALID), z.positive(ID_INVALID)), CLIENTES_INVALID)
          .check(z.minLength(1, "Selecione ao menos um cliente"), z.maxLength(BULK_START_MAX, `No máximo ${BULK_START_MAX.toLocaleString("pt-BR")} clientes por vez`)),
      ],
      CLIENTES_INVALID,
    ),
    // Read by the single start's schema (its messages): here only their JSON types.
    diaVencimento: z.union([z.number(), z.string()], "Dia de vencimento deve ser um número de 1 a 31"),
    inicio: z.string("Início é obrigatório"),
    trialAte: z.optional(z.nullable(z.string("Data inválida"))),
    simular: z._default(z.boolean("simular deve ser verdadeiro ou falso"), false),
  },
  "Dados inválidos",
);
type BulkStartInput = z.output<typeof bulkStartSchema>;

/**
 * POST /api/subscriptions/start as the writer thread runs it (src/http/writer.ts: 5,000 starts,
 * or their simulation, are seconds of one transaction): with the request's Idempotency-Key
 * unless it is a simulation.
 */
export interface SubscriptionsStartJob {
  kind: "subscriptions-start";
  actor: Actor;
  userId: number;
  key: string | null;
  input: BulkStartInput;
  graceDays: number;
}

export function runSubscriptionsStartJob(db: Db, { actor, userId, key, input, graceDays }: SubscriptionsStartJob): BulkStartAnswer {
  const start = () => startSubscriptions(db, actor, input, graceDays);
  // A simulation writes nothing; a repeated submit with the same key answers the first start.
  return input.simular ? start() : withIdempotencyKey(db, key, userId, "/api/subscriptions/start", start);
}

interface BulkStartSkip {
  clientId: number;
  nome: string;
  motivo: string;
}

export interface BulkStartAnswer {
  message: string;
  /** Started (or, simulated, that would start) and the sum of their monthly fees. */
  iniciadas: number;
  total: string;
  puladas: BulkStartSkip[];
  /** Months the start bills already overdue (DECISIONS §8: said before saving), and their sum. */
  atrasadas: { quantidade: number; total: string };
  geradas: number;
  simulado: boolean;
}

class Rollback extends Error {}

const monthText = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

/**
 * Starts the subscriptions. The terms are checked once by the single start's schema (a 400 for
 * the whole request); each client is then one savepoint: a skip (already started, no fee, months
 * with installments made by hand) rolls back only that client's start.
 */
function startSubscriptions(db: Db, actor: Actor, input: BulkStartInput, graceDays: number): BulkStartAnswer {
  const candidates = startCandidates(db, input.clientes);
  const found = new Set(candidates.map((c) => c.id));
  const missing = input.clientes === "todos" ? [] : [...new Set(input.clientes)].filter((id) => !found.has(id));
  if (candidates.length > BULK_START_MAX) throw new HttpError(400, `São ${candidates.length} clientes: inicie no máximo ${BULK_START_MAX.toLocaleString("pt-BR")} por vez (selecione uma parte)`);
  const day = today();
  const settings = getSettings(db);
  // The terms, checked once by the single start's schema: a 400 naming the field for the whole request.
  const checked = parseWith(subscriptionSchema, { status: "ativa", valor: "1.00", diaVencimento: input.diaVencimento, inicio: input.inicio, fim: null, trialAte: input.trialAte ?? null });

  const run = () => {
    const puladas: BulkStartSkip[] = missing.map((id) => ({ clientId: id, nome: `#${id}`, motivo: "Cliente não encontrado" }));
    const fees: Cents[] = [];
    const overdue: Cents[] = [];
    let geradas = 0;
    const blockingAfter: number[] = [];
    for (const c of candidates) {
      if (c.started) {
        puladas.push({ clientId: c.id, nome: c.nome, motivo: "A assinatura já foi iniciada" });
        continue;
      }
      if (c.valor <= 0) {
        puladas.push({ clientId: c.id, nome: c.nome, motivo: "Sem mensalidade (cliente em trial ou com valor zero): defina a mensalidade no cadastro" });
        continue;
      }
      // The single start's schema and rules, the fee the client's own (DECISIONS §8).
      const terms = { ...checked, valor: c.valor };
      try {
        geradas += saveSubscription(db, actor, c.id, terms, graceDays, { blockingAfter }).geradas;
      } catch (error) {
        const overlap = error instanceof HttpError && error.status === 409 ? (error.extra?.sobreposicao as OverlapJson[] | undefined) : undefined;
        if (!overlap) throw error;
        const months = [...new Set(overlap.map((o) => monthText(o.competencia)))];
        puladas.push({
          clientId: c.id,
          nome: c.nome,
          motivo: `Já tem parcelas lançadas à mão em ${months.slice(0, 4).join(", ")}${months.length > 4 ? "…" : ""}, meses que a assinatura cobraria: inicie-a pelo cliente para confirmar`,
        });
        continue;
      }
      fees.push(c.valor);
      for (const _ of billedOnStart({ diaVencimento: terms.diaVencimento, inicio: terms.inicio, fim: null, trialAte: terms.trialAte }, settings, day).overdue) overdue.push(c.valor);
    }
    applyAutomaticBlocking(db, { graceDays, clientIds: blockingAfter });
    const n = fees.length;
    const verb = input.simular ? (n === 1 ? "assinatura será iniciada" : "assinaturas serão iniciadas") : n === 1 ? "assinatura iniciada" : "assinaturas iniciadas";
    const skipped = puladas.length ? `; ${puladas.length} ${puladas.length === 1 ? "cliente pulado" : "clientes pulados"}` : "";
    return {
      message: `${n} ${verb}${skipped}`,
      iniciadas: n,
      total: centsToDecimal(sumCents(fees)),
      puladas,
      atrasadas: { quantidade: overdue.length, total: centsToDecimal(sumCents(overdue)) },
      geradas,
      simulado: input.simular,
    };
  };

  // saveSubscription's own transaction nests as a savepoint: a skip rolls back that client only.
  // Inside the Idempotency-Key's transaction, that one (batchTransaction: no savepoint around the
  // clients' savepoints, which made each one cost far more).
  let answer: BulkStartAnswer | null = null;
  try {
    // A simulation always has a transaction (or savepoint) of its own: its Rollback must undo it.
    if (input.simular)
      db.transaction(
        () => {
          answer = run();
          throw new Rollback();
        },
        { behavior: "immediate" },
      );
    else batchTransaction(db, () => (answer = run()));
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return answer!;
}
