import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payables, suppliers, type SupplierRow } from "../../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { sqliteMessage } from "../../../db/client";
import { compareByNome } from "../fields";
import type { SupplierBlockAnswer, SupplierInput, SupplierJson } from "./model";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

/** Every supplier, by nome (case- and accent-insensitive). */
export function listSuppliers(db: Db): SupplierJson[] {
  return db.select(columns).from(suppliers).all().map(toSupplierJson).sort(compareByNome);
}

export function getSupplier(db: Db | Tx, id: number): SupplierJson {
  const row = db.select(columns).from(suppliers).where(eq(suppliers.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toSupplierJson(row);
}

export function createSupplier(db: Db, input: SupplierInput): SupplierJson {
  const now = nowISO();
  const row = db.insert(suppliers).values({ ...input, createdAt: now, updatedAt: now }).returning(columns).get();
  return toSupplierJson(row);
}

/** Replaces the dialog's fields; statusBloqueio changes only through setSupplierBlock. */
export function updateSupplier(db: Db, id: number, input: SupplierInput): SupplierJson {
  const row = db
    .update(suppliers)
    .set({ ...input, updatedAt: nowISO() })
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
