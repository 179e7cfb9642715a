// Receivables and payables are one screen with two vocabularies: the words, endpoints and
// field names that differ between "Contas a Receber" and "Contas a Pagar" are in this table.
// What only one side does (Cobrar, a client's blocking, the cards) tests `kind` where it acts.
import type { InstallmentJson } from "../../src/api/installments/model";
import type { LedgerRowJson } from "../../src/api/ledger/model";
import type { PayableJson } from "../../src/api/payables/model";
import type { Status } from "../../src/lib/status";

export type LedgerKind = "receber" | "pagar";

/** What the list island reads of an installment, whichever side it is on (no fees: no screen shows them per row). */
export interface LedgerRow extends LedgerRowJson {
  partyId: number;
  partyName: string;
}

/** An API row of either side. */
export type ApiLedgerRow = InstallmentJson | PayableJson;

export function ledgerRow(row: ApiLedgerRow): LedgerRow {
  const { id, numerosParcela, descricao, dataVencimento, valor, status, dataPagamento, valorPago } = row;
  const base = { id, numerosParcela, descricao, dataVencimento, valor, status, dataPagamento, valorPago };
  return "clientId" in row
    ? { ...base, partyId: row.clientId, partyName: row.clientName }
    : { ...base, partyId: row.supplierId, partyName: row.supplierName };
}

export interface LedgerKindInfo {
  path: string;
  endpoint: string;
  partyParam: "clientId" | "supplierId";
  partySort: "cliente" | "fornecedor";
  partyLabel: "Cliente" | "Fornecedor";
  partyEndpoint: string;
  listName: string;
  empty: string;
  generatePath: string;
  generateLabel: string;
}

export const LEDGER_KINDS: Record<LedgerKind, LedgerKindInfo> = {
  receber: {
    path: "/receivables",
    endpoint: "/api/installments",
    partyParam: "clientId",
    partySort: "cliente",
    partyLabel: "Cliente",
    partyEndpoint: "/api/clients",
    listName: "parcelas",
    empty: "Nenhuma parcela encontrada",
    generatePath: "/installments",
    generateLabel: "Gerar Parcelas",
  },
  pagar: {
    path: "/payables",
    endpoint: "/api/payables",
    partyParam: "supplierId",
    partySort: "fornecedor",
    partyLabel: "Fornecedor",
    partyEndpoint: "/api/suppliers",
    listName: "contas a pagar",
    empty: "Nenhuma conta a pagar encontrada",
    generatePath: "/payable-installments",
    generateLabel: "Gerar Parcelas",
  },
};

export const STATUS_FILTER_OPTIONS = [
  { value: "", label: "Todos" },
  { value: "em_aberto", label: "Em Aberto" },
  { value: "vencido", label: "Vencida" },
  { value: "pago", label: "Pago" },
] as const;

/** SPEC §4 badge: Pago green, Vencida red, Em Aberto yellow (payables use the same words). */
export const STATUS_BADGE: Record<Status, { label: string; variant: "success" | "danger" | "warning" }> = {
  pago: { label: "Pago", variant: "success" },
  vencido: { label: "Vencida", variant: "danger" },
  em_aberto: { label: "Em Aberto", variant: "warning" },
};
