// Plano de contas and centros de custo (issue 36): a few dozen rows each, so the screen shows
// them whole (a tree of groups and categories), not paged. Writes go through registerWrites
// (src/api/registers.ts): an immediate transaction with its history event, the uniqueness check,
// the in-use 409.
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Tx } from "../../../db/client";
import { categories, costCentres, payables, receivables, suppliers, type CategoryRow } from "../../../db/schema";
import { registerSearchColumns } from "../../../db/search-columns";
import { badRequest, conflict, notFound } from "../../http/errors";
import { nowISO } from "../../lib/clock";
import { registerWrites } from "../registers";
import { sql as prepared } from "../prepared";
import { categoryPath, type CategoryInput, type CategoryJson, type CategoryKind, type CostCentreInput, type CostCentreJson, type LedgerChoices } from "./model";

const CATEGORY_NOT_FOUND = "Categoria não encontrada";
const COST_CENTRE_NOT_FOUND = "Centro de custo não encontrado";
const SAME_NAME = "Já existe uma categoria com este nome neste grupo";
const SAME_CENTRE_NAME = "Já existe um centro de custo com este nome";

const grupo = alias(categories, "grupo");

/** How many ledger rows (and suppliers' defaults) point at each category, and categories at each group. */
function categoryUses(db: Db | Tx): Map<number, number> {
  const uses = new Map<number, number>();
  const add = (rows: { id: number | null; n: number }[]) => {
    for (const row of rows) if (row.id !== null) uses.set(row.id, (uses.get(row.id) ?? 0) + row.n);
  };
  add(db.select({ id: receivables.categoriaId, n: count() }).from(receivables).groupBy(receivables.categoriaId).all());
  add(db.select({ id: payables.categoriaId, n: count() }).from(payables).groupBy(payables.categoriaId).all());
  add(db.select({ id: suppliers.categoriaId, n: count() }).from(suppliers).groupBy(suppliers.categoriaId).all());
  add(db.select({ id: categories.grupoId, n: count() }).from(categories).groupBy(categories.grupoId).all());
  return uses;
}

const categoryColumns = {
  id: categories.id,
  nome: categories.nome,
  tipo: categories.tipo,
  grupoId: categories.grupoId,
  grupoNome: grupo.nome,
  papel: categories.papel,
  ativa: categories.ativa,
};
type CategorySelect = { id: number; nome: string; tipo: CategoryKind; grupoId: number | null; grupoNome: string | null; papel: CategoryRow["papel"]; ativa: boolean };

function selectCategories(db: Db | Tx) {
  return db.select(categoryColumns).from(categories).leftJoin(grupo, eq(grupo.id, categories.grupoId));
}

/**
 * The whole plano: receitas first, then despesas; each group followed by its categories, in
 * pt-BR name order (a group's own name orders the groups).
 */
export function listCategories(db: Db): CategoryJson[] {
  const uses = categoryUses(db);
  return orderedCategories(db).map((row) => toCategoryJson(row, uses.get(row.id) ?? 0));
}

/** The plano in the screen's order, with each group's own active flag; no counting of uses. */
function orderedCategories(db: Db) {
  return db
    .select({ ...categoryColumns, grupoAtiva: grupo.ativa })
    .from(categories)
    .leftJoin(grupo, eq(grupo.id, categories.grupoId))
    .orderBy(
      sql`CASE ${categories.tipo} WHEN 'receita' THEN 0 ELSE 1 END`,
      sql`coalesce(${grupo.nomeOrdem}, ${categories.nomeOrdem})`,
      sql`coalesce(${grupo.id}, ${categories.id})`,
      sql`${categories.grupoId} IS NOT NULL`,
      asc(categories.nomeOrdem),
      asc(categories.id),
    )
    .all();
}

function getCategory(db: Db | Tx, id: number): CategoryJson {
  const row = selectCategories(db).where(eq(categories.id, id)).get();
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toCategoryJson(row, categoryUses(db).get(id) ?? 0);
}

function toCategoryJson(row: CategorySelect, emUso: number): CategoryJson {
  return { id: row.id, nome: row.nome, tipo: row.tipo, grupoId: row.grupoId, grupoNome: row.grupoNome, papel: row.papel, ativa: row.ativa, emUso };
}

/** What a category's form may say: a group of its own kind, the name unique in its group, the ledger's own categories active. */
function checkCategory(tx: Tx, input: CategoryInput, ownId: number | null) {
  const own = ownId === null ? undefined : tx.select({ grupoId: categories.grupoId, tipo: categories.tipo, papel: categories.papel }).from(categories).where(eq(categories.id, ownId)).get();
  if (own) {
    if (own.tipo !== input.tipo) throw badRequest("O tipo de uma categoria não muda: crie outra", { tipo: "O tipo não muda" });
    if ((own.grupoId === null) !== (input.grupoId === null)) throw badRequest("Um grupo continua grupo, e uma categoria continua num grupo", { grupoId: "Grupo inválido" });
    if (own.papel && !input.ativa) throw conflict("Esta categoria é usada pelo Cofre nos lançamentos automáticos e não pode ser desativada");
  }
  if (input.grupoId !== null) {
    const group = tx.select({ tipo: categories.tipo, grupoId: categories.grupoId }).from(categories).where(eq(categories.id, input.grupoId)).get();
    if (!group || group.grupoId !== null) throw badRequest("Grupo inválido", { grupoId: "Escolha um grupo" });
    if (group.tipo !== input.tipo) throw badRequest("O grupo é de outro tipo", { grupoId: "O grupo é de outro tipo" });
  }
  const { nomeOrdem } = registerSearchColumns("categories", input);
  const clash = tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.tipo, input.tipo),
        input.grupoId === null ? isNull(categories.grupoId) : eq(categories.grupoId, input.grupoId),
        eq(categories.nomeOrdem, nomeOrdem),
        ownId === null ? undefined : ne(categories.id, ownId),
      ),
    )
    .get();
  if (clash) throw conflict(SAME_NAME, { errors: { nome: SAME_NAME } });
}

const CATEGORY_FIELDS = ["nome", "grupoNome", "ativa"] as const;
const categoryWrites = registerWrites<CategoryJson, CategoryInput>({
  editable: CATEGORY_FIELDS,
  snapshot: (c) => ({ nome: c.nome, tipo: c.tipo, grupo: c.grupoNome, ativa: c.ativa }),
  subject: (c) => ({ entity: "category", entityId: c.id, label: c.grupoNome ? `${c.grupoNome} › ${c.nome}` : c.nome }),
  get: getCategory,
  check: checkCategory,
  insert(tx, input) {
    const now = nowISO();
    const { id } = tx
      .insert(categories)
      .values({ nome: input.nome, tipo: input.tipo, grupoId: input.grupoId, ativa: input.ativa, ...registerSearchColumns("categories", input), createdAt: now, updatedAt: now })
      .returning({ id: categories.id })
      .get();
    return getCategory(tx, id);
  },
  update(tx, id, input) {
    tx.update(categories)
      .set({ nome: input.nome, grupoId: input.grupoId, ativa: input.ativa, ...registerSearchColumns("categories", input), updatedAt: nowISO() })
      .where(eq(categories.id, id))
      .run();
    return getCategory(tx, id);
  },
  delete(tx, id) {
    tx.delete(categories).where(eq(categories.id, id)).run();
  },
  inUse: {
    exists: (tx, id) => {
      const papel = tx.select({ papel: categories.papel }).from(categories).where(eq(categories.id, id)).get()?.papel;
      if (papel) throw conflict("Esta categoria é usada pelo Cofre nos lançamentos automáticos e não pode ser excluída");
      return (categoryUses(tx).get(id) ?? 0) > 0;
    },
    message: "Categoria em uso por lançamentos, fornecedores ou categorias do grupo: desative-a em vez de excluir (o histórico e o DRE continuam a mostrá-la)",
  },
});
export const createCategory = categoryWrites.create;
export const updateCategory = categoryWrites.update;
export const deleteCategory = categoryWrites.delete;

/** A side's categories (not groups) in the plano's order, named "Grupo › Categoria", and the cost centres. */
// On every ledger page: the plano alone, read once. Through listCategories it counted every
// category's and cost centre's uses over the whole ledger (GROUP BY over every receivable and
// payable: a third of /receivables' time at --scale 50, issue 38 §1) and read each group again,
// only to drop both.
// Prepared once (Drizzle's builder wrote and prepared both anew on every page: ~8 % of it). The
// plano's order (orderedCategories) for a side's categories, each under its group.
const LEDGER_CATEGORIES = prepared<{ id: number; nome: string; grupoNome: string; ativa: 0 | 1 }, { tipo: CategoryKind }>(
  `SELECT c.id, c.nome, g.nome AS grupoNome, (c.ativa = 1 AND g.ativa = 1) AS ativa
     FROM categories c JOIN categories g ON g.id = c.grupo_id
    WHERE c.tipo = $tipo
    ORDER BY g.nome_ordem, g.id, c.nome_ordem, c.id`,
);
const LEDGER_CENTRES = prepared<{ id: number; nome: string; ativo: 0 | 1 }>("SELECT id, nome, ativo FROM cost_centres ORDER BY nome_ordem, id");

export function ledgerChoices(db: Db, tipo: CategoryKind): LedgerChoices {
  const categorias = LEDGER_CATEGORIES.all(db, { tipo }).map((c) => ({ id: c.id, nome: categoryPath(c), ativa: c.ativa === 1 }));
  const centros = LEDGER_CENTRES.all(db).map((c) => ({ id: c.id, nome: c.nome, ativo: c.ativo === 1 }));
  return { categorias, centros };
}

/**
 * The category a ledger form chose, checked: an active category (not a group) of the side's kind.
 * null (none chosen) stays null: the insert's trigger gives the default (migration 0025).
 */
export function checkLedgerCategory(db: Db | Tx, id: number | null, tipo: CategoryKind): number | null {
  if (id === null) return null;
  const row = db.select({ tipo: categories.tipo, grupoId: categories.grupoId, ativa: categories.ativa }).from(categories).where(eq(categories.id, id)).get();
  if (!row || row.grupoId === null || row.tipo !== tipo) throw badRequest("Categoria inválida", { categoriaId: `Escolha uma categoria de ${tipo === "receita" ? "receita" : "despesa"}` });
  if (!row.ativa) throw badRequest("Categoria inativa", { categoriaId: "Esta categoria está desativada" });
  return id;
}

/** The cost centre a ledger form chose (null: none), checked: an active one. */
export function checkLedgerCostCentre(db: Db | Tx, id: number | null): number | null {
  if (id === null) return null;
  const row = db.select({ ativo: costCentres.ativo }).from(costCentres).where(eq(costCentres.id, id)).get();
  if (!row) throw badRequest("Centro de custo inválido", { centroCustoId: "Centro de custo inválido" });
  if (!row.ativo) throw badRequest("Centro de custo inativo", { centroCustoId: "Este centro de custo está desativado" });
  return id;
}

// Centros de custo

function costCentreUses(db: Db | Tx): Map<number, number> {
  const uses = new Map<number, number>();
  for (const table of [receivables, payables])
    for (const row of db.select({ id: table.centroCustoId, n: count() }).from(table).groupBy(table.centroCustoId).all())
      if (row.id !== null) uses.set(row.id, (uses.get(row.id) ?? 0) + row.n);
  return uses;
}

export function listCostCentres(db: Db): CostCentreJson[] {
  const uses = costCentreUses(db);
  return db
    .select({ id: costCentres.id, nome: costCentres.nome, ativo: costCentres.ativo })
    .from(costCentres)
    .orderBy(asc(costCentres.nomeOrdem), asc(costCentres.id))
    .all()
    .map((row) => ({ ...row, emUso: uses.get(row.id) ?? 0 }));
}

function getCostCentre(db: Db | Tx, id: number): CostCentreJson {
  const row = db.select({ id: costCentres.id, nome: costCentres.nome, ativo: costCentres.ativo }).from(costCentres).where(eq(costCentres.id, id)).get();
  if (!row) throw notFound(COST_CENTRE_NOT_FOUND);
  return { ...row, emUso: costCentreUses(db).get(id) ?? 0 };
}

const costCentreWrites = registerWrites<CostCentreJson, CostCentreInput>({
  editable: ["nome", "ativo"],
  snapshot: (c) => ({ nome: c.nome, ativo: c.ativo }),
  subject: (c) => ({ entity: "cost_centre", entityId: c.id, label: c.nome }),
  get: getCostCentre,
  check(tx, input, ownId) {
    const { nomeOrdem } = registerSearchColumns("cost_centres", input);
    const clash = tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.nomeOrdem, nomeOrdem), ownId === null ? undefined : ne(costCentres.id, ownId)))
      .get();
    if (clash) throw conflict(SAME_CENTRE_NAME, { errors: { nome: SAME_CENTRE_NAME } });
  },
  insert(tx, input) {
    const now = nowISO();
    const { id } = tx
      .insert(costCentres)
      .values({ ...input, ...registerSearchColumns("cost_centres", input), createdAt: now, updatedAt: now })
      .returning({ id: costCentres.id })
      .get();
    return getCostCentre(tx, id);
  },
  update(tx, id, input) {
    tx.update(costCentres).set({ ...input, ...registerSearchColumns("cost_centres", input), updatedAt: nowISO() }).where(eq(costCentres.id, id)).run();
    return getCostCentre(tx, id);
  },
  delete(tx, id) {
    tx.delete(costCentres).where(eq(costCentres.id, id)).run();
  },
  inUse: {
    exists: (tx, id) => (costCentreUses(tx).get(id) ?? 0) > 0,
    message: "Centro de custo em uso por lançamentos: desative-o em vez de excluir",
  },
});
export const createCostCentre = costCentreWrites.create;
export const updateCostCentre = costCentreWrites.update;
export const deleteCostCentre = costCentreWrites.delete;
