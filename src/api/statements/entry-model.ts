import { z } from "zod/mini";
import { ledgerRefId } from "../categories/model";
import { requiredText } from "../fields";
import { MAX_DESCRICAO, partyId } from "../ledger/model";

// "Criar lançamento" (issue 34 §2): a pending line becomes a receivable (a credit) or a payable
// (a debit) paid by it. The dialog validates with these schemas and the route parses with them;
// the line gives the amount, the due and payment date, and the side. Apart from model.ts: only
// the dialog (loaded on demand) carries zod to the browser, not the screen's first script.

const entryFields = {
  descricao: requiredText("Descrição é obrigatória", MAX_DESCRICAO),
  // Absent: the side's default (Serviços avulsos; the supplier's own, else Fornecedores), issue 36.
  categoriaId: ledgerRefId("Categoria inválida"),
  centroCustoId: ledgerRefId("Centro de custo inválido"),
};

/** POST …/create-entry: by the line's side; `tarifa` (a debit) is the bank fee in one click. */
export const createEntrySchemas = {
  credito: z.object({ clientId: partyId("Cliente é obrigatório", "Cliente inválido"), ...entryFields }, "Dados inválidos"),
  debito: z.object({ supplierId: partyId("Fornecedor é obrigatório", "Fornecedor inválido"), ...entryFields }, "Dados inválidos"),
  /** The bank as supplier, "Tarifas bancárias" as category; the description defaults to the line's. */
  tarifa: z.object(
    {
      tarifa: z.literal(true, "Tarifa inválida"),
      descricao: z.optional(requiredText("Descrição é obrigatória", MAX_DESCRICAO)),
      centroCustoId: ledgerRefId("Centro de custo inválido"),
    },
    "Dados inválidos",
  ),
};

/** A group of the plano de contas and its active categories, as the dialog's select groups them. */
export interface CategoryGroupChoice {
  grupo: string;
  categorias: { id: number; nome: string }[];
}

/** The categories (active, by group) of each kind, the active cost centres, and the defaults. */
export interface EntryChoices {
  receita: CategoryGroupChoice[];
  despesa: CategoryGroupChoice[];
  centros: { id: number; nome: string }[];
  /** Serviços avulsos (papel avulsos): a credit's preselected category; null if inactive. */
  receitaPadrao: number | null;
  /** Whether the bank-fee one-click has its category (papel tarifas, active). */
  tarifa: boolean;
}
