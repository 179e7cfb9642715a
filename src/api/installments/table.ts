// The receivables' side of the ledger (src/api/ledger/table.ts says what each field means).
import type { LedgerTable } from "../ledger/table";
import { RECEIVABLE_LIST } from "./list-spec";

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
