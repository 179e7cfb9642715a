import type { Db } from "../../db/client";
import { getStatement, listStatements, listTransactions, parseTransactionQuery } from "../api/statements/service";
import { entryChoices } from "../api/statements/entry";
import type { ReconciliationProps, TransactionQuery } from "../api/statements/model";
import { useCanWrite } from "../../islands/lib/can-write";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** The view from the URL: the statement asked for (or the newest), its transactions' page; throws for values no one could mean. */
export function reconciliationView(db: Db, raw: Record<string, string | undefined>): TransactionQuery & { data: ReconciliationProps } {
  const query = parseTransactionQuery(raw);
  const statements = listStatements(db, { page: 1, perPage: 20 }).rows;
  const statement = query.extrato !== null ? getStatement(db, query.extrato) : (statements[0] ?? null);
  const initial = statement ? listTransactions(db, statement.id, query) : { rows: [], total: 0 };
  return { ...query, data: { statements, statement, initial, params: query.view, choices: entryChoices(db) } };
}

/** Conciliação: a static heading; the upload, the statements and the transactions are one island. */
export function ReconciliationPage(props: ReconciliationProps) {
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader
        title="Conciliação"
        description={
          canWrite
            ? "Importe o extrato do banco (OFX): o Cofre sugere a parcela de cada crédito e débito, e você confirma a baixa."
            : "Os extratos do banco importados (OFX) e a parcela de cada crédito e débito."
        }
      />
      <Island name="ReconciliationScreen" props={props} />
    </>
  );
}
