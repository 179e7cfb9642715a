import { oneOf, recordId, type ListParams, type ListSpec } from "../../lib/list-spec";
import type { EntryChoices } from "./entry-model";

// Bank reconciliation (issue 19, DECISIONS §9): the API's shapes and the screen's URL contract.
// Client-safe: the Conciliação island imports these types and the spec.

/** The largest statement file taken (the upload route's own body limit). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const TOO_LARGE = "Arquivo muito grande: o limite é 5 MB";

export const SITUACOES = ["pendente", "sugerida", "conciliada", "ignorada"] as const;
export type Situacao = (typeof SITUACOES)[number];

export const SITUACAO_LABELS: Record<Situacao, string> = {
  pendente: "Pendente",
  sugerida: "Sugerida",
  conciliada: "Conciliada",
  ignorada: "Ignorada",
};

import type { LedgerComparison } from "../accounts/balance";

export type Confianca = "alta" | "media";

/** A statement as imported (GET /api/statements rows). */
export interface StatementJson {
  id: number;
  /** Bank code as the file names it, three digits ("001", "104", "341"). */
  banco: string;
  /** Its name, resolved by the server: "Itaú Unibanco (341)" ("Banco 999" for a code not in the FEBRABAN list). */
  bancoNome: string;
  agencia: string | null;
  conta: string;
  /** The registered account it is attached to (issue 34 §3), and its name; null: not yet (the screen asks). */
  contaId: number | null;
  contaNome: string | null;
  /** The period the file declares (DTSTART/DTEND), YYYY-MM-DD. */
  de: string | null;
  ate: string | null;
  arquivo: string;
  /** LEDGERBAL when the file has it: "1234.56" and its date. */
  saldo: string | null;
  saldoData: string | null;
  importadoPor: string;
  importadoEm: string;
  /** Transactions in the file, and how many each situation holds now. */
  transacoes: number;
  contagem: Record<Situacao, number>;
  /** Suggestions of high confidence: what "Confirmar sugestões de alta confiança" would confirm. */
  sugestoesAlta: number;
  /** Sum of the credits and of the debits reconciled, as money strings (debits positive). */
  conciliadoCreditos: string;
  conciliadoDebitos: string;
  /**
   * The bank's closing balance (LEDGERBAL) beside Cofre's balance of the statement's account on that
   * day, and banco − Cofre (issue 34 §3); null without LEDGERBAL or without an account.
   */
  conferenciaSaldo: LedgerComparison | null;
}

/** POST /api/statements → 201. */
export interface ImportAnswer {
  message: string;
  id: number;
  banco: string;
  conta: string;
  de: string | null;
  ate: string | null;
  transacoes: number;
  novas: number;
  jaImportadas: number;
  sugestoes: number;
  /** The account it was attached to, or null when no registered account has its numbers (asked on the screen). */
  contaId: number | null;
}

interface SuggestionJson {
  tipo: "receivable" | "payable";
  id: number;
  confianca: Confianca;
  /** Why, in words: "valor e data; cliente citado na descrição". */
  motivo: string;
  /** A sum of one party's installments (issue 34 §2), oldest first; `id` is the first. */
  parcelas?: number[];
}

/** An installment a transaction is (or could be) matched with, as the screen shows it. */
export interface MatchJson {
  tipo: "receivable" | "payable";
  id: number;
  parte: string;
  numerosParcela: string;
  /** A subscription's month ("2026-12"), named by it; null for any other installment or a bill. */
  competencia?: string | null;
  descricao: string;
  dataVencimento: string;
  valor: string;
  status: "em_aberto" | "vencido" | "pago";
  /** Beside a line (a candidate, a suggestion): what settles it on the line's date — its balance plus fees (issue 34 §2). */
  devido?: string;
}

/** GET /api/statements/:id/transactions rows. */
export interface TransactionJson {
  id: number;
  fitid: string;
  data: string;
  /** Signed: credits positive, debits negative ("-152.00"). */
  valor: string;
  tipo: "credito" | "debito";
  descricao: string;
  situacao: Situacao;
  sugestao: SuggestionJson | null;
  /** The installment it settled, when conciliada. */
  conciliadaCom: MatchJson | null;
  /** The suggested installment's facts, when sugerida (to read before confirming). */
  sugerida: MatchJson | null;
  /** A sum suggestion's installments, oldest first (empty otherwise). */
  sugeridas: MatchJson[];
  /** What is due on the line's date for the suggestion (balance plus fees, summed), "1234.56"; null without one. */
  devido: string | null;
  /** The installment it settles was created from it ("Criar lançamento"): "Desfazer lançamento" may delete it. */
  lancamentoCriado: boolean;
}

/** The transactions of one statement in the URL: /reconciliation?extrato=&situacao=&pagina=. */
export const TRANSACTION_LIST = {
  path: "/reconciliation",
  endpoint: "/api/statements/:id/transactions",
  // `extrato` chooses the statement on the page (the API reads it from its path).
  filters: { extrato: recordId("Extrato inválido"), situacao: oneOf(SITUACOES, "Situação inválida: use pendente, sugerida, conciliada ou ignorada") },
  sorts: [],
  defaultSort: "",
  perPage: 50,
  listName: "transações",
} satisfies ListSpec;

export interface TransactionQuery {
  extrato: number | null;
  situacao: Situacao | "";
  page: number;
  perPage: number;
  view: ListParams;
}

/** The transactions list of one statement: the spec with that statement's API. */
export const transactionListOf = (statementId: number): ListSpec => ({ ...TRANSACTION_LIST, endpoint: `/api/statements/${statementId}/transactions` });

/** What /reconciliation hands its island. */
export interface ReconciliationProps {
  /** The latest statements, newest first (the picker). */
  statements: StatementJson[];
  /** The statement shown (?extrato=, else the newest), or null before any import. */
  statement: StatementJson | null;
  /** Its transactions for the view, exactly as the list API answers the same URL. */
  initial: { rows: TransactionJson[]; total: number };
  params: ListParams;
  /** What "Criar lançamento" offers (issue 34 §2, issue 36 §1). */
  choices: EntryChoices;
}

/** POST …/confirm-suggestions answer. */
export interface BulkConfirmAnswer {
  message: string;
  conciliadas: number;
  /** Suggestions left because the amount differs from what is due now (a person chooses: issue 34 §2). */
  escolher: number;
}

/** POST …/confirm, /ignore, /undo answer. */
export interface TransactionAnswer {
  message: string;
  transaction: TransactionJson;
}

/** POST …/create-entry → 201; POST …/undo-entry → 200. */
export interface CreateEntryAnswer extends TransactionAnswer {
  /** The installment created: its side and id. */
  lancamento: { tipo: "receivable" | "payable"; id: number };
}
