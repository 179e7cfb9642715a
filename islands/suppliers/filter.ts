import type { SupplierJson } from "../../src/api/suppliers/model";
import { normalizeCnpj } from "../../src/lib/brazil";

/** Lower case without accents, so "sao" finds "São". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/**
 * The search box (SPEC §2): name, CNPJ or e-mail contain the query. The CNPJ is compared
 * without punctuation on either side, so "12345678" and "12.345.678" both find it.
 */
export function filterSuppliers(rows: readonly SupplierJson[], query: string): SupplierJson[] {
  const text = fold(query.trim());
  if (text === "") return [...rows];
  const bare = normalizeCnpj(query);
  return rows.filter(
    (supplier) =>
      fold(supplier.nome).includes(text) ||
      fold(supplier.email ?? "").includes(text) ||
      (bare !== "" && normalizeCnpj(supplier.cnpj ?? "").includes(bare)),
  );
}

/** "São Paulo - SP", or whichever half is known; null when neither is. */
export function supplierPlace(supplier: Pick<SupplierJson, "cidade" | "estado">): string | null {
  const parts = [supplier.cidade, supplier.estado].filter((part): part is string => !!part && part.trim() !== "");
  return parts.length ? parts.join(" - ") : null;
}
