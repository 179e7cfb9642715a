import { eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { payables, suppliers, type SupplierRow } from "../../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { sqliteMessage } from "../../../db/client";
import { normalizeCnpj } from "../../lib/brazil";
import { fold } from "../../lib/text";
import { parsePaging, parseSort } from "../list";
import { registerPage, searchColumnsFor, searchCondition } from "../registers";
import { SUPPLIER_PAGE_SIZE, type SupplierBlockAnswer, type SupplierInput, type SupplierJson, type SupplierQuery } from "./model";

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
  statusBloqueio: suppliers.statusBloqueio,
  createdAt: suppliers.createdAt,
  updatedAt: suppliers.updatedAt,
};

/** Every supplier in pt-BR name order (SPEC §7: GET /api/suppliers without parameters). */
export function listSuppliers(db: Db): SupplierJson[] {
  return db.select(columns).from(suppliers).orderBy(suppliers.nomeOrdem, suppliers.id).all().map(toSupplierJson);
}

/** The grid's view from its URL (or the API's query); a page is 48 cards, so 2, 3 or 4 columns fill evenly. */
export function parseSupplierQuery(query: Record<string, string | undefined>): SupplierQuery {
  return {
    q: (query.q ?? "").trim(),
    sort: parseSort(query.ordem, ["nome"] as const, { key: "nome", dir: "asc" }),
    ...parsePaging({ ...query, porPagina: query.porPagina || String(SUPPLIER_PAGE_SIZE) }),
  };
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

export function createSupplier(db: Db, input: SupplierInput): SupplierJson {
  const now = nowISO();
  const row = db
    .insert(suppliers)
    .values({ ...input, ...searchColumnsFor(input.nome, input.email), createdAt: now, updatedAt: now })
    .returning(columns)
    .get();
  return toSupplierJson(row);
}

/** Replaces the dialog's fields; statusBloqueio changes only through setSupplierBlock. */
export function updateSupplier(db: Db, id: number, input: SupplierInput): SupplierJson {
  const row = db
    .update(suppliers)
    .set({ ...input, ...searchColumnsFor(input.nome, input.email), updatedAt: nowISO() })
    .where(eq(suppliers.id, id))
    .returning(columns)
    .get();
  if (!row) throw notFound(NOT_FOUND);
  return toSupplierJson(row);
}

export function setSupplierBlock(db: Db, id: number, statusBloqueio: 0 | 1): SupplierBlockAnswer {
  const row = db
    .update(suppliers)
    .set({ statusBloqueio, updatedAt: nowISO() })
    .where(eq(suppliers.id, id))
    .returning(columns)
    .get();
  if (!row) throw notFound(NOT_FOUND);
  return { message: "Status atualizado", supplier: toSupplierJson(row) };
}

/** Refused while the supplier has payables (DECISIONS §2): nothing is deleted implicitly. */
export function deleteSupplier(db: Db, id: number): void {
  try {
    db.transaction(
      (tx) => {
        getSupplier(tx, id);
        const payable = tx.select({ id: payables.id }).from(payables).where(eq(payables.supplierId, id)).limit(1).get();
        if (payable) throw conflict(HAS_PAYABLES);
        tx.delete(suppliers).where(eq(suppliers.id, id)).run();
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // The RESTRICT foreign key, should a payable be added between the check and the delete.
    if (sqliteMessage(error)?.includes("FOREIGN KEY constraint failed")) throw conflict(HAS_PAYABLES);
    throw error;
  }
}

function toSupplierJson(row: Pick<SupplierRow, keyof typeof columns>): SupplierJson {
  return {
    id: row.id,
    nome: row.nome,
    cnpj: row.cnpj,
    email: row.email,
    telefone: row.telefone,
    cidade: row.cidade,
    estado: row.estado,
    statusBloqueio: row.statusBloqueio === 1 ? 1 : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
