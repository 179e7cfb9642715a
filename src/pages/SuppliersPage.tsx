import type { SupplierJson, SupplierQuery } from "../api/suppliers/model";
import { Island } from "../ssr/Island";
import { RegisterHeader } from "./register-page";

interface SuppliersPageProps {
  query: SupplierQuery;
  page: { rows: SupplierJson[]; total: number };
}

/** Fornecedores: the heading is static; the grid and its dialogs are one island, "Novo Fornecedor" another. */
export function SuppliersPage({ query, page }: SuppliersPageProps) {
  return (
    <>
      <RegisterHeader title="Fornecedores" description="Cadastre fornecedores e controle quem está liberado para novas contas." reading="Os fornecedores e quem está liberado para novas contas." newLabel="Novo Fornecedor" />
      <Island name="SuppliersList" props={{ initial: page, params: query.view }} />
    </>
  );
}
