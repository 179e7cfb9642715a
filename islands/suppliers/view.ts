// The Fornecedores grid's pure part: how a card's place line reads.
import type { SupplierJson } from "../../src/api/suppliers/model";

/** "São Paulo - SP", or whichever half is known; null when neither is. */
export function supplierPlace(supplier: Pick<SupplierJson, "cidade" | "estado">): string | null {
  const parts = [supplier.cidade, supplier.estado].filter((part): part is string => !!part && part.trim() !== "");
  return parts.length ? parts.join(" - ") : null;
}
