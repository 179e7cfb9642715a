// Receivables and payables are one ledger over two tables: everything that differs between them
// is in this descriptor, so generation, lists, cards and transitions exist once (src/api/ledger).

import { RECEIVABLE_LIST } from "../installments/model";
import type { ListSpec } from "../../lib/list-spec";
import { PAYABLE_LIST } from "../payables/model";

export interface LedgerTable {
  /** SQL table and its alias in every statement. */
  table: "receivables" | "payables";
  /** The API's prefix (SPEC §7). */
  api: "/api/installments" | "/api/payables";
  /** The list screen's URL contract (its model.ts). */
  list: ListSpec;
  party: {
    table: "clients" | "suppliers";
    column: "client_id" | "supplier_id";
    /** The API's names of the party's id and name in a row. */
    idKey: "clientId" | "supplierId";
    nameKey: "clientName" | "supplierName";
    /** `ordem=` key sorting by the party's name. */
    sortKey: "cliente" | "fornecedor";
    notFound: string;
    invalid: string;
  };
  /** Receivables store multa and juros beside valorPago. */
  fees: boolean;
  /** Receivables may be a subscription's month: rows carry `competencia` and `assinatura`. */
  recurring: boolean;
  /** Payables may be deleted paid or not (SPEC §4); a paid receivable is undone first. */
  deletePaid: boolean;
  rowKey: "installment" | "payable";
  rowsKey: "installments" | "payables";
  messages: {
    notFound: string;
    alreadyPaid: string;
    notPaid: string;
    redatePaid: string;
    deletePaid: string;
    generated: string;
    paid: string;
    undone: string;
    redated: string;
    deleted: string;
  };
}

export const RECEIVABLES: LedgerTable = {
  table: "receivables",
  api: "/api/installments",
  list: RECEIVABLE_LIST,
  party: {
    table: "clients",
    column: "client_id",
    idKey: "clientId",
    nameKey: "clientName",
    sortKey: "cliente",
    notFound: "Cliente não encontrado",
    invalid: "Cliente inválido",
  },
  fees: true,
  recurring: true,
  deletePaid: false,
  rowKey: "installment",
  rowsKey: "installments",
  messages: {
    notFound: "Parcela não encontrada",
    alreadyPaid: "Esta parcela já está paga",
    notPaid: "Esta parcela não está paga: não há baixa a cancelar",
    redatePaid: "Não é possível alterar o vencimento de uma parcela paga",
    deletePaid: "Não é possível excluir uma parcela paga: cancele a baixa primeiro",
    generated: "Parcelas geradas com sucesso!",
    paid: "Parcela quitada",
    undone: "Baixa cancelada com sucesso!",
    redated: "Vencimento alterado",
    deleted: "Parcela excluída com sucesso!",
  },
};

export const PAYABLES: LedgerTable = {
  table: "payables",
  api: "/api/payables",
  list: PAYABLE_LIST,
  party: {
    table: "suppliers",
    column: "supplier_id",
    idKey: "supplierId",
    nameKey: "supplierName",
    sortKey: "fornecedor",
    notFound: "Fornecedor não encontrado",
    invalid: "Fornecedor inválido",
  },
  fees: false,
  recurring: false,
  deletePaid: true,
  rowKey: "payable",
  rowsKey: "payables",
  messages: {
    notFound: "Conta não encontrada",
    alreadyPaid: "Esta conta já está paga",
    notPaid: "Esta conta não está paga",
    redatePaid: "Não é possível alterar o vencimento de uma conta paga",
    deletePaid: "Não é possível excluir uma conta paga",
    generated: "Parcelas geradas com sucesso!",
    paid: "Pagamento realizado com sucesso!",
    undone: "Pagamento cancelado",
    redated: "Vencimento alterado",
    deleted: "Conta excluída com sucesso!",
  },
};
