// "Editar lançamento" (issue 36): what an existing receivable or payable may change besides its
// due date — the description, the category and the cost centre, never its money — with its
// history event (the fields that changed, by name) in the same immediate transaction.
import type { Db } from "../../../db/client";
import { installmentName } from "../../lib/installments";
import { checkLedgerCategory, checkLedgerCostCentre } from "../categories/service";
import type { CategoryKind } from "../categories/model";
import { changedFields, recordEvent, type Actor } from "../history/record";
import { notFound } from "../../http/errors";
import { sqlVariants } from "../prepared";
import { getLedgerRow } from "./list";
import type { LedgerEditBody } from "./model";
import type { LedgerTable } from "./table";

/** Receivables take receita categories, payables despesa. */
export const categoryKindOf = (t: LedgerTable): CategoryKind => (t.table === "receivables" ? "receita" : "despesa");

interface Editable {
  partyId: number;
  partyName: string;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  competencia: string | null;
  categoria: string | null;
  centroCusto: string | null;
}

const EDITABLE = sqlVariants<[t: LedgerTable], Editable, { id: number }>(
  (t) => `SELECT r.${t.party.column} AS partyId, p.nome AS partyName, r.numeros_parcela AS numerosParcela, r.descricao, r.data_vencimento AS dataVencimento,
      ${t.recurring ? "r.competencia" : "NULL"} AS competencia,
      (SELECT CASE WHEN g.id IS NULL THEN c.nome ELSE g.nome || ' › ' || c.nome END FROM categories c LEFT JOIN categories g ON g.id = c.grupo_id WHERE c.id = r.categoria_id) AS categoria,
      (SELECT nome FROM cost_centres WHERE id = r.centro_custo_id) AS centroCusto
    FROM ${t.table} r JOIN ${t.party.table} p ON p.id = r.${t.party.column} WHERE r.id = $id`,
);
const UPDATE = sqlVariants<[t: LedgerTable], never, { id: number; descricao: string; categoriaId: number | null; centroCustoId: number | null }>(
  (t) => `UPDATE ${t.table} SET descricao = $descricao, categoria_id = coalesce($categoriaId, categoria_id), centro_custo_id = $centroCustoId WHERE id = $id`,
);

/**
 * Writes the description, category (absent: kept) and cost centre (absent: none) of a row, paid
 * or not; 404 when it does not exist, 400 for a category of the other kind or inactive.
 */
export function editLedgerRow<Row>(db: Db, actor: Actor, t: LedgerTable, id: number, body: LedgerEditBody): Row {
  return db.transaction(
    () => {
      const before = EDITABLE(t).get(db, { id });
      if (!before) throw notFound(t.messages.notFound);
      const categoriaId = checkLedgerCategory(db, body.categoriaId, categoryKindOf(t));
      const centroCustoId = checkLedgerCostCentre(db, body.centroCustoId);
      UPDATE(t).run(db, { id, descricao: body.descricao, categoriaId, centroCustoId });
      const after = EDITABLE(t).get(db, { id })!;
      const alteracoes = changedFields(before, after, ["descricao", "categoria", "centroCusto"]);
      if (Object.keys(alteracoes).length)
        recordEvent(db, actor, {
          action: "update",
          entity: t.table === "receivables" ? "installment" : "payable",
          entityId: id,
          label: `${after.partyName} — ${installmentName({ ...after, competencia: after.competencia ?? undefined })}`,
          details: { alteracoes },
          [t.party.idKey]: after.partyId,
        });
      return getLedgerRow<Row>(db, t, id)!;
    },
    { behavior: "immediate" },
  );
}
