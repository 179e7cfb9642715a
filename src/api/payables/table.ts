// The payables' side of the ledger (src/api/ledger/table.ts says what each field means).
import type { LedgerTable } from "../ledger/table";
import { PAYABLE_LIST } from "./list-spec";

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
