import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { partners, type PartnerRow } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { compareByNome } from "../fields";
import type { PartnerInput, PartnerJson } from "./model";

const NOT_FOUND = "Parceiro não encontrado";

const columns = {
  id: partners.id,
  nome: partners.nome,
  empresa: partners.empresa,
  email: partners.email,
  telefone: partners.telefone,
  createdAt: partners.createdAt,
  updatedAt: partners.updatedAt,
};

/** Every partner, by nome (case- and accent-insensitive). */
export function listPartners(db: Db): PartnerJson[] {
  return db.select(columns).from(partners).all().map(toPartnerJson).sort(compareByNome);
}

export function getPartner(db: Db, id: number): PartnerJson {
  const row = db.select(columns).from(partners).where(eq(partners.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toPartnerJson(row);
}

export function createPartner(db: Db, input: PartnerInput): PartnerJson {
  const now = nowISO();
  return toPartnerJson(db.insert(partners).values({ ...input, createdAt: now, updatedAt: now }).returning(columns).get());
}

export function updatePartner(db: Db, id: number, input: PartnerInput): PartnerJson {
  const row = db
    .update(partners)
    .set({ ...input, updatedAt: nowISO() })
    .where(eq(partners.id, id))
    .returning(columns)
    .get();
  if (!row) throw notFound(NOT_FOUND);
  return toPartnerJson(row);
}

export function deletePartner(db: Db, id: number): void {
  const row = db.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id }).get();
  if (!row) throw notFound(NOT_FOUND);
}

function toPartnerJson(row: Pick<PartnerRow, keyof typeof columns>): PartnerJson {
  return {
    id: row.id,
    nome: row.nome,
    empresa: row.empresa,
    email: row.email,
    telefone: row.telefone,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
