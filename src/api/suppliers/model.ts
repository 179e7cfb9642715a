import type { ListParams } from "../../lib/list-spec";
import { z } from "zod/mini";
import { formatCnpj, formatPhone, isValidPhone, normalizeCnpj, normalizePhone } from "../../lib/brazil";
import { optionalText, requiredText } from "../fields";
import { SUPPLIER_LIST } from "./list-spec";
import { ledgerRefId } from "../categories/model";

// The supplier dialog (SPEC §5, DECISIONS §2): every field the card shows, only nome required;
// the CNPJ is normalized but, per SPEC, not checked for validity.

export const UFS = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;

const isUF = (text: string): boolean => (UFS as readonly string[]).includes(text.toUpperCase());
const emailFormat = z.email();

export const supplierSchema = z.object(
  {
    nome: requiredText("Nome é obrigatório."),
    cnpj: optionalText({ normalize: normalizeCnpj }),
    email: optionalText({ isValid: (text) => emailFormat.safeParse(text).success, invalid: "Email inválido" }),
    telefone: optionalText({ isValid: isValidPhone, invalid: "Telefone inválido", normalize: normalizePhone }),
    cidade: optionalText(),
    estado: optionalText({ isValid: isUF, invalid: "Estado inválido", normalize: (text) => text.toUpperCase() }),
    // The category its payables get when their form names none (issue 36); absent or blank: none.
    categoriaId: ledgerRefId("Categoria inválida"),
  },
  "Dados inválidos",
);

export type SupplierInput = z.output<typeof supplierSchema>;

/** PATCH /api/suppliers/:id/block: the numbers 0 (active) or 1 (blocked), nothing else. */
export const supplierBlockSchema = z.object(
  { statusBloqueio: z.union([z.literal(0), z.literal(1)], "Status inválido") },
  "Status inválido",
);

/** The dialog's state, exactly as the inputs hold it. Send this (not the parsed output) to the API. */
export interface SupplierFormValues {
  nome: string;
  cnpj: string;
  email: string;
  telefone: string;
  cidade: string;
  estado: string;
  categoriaId: string;
}

export const emptySupplierForm: SupplierFormValues = { nome: "", cnpj: "", email: "", telefone: "", cidade: "", estado: "", categoriaId: "" };

/** A supplier as the API sends it. */
export interface SupplierJson {
  id: number;
  nome: string;
  cnpj: string | null;
  email: string | null;
  telefone: string | null;
  cidade: string | null;
  estado: string | null;
  /** Its payables' default category (issue 36), or null (Fornecedores). */
  categoriaId: number | null;
  statusBloqueio: 0 | 1;
  createdAt: string;
  updatedAt: string;
}

/** The grid's view, typed (SUPPLIER_LIST read); `view` is the same view as URL parameters. */
export interface SupplierQuery {
  q: string;
  sort: { key: "nome"; dir: "asc" | "desc" };
  page: number;
  perPage: number;
  view: ListParams;
}

/** PATCH /api/suppliers/:id/block answer. */
export interface SupplierBlockAnswer {
  message: "Status atualizado";
  supplier: SupplierJson;
}

/** Fills the edit dialog from a card: CNPJ and phone punctuated as the masks show them. */
export function supplierFormValues(supplier: Pick<SupplierJson, keyof SupplierFormValues>): SupplierFormValues {
  return {
    nome: supplier.nome,
    cnpj: supplier.cnpj ? formatCnpj(supplier.cnpj) : "",
    email: supplier.email ?? "",
    telefone: supplier.telefone ? formatPhone(supplier.telefone) : "",
    cidade: supplier.cidade ?? "",
    estado: supplier.estado ?? "",
    categoriaId: supplier.categoriaId ? String(supplier.categoriaId) : "",
  };
}

export { SUPPLIER_LIST };
