import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { partners, type PartnerRow } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { fold, sortKey } from "../../lib/text";
import { parsePaging, parseSort } from "../list";
import { registerPage, searchColumnsFor, searchCondition } from "../registers";
import { PARTNER_SORTS, type PartnerInput, type PartnerJson, type PartnerQuery, type PartnerSummary } from "./model";

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

/** Every partner in pt-BR name order (SPEC §7: GET /api/partners without parameters). */
export function listPartners(db: Db): PartnerJson[] {
  return db.select(columns).from(partners).orderBy(partners.nomeOrdem, partners.id).all().map(toPartnerJson);
}

export function parsePartnerQuery(query: Record<string, string | undefined>): PartnerQuery {
  return { q: (query.q ?? "").trim(), sort: parseSort(query.ordem, PARTNER_SORTS, { key: "nome", dir: "asc" }), ...parsePaging(query) };
}

/** One page of partners whose name, company or e-mail contains q. */
export function findPartners(db: Db, query: PartnerQuery) {
  const page = registerPage(db, {
    table: partners,
    columns,
    where: searchCondition(partners, fold(query.q)),
    sortables: { empresa: partners.empresaOrdem },
    sort: query.sort,
    paging: query,
  });
  return { rows: page.rows.map(toPartnerJson), total: page.total };
}

/** Counted in SQL over every partner, whatever page is shown. */
export function partnerSummary(db: Db): PartnerSummary {
  return db
    .select({
      total: sql<number>`count(*)`,
      comEmail: sql<number>`count(*) FILTER (WHERE trim(${partners.email}) <> '')`,
      comTelefone: sql<number>`count(*) FILTER (WHERE trim(${partners.telefone}) <> '')`,
    })
    .from(partners)
    .get()!;
}

export function getPartner(db: Db, id: number): PartnerJson {
  const row = db.select(columns).from(partners).where(eq(partners.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toPartnerJson(row);
}

export function createPartner(db: Db, input: PartnerInput): PartnerJson {
  const now = nowISO();
  return toPartnerJson(
    db
      .insert(partners)
      .values({ ...input, ...partnerSearchColumns(input), createdAt: now, updatedAt: now })
      .returning(columns)
      .get(),
  );
}

export function updatePartner(db: Db, id: number, input: PartnerInput): PartnerJson {
  const row = db
    .update(partners)
    .set({ ...input, ...partnerSearchColumns(input), updatedAt: nowISO() })
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

const partnerSearchColumns = (input: PartnerInput) => ({
  ...searchColumnsFor(input.nome, input.empresa, input.email),
  empresaOrdem: sortKey(input.empresa),
});

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
