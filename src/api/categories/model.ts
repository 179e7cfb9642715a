// Plano de contas and centros de custo (issue 36, DECISIONS §13): the forms' rules, shared by the
// /categories island and the routes. Client-safe.
import { z } from "zod/mini";
import { requiredText } from "../fields";

const CATEGORY_KINDS = ["receita", "despesa"] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = { receita: "Receitas", despesa: "Despesas" };
const MAX_CATEGORY_NAME = 80;

/** null / "" / absent → null (a group); else a positive id. */
const optionalId = (invalid: string) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.number(), z.string()], invalid))),
    z.transform((value: number | string | null | undefined, ctx): number | null => {
      if (value == null || value === "") return null;
      const id = typeof value === "string" ? (/^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : NaN) : value;
      if (Number.isSafeInteger(id) && id > 0) return id;
      ctx.issues.push({ code: "custom", message: invalid, input: value });
      return z.NEVER;
    }),
  );

const active = z.pipe(
  z.optional(z.union([z.boolean(), z.literal("true"), z.literal("false")], "Situação inválida")),
  z.transform((value: boolean | "true" | "false" | undefined) => value === undefined || value === true || value === "true"),
);

/** POST /api/categories and PATCH /api/categories/:id: a group has no grupoId; a category names its group. */
export const categorySchema = z.object(
  {
    nome: requiredText("Nome é obrigatório", MAX_CATEGORY_NAME),
    tipo: z.enum(CATEGORY_KINDS, "Tipo inválido: use receita ou despesa"),
    grupoId: optionalId("Grupo inválido"),
    ativa: active,
  },
  "Dados inválidos",
);
export type CategoryInput = z.output<typeof categorySchema>;

export const costCentreSchema = z.object({ nome: requiredText("Nome é obrigatório", MAX_CATEGORY_NAME), ativo: active }, "Dados inválidos");
export type CostCentreInput = z.output<typeof costCentreSchema>;

/** A category (or a group, grupoId null) as the API sends it. */
export interface CategoryJson {
  id: number;
  nome: string;
  tipo: CategoryKind;
  grupoId: number | null;
  /** The group's name, or null for a group. */
  grupoNome: string | null;
  /** What the ledger itself names it by (mensalidades, avulsos, juros, fornecedores), or null. */
  papel: string | null;
  ativa: boolean;
  /** Receivables and payables (and suppliers' defaults) pointing at it; a group: its categories. */
  emUso: number;
}

export interface CostCentreJson {
  id: number;
  nome: string;
  ativo: boolean;
  emUso: number;
}

/** What the ledger's filters and forms offer for one side: its kind's categories ("Grupo › Categoria") and the cost centres. */
export interface LedgerChoices {
  categorias: { id: number; nome: string; ativa: boolean }[];
  centros: { id: number; nome: string; ativo: boolean }[];
}

/** "Receitas de serviços › Mensalidades". */
export const categoryPath = (category: Pick<CategoryJson, "nome" | "grupoNome">) => (category.grupoNome ? `${category.grupoNome} › ${category.nome}` : category.nome);

/** The ledger forms' optional categoriaId / centroCustoId (absent or blank: the default / none). */
export const ledgerRefId = optionalId;
