// A party's installments for its report, in due-date order: the ledger's own list query
// (src/api/ledger/list.ts), so the report shows exactly what Contas a Receber / a Pagar show.
import type { Db } from "../../../db/client";
import { listInstallments } from "../installments/service";
import type { InstallmentJson } from "../installments/model";
import { listPayables } from "../payables/service";
import type { PayableJson } from "../payables/model";

export type ReportReceivable = InstallmentJson;
export type ReportPayable = PayableJson;

const BY_DUE_DATE = { key: "vencimento", dir: "asc" } as const;

/** One view of a party's rows: `limit` -1 is every row (the CSV export). */
const view = (limit: number, offset: number) => ({
  status: "" as const,
  mes: "",
  pagoEm: "",
  pagoDe: "",
  pagoAte: "",
  sort: BY_DUE_DATE,
  page: limit > 0 ? Math.floor(offset / limit) + 1 : 1,
  perPage: Math.max(limit, 1),
  paged: limit > 0,
  view: {},
  categoriaId: null,
  centroCustoId: null,
  pagamento: "",
});

export function listClientInstallments(db: Db, clientId: number, limit: number, offset = 0): ReportReceivable[] {
  return listInstallments(db, { ...view(limit, offset), partyId: clientId }).rows;
}

export function listSupplierInstallments(db: Db, supplierId: number, limit: number, offset = 0): ReportPayable[] {
  return listPayables(db, { ...view(limit, offset), partyId: supplierId }).rows;
}
