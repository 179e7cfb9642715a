// The Fornecedores grid's pure parts: what a card carries and how its place line reads.
import type { SupplierJson } from "../../src/api/suppliers/model";

/** What the grid reads of a supplier: no timestamps. */
export type SupplierCardView = Pick<
  SupplierJson,
  "id" | "nome" | "cnpj" | "email" | "telefone" | "cidade" | "estado" | "statusBloqueio"
>;

export function supplierCardView(supplier: SupplierJson): SupplierCardView {
  const { id, nome, cnpj, email, telefone, cidade, estado, statusBloqueio } = supplier;
  return { id, nome, cnpj, email, telefone, cidade, estado, statusBloqueio };
}

/** "São Paulo - SP", or whichever half is known; null when neither is. */
export function supplierPlace(supplier: Pick<SupplierJson, "cidade" | "estado">): string | null {
  const parts = [supplier.cidade, supplier.estado].filter((part): part is string => !!part && part.trim() !== "");
  return parts.length ? parts.join(" - ") : null;
}
