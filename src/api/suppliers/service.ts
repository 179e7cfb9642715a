import { eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { payables, suppliers, type SupplierRow } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { normalizeCnpj } from "../../lib/brazil";
import { fold } from "../../lib/text";
import { recordEvent, type Actor } from "../history/record";
import { parseListView, viewPaging } from "../list";
import { registerPage, registerWrites, searchCondition } from "../registers";
import { registerSearchColumns } from "../../../db/search-columns";
import { checkLedgerCategory } from "../categories/service";
import { SUPPLIER_LIST, type SupplierBlockAnswer, type SupplierInput, type SupplierJson, type SupplierQuery } from "./model";

const NOT_FOUND = "Fornecedor não encontrado";
const HAS_PAYABLES = "Não é possível excluir o fornecedor: existem contas a pagar vinculadas a ele.";

const columns = {
  id: suppliers.id,
  nome: suppliers.nome,
  cnpj: suppliers.cnpj,
  email: suppliers.email,
  telefone: suppliers.telefone,
  cidade: suppliers.cidade,
  estado: suppliers.estado,
  categoriaId: suppliers.categoriaId,
  statusBloqueio: suppliers.statusBloqueio,
  createdAt: suppliers.createdAt,
  updatedAt: suppliers.updatedAt,
};

/** Every supplier in pt-BR name order (SPEC §7: GET /api/suppliers without parameters). */
export function listSuppliers(db: Db): SupplierJson[] {
  return db.select(columns).from(suppliers).orderBy(suppliers.nomeOrdem, suppliers.id).all().map(toSupplierJson);
}

/** The grid's view from its URL (or the API's query). */
export function parseSupplierQuery(raw: Record<string, string | undefined>): SupplierQuery {
  const view = parseListView(SUPPLIER_LIST, raw);
  return { q: view.q!, ...viewPaging<"nome">(view), view };
}

/** One page of suppliers whose name or e-mail contains q, or whose CNPJ contains its digits (SPEC §2). */
export function findSuppliers(db: Db, query: SupplierQuery) {
  const bare = normalizeCnpj(query.q);
  const text = searchCondition(suppliers, fold(query.q));
  const where = text && bare ? or(text, sql`${suppliers.cnpj} LIKE ${`%${bare}%`}`) : text;
  const page = registerPage(db, { table: suppliers, columns, where, sortables: {}, sort: query.sort, paging: query });
  return { rows: page.rows.map(toSupplierJson), total: page.total };
}

export function getSupplier(db: Db | Tx, id: number): SupplierJson {
  const row = db.select(columns).from(suppliers).where(eq(suppliers.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toSupplierJson(row);
}

export function setSupplierBlock(db: Db, actor: Actor, id: number, statusBloqueio: 0 | 1): SupplierBlockAnswer {
  return db.transaction((tx) => {
    const before = getSupplier(tx, id);
    const row = tx.update(suppliers).set({ statusBloqueio, updatedAt: nowISO() }).where(eq(suppliers.id, id)).returning(columns).get();
    const supplier = toSupplierJson(row!);
    // Setting the status it already has changes nothing: no event.
    if (before.statusBloqueio !== statusBloqueio) recordEvent(db, actor, { ...subject(supplier), action: statusBloqueio ? "block" : "unblock" });
    return { message: "Status atualizado", supplier };
  });
}

// The dialog's fields: an edit records each one that changed; a snapshot keeps them all.
const EDITABLE = ["nome", "cnpj", "email", "telefone", "cidade", "estado", "categoriaId"] as const;
const snapshot = (supplier: SupplierJson) => ({ ...Object.fromEntries(EDITABLE.map((key) => [key, supplier[key]])), statusBloqueio: supplier.statusBloqueio });
const subject = (supplier: SupplierJson) => ({ entity: "supplier" as const, entityId: supplier.id, supplierId: supplier.id, label: supplier.nome });

const writes = registerWrites<SupplierJson, SupplierInput>({
  editable: EDITABLE,
  snapshot,
  subject,
  get: getSupplier,
  // A default category is a despesa one, active (issue 36).
  check: (tx, input) => void checkLedgerCategory(tx, input.categoriaId, "despesa"),
  insert(tx, input) {
    const now = nowISO();
    return toSupplierJson(tx.insert(suppliers).values({ ...input, ...registerSearchColumns("suppliers", input), createdAt: now, updatedAt: now }).returning(columns).get());
  },
  // The dialog's fields; statusBloqueio changes only through setSupplierBlock.
  update: (tx, id, input) =>
    toSupplierJson(tx.update(suppliers).set({ ...input, ...registerSearchColumns("suppliers", input), updatedAt: nowISO() }).where(eq(suppliers.id, id)).returning(columns).get()!),
  delete(tx, id) {
    tx.delete(suppliers).where(eq(suppliers.id, id)).run();
  },
  // Refused while the supplier has payables (DECISIONS §2): nothing is deleted implicitly.
  inUse: { exists: (tx, id) => tx.select({ id: payables.id }).from(payables).where(eq(payables.supplierId, id)).limit(1).get() !== undefined, message: HAS_PAYABLES },
});
export const createSupplier = writes.create;
export const updateSupplier = writes.update;
export const deleteSupplier = writes.delete;

function toSupplierJson(row: Pick<SupplierRow, keyof typeof columns>): SupplierJson {
  return {
    id: row.id,
    nome: row.nome,
    cnpj: row.cnpj,
    email: row.email,
    telefone: row.telefone,
    cidade: row.cidade,
    estado: row.estado,
    categoriaId: row.categoriaId,
    statusBloqueio: row.statusBloqueio === 1 ? 1 : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
