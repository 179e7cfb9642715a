import { Island } from "../ssr/Island";
import type { SupplierJson } from "../api/suppliers/model";

export function SuppliersPage({ suppliers }: { suppliers: SupplierJson[] }) {
  return <Island name="SuppliersScreen" props={{ initialSuppliers: suppliers }} />;
}
