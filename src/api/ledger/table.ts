// Receivables and payables are one ledger over two tables: everything that differs between them
// is in this descriptor, so generation, lists, cards and transitions exist once (src/api/ledger).
// Each side fills it in its own folder (installments/table.ts, payables/table.ts): the ledger
// knows the shape, never the sides, so the folders lean one way only.

import type { ListSpec } from "../../lib/list-spec";

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
