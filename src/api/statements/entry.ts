// "Criar lançamento" (issue 34 §2, issue 36 §1): a statement line nothing in Cofre explains yet
// becomes a new receivable (a credit) or payable (a debit) paid by that very line, in one immediate
// transaction through the ledger's own writes — the installment and its "generate" event naming the
// line, the payment (origem conciliação, the line linked as a confirmation links it, the
// statement's account), the client's blocking evaluated once, after the payment. "Desfazer
// lançamento" takes it all back: the payment undone (the line to pendente) and the installment
// deleted, refused while anything else happened to it since. A plain undo of the payment (the
// screen's "Desfazer", "Cancelar Baixa") keeps the installment, open again (docs/decisions.md).
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { suppliers } from "../../../db/schema";
import { registerSearchColumns } from "../../../db/search-columns";
import { badRequest, conflict } from "../../http/errors";
import { parseWith } from "../../http/validate";
import { bankLabel, bankName } from "../../lib/banks";
import { nowISO, today } from "../../lib/clock";
import { centsToDecimal, type Cents } from "../../lib/money";
import { checkLedgerCategory, listCategories, listCostCentres } from "../categories/service";
import type { Actor } from "../history/record";
import { clientBlockingRule } from "../installments/service";
import { RECEIVABLES } from "../installments/table";
import type { LedgerTable } from "../ledger/table";
import { deleteLedgerRow, generateLedgerRows, payLedgerRow, undoLedgerPayment, type OnLedgerChange } from "../ledger/write";
import { PAYABLES } from "../payables/table";
import { sql } from "../prepared";
import { createSupplier } from "../suppliers/service";
import { createEntrySchemas, type CategoryGroupChoice, type EntryChoices } from "./entry-model";
import type { CreateEntryAnswer } from "./model";
import { afterChange, transactionOf, type StoredTransaction } from "./service";

type Side = "receivable" | "payable";
const TABLES: Record<Side, LedgerTable> = { receivable: RECEIVABLES, payable: PAYABLES };

const STATEMENT_BANK = sql<{ banco: string }, { id: number }>("SELECT banco FROM statements WHERE id = $id");
// The line settles the new installment and remembers it made it (cleared by any release: bank-lines.ts).
const LINK_CREATED = {
  receivable: sql<never, { id: number; now: string; t: number }>(
    "UPDATE bank_transactions SET receivable_id = $id, ignorada = 0, conciliada_em = $now, lancamento_criado = 1 WHERE id = $t",
  ),
  payable: sql<never, { id: number; now: string; t: number }>(
    "UPDATE bank_transactions SET payable_id = $id, ignorada = 0, conciliada_em = $now, lancamento_criado = 1 WHERE id = $t",
  ),
};
const CATEGORY_BY_ROLE = sql<{ id: number }, { papel: string }>("SELECT id FROM categories WHERE papel = $papel");
const PAYMENTS_OF = {
  receivable: sql<{ id: number; line: number | null }, { id: number }>("SELECT id, bank_transaction_id AS line FROM payments WHERE receivable_id = $id"),
  payable: sql<{ id: number; line: number | null }, { id: number }>("SELECT id, bank_transaction_id AS line FROM payments WHERE payable_id = $id"),
};
// What happened to the installment since it was made, besides its one payment (an edit: "update").
const LATER_CHANGES = sql<{ n: number }, { entity: string; id: number }>(
  `SELECT count(*) AS n FROM history_events WHERE entity = $entity AND entity_id = $id AND action NOT IN ('generate', 'pay')
      AND id > coalesce((SELECT max(id) FROM history_events WHERE entity = $entity AND entity_id = $id AND action = 'generate'), 0)`,
);

const NO_FEE_CATEGORY = "O plano de contas não tem a categoria Tarifas bancárias: crie o lançamento escolhendo o fornecedor e a categoria";

/** The party's rule of a side (receivables: the client's automatic blocking), or none. */
const ruleOf = (side: Side, graceDays: number): OnLedgerChange | undefined =>
  side === "receivable" ? (db, partyId, cause) => clientBlockingRule(db, partyId, graceDays, cause) : undefined;

/** The line as the history names it (the same fields as a freed line's). */
function lineFacts(statementId: number, t: StoredTransaction) {
  const valor = t.valor < 0 ? `-${centsToDecimal(-t.valor as Cents)}` : centsToDecimal(t.valor as Cents);
  return { extrato: statementId, transacao: t.id, fitid: t.fitid, data: t.data, valor };
}

/**
 * The bank's own supplier (a fee is paid to it): the one named as people name the bank
 * ("Itaú Unibanco"; "Banco 999" for a code not in the FEBRABAN list), or a new one by that name whose payables default to Tarifas bancárias (with its "create" event).
 */
function bankSupplier(db: Db, actor: Actor, banco: string, categoriaId: number): number {
  const nome = bankName(banco) ?? bankLabel(banco);
  const { nomeOrdem } = registerSearchColumns("suppliers", { nome });
  const found = db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.nomeOrdem, nomeOrdem)).orderBy(suppliers.id).limit(1).get();
  if (found) return found.id;
  return createSupplier(db, actor, { nome, cnpj: null, email: null, telefone: null, cidade: null, estado: null, categoriaId }).id;
}

const isFeeBody = (body: unknown) => typeof body === "object" && body !== null && !Array.isArray(body) && "tarifa" in body;

/**
 * POST …/create-entry. A credit: {clientId, descricao, categoriaId?, centroCustoId?}; a debit:
 * {supplierId, …} or {tarifa: true} (the bank as supplier, Tarifas bancárias). Due and paid on the
 * line's date, worth the line's amount. A line already settled (a double submit, another tab): 409.
 */
export async function createEntry(db: Db, actor: Actor, statementId: number, transactionId: number, body: unknown, graceDays: number): Promise<CreateEntryAnswer> {
  const made = db.transaction(
    () => {
      const t = transactionOf(db, statementId, transactionId);
      if (t.valor === 0) throw conflict("Uma transação de valor zero não gera lançamento");
      const side: Side = t.valor > 0 ? "receivable" : "payable";
      const fee = isFeeBody(body);
      if (fee && side === "receivable") throw badRequest("Tarifa bancária é um débito: este crédito vira uma parcela a receber de um cliente", { tarifa: "Só para débitos" });
      const input = fee ? parseWith(createEntrySchemas.tarifa, body) : side === "receivable" ? parseWith(createEntrySchemas.credito, body) : parseWith(createEntrySchemas.debito, body);
      if (t.situacao === "conciliada") throw conflict("Esta transação já está conciliada: não é possível criar outro lançamento com ela");
      if (t.data > today()) throw conflict("A transação tem data futura: não é possível dar baixa");

      let partyId: number;
      let categoriaId: number | null;
      let descricao: string;
      if ("tarifa" in input) {
        const category = CATEGORY_BY_ROLE.get(db, { papel: "tarifas" });
        if (!category) throw conflict(NO_FEE_CATEGORY);
        categoriaId = checkLedgerCategory(db, category.id, "despesa");
        partyId = bankSupplier(db, actor, STATEMENT_BANK.get(db, { id: statementId })!.banco, category.id);
        descricao = input.descricao ?? t.descricao.slice(0, 500);
      } else {
        partyId = "clientId" in input ? input.clientId : input.supplierId;
        categoriaId = input.categoriaId;
        descricao = input.descricao;
      }
      const table = TABLES[side];
      const valor = Math.abs(t.valor) as Cents;
      const line = lineFacts(statementId, t);
      // The rule is not run on the unpaid installment (one due in the past would block and unblock
      // its client in the same breath): once, after the payment.
      const [row] = generateLedgerRows<{ id: number }>(db, actor, table, {
        numParcelas: 1,
        valor,
        primeiroVencimento: t.data,
        descricao,
        categoriaId,
        centroCustoId: input.centroCustoId,
        criadaDaLinha: line,
      }, partyId);
      const id = row!.id;
      LINK_CREATED[side].run(db, { id, now: nowISO(), t: t.id });
      const origem = { conciliacao: { extrato: statementId, fitid: t.fitid, transacao: t.id } };
      payLedgerRow(db, actor, table, id, { dataPagamento: t.data, valorPago: valor, multa: 0 as Cents, juros: 0 as Cents, origem }, ruleOf(side, graceDays));
      return { tipo: side, id, fee: "tarifa" in input };
    },
    { behavior: "immediate" },
  );
  const message = made.fee ? "Tarifa bancária lançada e conciliada" : made.tipo === "receivable" ? "Parcela a receber criada e conciliada" : "Conta a pagar criada e conciliada";
  const answer = await afterChange(db, statementId, transactionId, message);
  return { ...answer, lancamento: { tipo: made.tipo, id: made.id } };
}

/**
 * POST …/undo-entry: the installment "Criar lançamento" made from this line is deleted and the
 * line is pending again — its payment undone, then the row deleted, each with its history event,
 * in one transaction. Refused (409) when the line made no installment, or the installment has had
 * anything since (another payment, an edit): that one is undone by hand, never deleted unseen.
 */
export async function undoEntry(db: Db, actor: Actor, statementId: number, transactionId: number, graceDays: number): Promise<CreateEntryAnswer> {
  const undone = db.transaction(
    () => {
      const t = transactionOf(db, statementId, transactionId);
      if (t.situacao !== "conciliada" || t.lancamentoCriado !== 1) throw conflict("Esta transação não criou um lançamento a desfazer");
      const side: Side = t.receivableId ? "receivable" : "payable";
      const id = (t.receivableId ?? t.payableId)!;
      const table = TABLES[side];
      const made = PAYMENTS_OF[side].all(db, { id });
      const where = side === "receivable" ? "Contas a Receber" : "Contas a Pagar";
      if (made.length !== 1 || made[0]!.line !== t.id) {
        throw conflict(`O lançamento recebeu outros pagamentos depois de criado: desfaça a conciliação e ajuste-o em ${where}`);
      }
      if (LATER_CHANGES.get(db, { entity: side === "receivable" ? "installment" : "payable", id })!.n > 0) {
        throw conflict(`O lançamento foi alterado depois de criado: desfaça a conciliação e, se for o caso, exclua-o em ${where}`);
      }
      const origem = { conciliacao: { extrato: statementId, fitid: t.fitid, transacao: t.id } };
      undoLedgerPayment(db, actor, table, id, undefined, origem, made[0]!.id);
      deleteLedgerRow(db, actor, table, id, ruleOf(side, graceDays));
      return { tipo: side, id };
    },
    { behavior: "immediate" },
  );
  const answer = await afterChange(db, statementId, transactionId, "Lançamento desfeito: a parcela criada foi excluída e a transação voltou às pendentes");
  return { ...answer, lancamento: undone };
}

/** What the dialog offers: each kind's active categories by active group (the plano's order), the active cost centres. */
export function entryChoices(db: Db): EntryChoices {
  const all = listCategories(db);
  const groups = new Map(all.filter((c) => c.grupoId === null).map((g) => [g.id, g]));
  const byKind = (tipo: "receita" | "despesa"): CategoryGroupChoice[] => {
    const out: CategoryGroupChoice[] = [];
    for (const c of all) {
      const group = c.grupoId === null ? undefined : groups.get(c.grupoId);
      if (c.tipo !== tipo || !group || !group.ativa || !c.ativa) continue;
      const last = out.at(-1);
      if (last?.grupo === group.nome) last.categorias.push({ id: c.id, nome: c.nome });
      else out.push({ grupo: group.nome, categorias: [{ id: c.id, nome: c.nome }] });
    }
    return out;
  };
  const receita = byKind("receita");
  const despesa = byKind("despesa");
  const active = (id: number | undefined, kind: CategoryGroupChoice[]) => (id !== undefined && kind.some((g) => g.categorias.some((c) => c.id === id)) ? id : null);
  const avulsos = all.find((c) => c.papel === "avulsos")?.id;
  const tarifas = all.find((c) => c.papel === "tarifas")?.id;
  return {
    receita,
    despesa,
    centros: listCostCentres(db)
      .filter((c) => c.ativo)
      .map(({ id, nome }) => ({ id, nome })),
    receitaPadrao: active(avulsos, receita),
    tarifa: active(tarifas, despesa) !== null,
  };
}
