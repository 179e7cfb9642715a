import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { partners, type PartnerRow } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { fold, sortKey } from "../../lib/text";
import { parseListView, viewPaging } from "../list";
import { registerPage, registerWrites, searchCondition } from "../registers";
import { registerSearchColumns } from "../../../db/search-columns";
import { PARTNER_LIST, type PartnerInput, type PartnerJson, type PartnerQuery, type PartnerSummary } from "./model";

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

export function parsePartnerQuery(raw: Record<string, string | undefined>): PartnerQuery {
  const view = parseListView(PARTNER_LIST, raw);
  return { q: view.q!, ...viewPaging<PartnerQuery["sort"]["key"]>(view), view };
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

function getPartner(db: Db | Tx, id: number): PartnerJson {
  const row = db.select(columns).from(partners).where(eq(partners.id, id)).get();
  if (!row) throw notFound(NOT_FOUND);
  return toPartnerJson(row);
}

// The dialog's fields: an edit records each one that changed; a snapshot keeps them all.
const EDITABLE = ["nome", "empresa", "email", "telefone"] as const;
const snapshot = (partner: PartnerJson) => Object.fromEntries(EDITABLE.map((key) => [key, partner[key]]));
const subject = (partner: PartnerJson) => ({ entity: "partner" as const, entityId: partner.id, label: partner.nome });

const partnerSearchColumns = (input: PartnerInput) => ({
  ...registerSearchColumns("partners", input),
  empresaOrdem: sortKey(input.empresa),
});

const writes = registerWrites<PartnerJson, PartnerInput>({
  editable: EDITABLE,
  snapshot,
  subject,
  get: getPartner,
  insert(tx, input) {
    const now = nowISO();
    return toPartnerJson(tx.insert(partners).values({ ...input, ...partnerSearchColumns(input), createdAt: now, updatedAt: now }).returning(columns).get());
  },
  update: (tx, id, input) =>
    toPartnerJson(tx.update(partners).set({ ...input, ...partnerSearchColumns(input), updatedAt: nowISO() }).where(eq(partners.id, id)).returning(columns).get()!),
  delete(tx, id) {
    tx.delete(partners).where(eq(partners.id, id)).run();
  },
});
export const createPartner = writes.create;
export const updatePartner = writes.update;
export const deletePartner = writes.delete;

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
