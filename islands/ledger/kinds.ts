// Receivables and payables are one screen with two vocabularies: the words, endpoints and
// field names that differ between "Contas a Receber" and "Contas a Pagar" are in this table.
// What only one side does (Cobrar, a client's blocking, the cards) tests `kind` where it acts.
import { RECEIVABLE_LIST } from "../../src/api/installments/list-spec";
import type { InstallmentJson } from "../../src/api/installments/model";
import type { LedgerRowJson } from "../../src/api/ledger/model";
import { PAYABLE_LIST } from "../../src/api/payables/list-spec";
import type { PayableJson } from "../../src/api/payables/model";
import type { ListSpec } from "../../src/lib/list-spec";
import type { Status } from "../../src/lib/status";

export type LedgerKind = "receber" | "pagar";

/** What the list island reads of an installment, whichever side it is on (no fees: no screen shows them per row). */
export interface LedgerRow extends LedgerRowJson {
  partyId: number;
  partyName: string;
  /** A subscription's month ("2026-12"): named by it, not by its "1/1" (receivables only). */
  competencia?: string | null;
  /** Receivables: the day it was last charged. */
  cobradaEm?: string | null;
}

/** A side's API row: what its list API answers and its page hands the island. */
type ApiRowOf<K extends LedgerKind> = { receber: InstallmentJson; pagar: PayableJson }[K];
/** An API row of either side. */
export type ApiLedgerRow = ApiRowOf<LedgerKind>;

/**
 * A page's rows as they travel in the page for the island (issue 38 §1): the field names once,
 * then each row's values in that order, not every row repeating every name (~0.25 KB a row).
 */
export interface PackedRows {
  keys: string[];
  values: unknown[][];
}

export function packRows(rows: readonly ApiLedgerRow[]): PackedRows {
  const keys = rows.length ? Object.keys(rows[0]!) : [];
  return { keys, values: rows.map((row) => keys.map((key) => (row as unknown as Record<string, unknown>)[key])) };
}

export function unpackRows(rows: ApiLedgerRow[] | PackedRows): ApiLedgerRow[] {
  if (Array.isArray(rows)) return rows;
  // cast: packRows wrote exactly these keys of an ApiLedgerRow.
  return rows.values.map((values) => Object.fromEntries(rows.keys.map((key, i) => [key, values[i]])) as unknown as ApiLedgerRow);
}

/** Each side's party fields, under the names its API gives them. */
const PARTY_OF: { [K in LedgerKind]: (row: ApiRowOf<K>) => { partyId: number; partyName: string } } = {
  receber: (row) => ({ partyId: row.clientId, partyName: row.clientName }),
  pagar: (row) => ({ partyId: row.supplierId, partyName: row.supplierName }),
};

/** A side's API row with its party under neutral names, for the parts both sides share. */
export function ledgerRow<K extends LedgerKind>(kind: K, row: ApiRowOf<K>): LedgerRow {
  const partyOf: (row: ApiRowOf<K>) => { partyId: number; partyName: string } = PARTY_OF[kind];
  const { id, numerosParcela, descricao, dataVencimento, valor, status, dataPagamento, valorPago, saldo, desconto } = row;
  const competencia = "competencia" in row ? row.competencia : null;
  const cobradaEm = "cobradaEm" in row ? row.cobradaEm : undefined;
  const { categoriaId, categoriaNome, centroCustoId, centroCustoNome } = row;
  return {
    id, numerosParcela, descricao, dataVencimento, valor, status, dataPagamento, valorPago, saldo, desconto,
    categoriaId, categoriaNome, centroCustoId, centroCustoNome,
    ...partyOf(row), ...(competencia ? { competencia } : {}), ...(cobradaEm ? { cobradaEm } : {}),
  };
}

interface LedgerKindInfo {
  /** The list's contract with its URL (path, endpoint, filters, sorts): its model's spec. */
  list: ListSpec;
  partyParam: "clientId" | "supplierId";
  partySort: "cliente" | "fornecedor";
  partyLabel: "Cliente" | "Fornecedor";
  partyEndpoint: string;
  empty: string;
  generatePath: string;
  generateLabel: string;
}

export const LEDGER_KINDS: Record<LedgerKind, LedgerKindInfo> = {
  receber: {
    list: RECEIVABLE_LIST,
    partyParam: "clientId",
    partySort: "cliente",
    partyLabel: "Cliente",
    partyEndpoint: "/api/clients",
    empty: "Nenhuma parcela encontrada",
    generatePath: "/installments",
    generateLabel: "Gerar Parcelas",
  },
  pagar: {
    list: PAYABLE_LIST,
    partyParam: "supplierId",
    partySort: "fornecedor",
    partyLabel: "Fornecedor",
    partyEndpoint: "/api/suppliers",
    empty: "Nenhuma conta a pagar encontrada",
    generatePath: "/payable-installments",
    generateLabel: "Gerar Parcelas",
  },
};

export const STATUS_FILTER_OPTIONS = [
  { value: "", label: "Todos" },
  { value: "em_aberto", label: "Em Aberto" },
  { value: "parcial", label: "Parcial" },
  { value: "vencido", label: "Vencida" },
  { value: "pago", label: "Pago" },
] as const;

/** SPEC §4 badge: Pago green, Vencida red, Em Aberto yellow (payables use the same words). */
export const STATUS_BADGE: Record<Status, { label: string; variant: "success" | "danger" | "warning" | "info" }> = {
  pago: { label: "Pago", variant: "success" },
  // Something paid, a balance left (issue 34): open, not yet due.
  parcial: { label: "Parcial", variant: "info" },
  vencido: { label: "Vencida", variant: "danger" },
  em_aberto: { label: "Em Aberto", variant: "warning" },
};
