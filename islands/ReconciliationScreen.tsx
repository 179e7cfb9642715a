import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import {
  transactionListOf,
  type BulkConfirmAnswer,
  type ReconciliationProps,
  type StatementJson,
  type TransactionAnswer,
  type TransactionJson,
} from "../src/api/statements/model";
import { formatDateBR } from "../src/lib/dates";
import { installmentName } from "../src/lib/installments";
import { formatCount } from "../src/lib/numbers";
import { Button } from "../src/ui/Button";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { Icon } from "../src/ui/Icon";
import { Select } from "../src/ui/Select";
import { api } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { useUrlList } from "./lib/list";
import { ListCount, ListPager, ListTable, runRowAction } from "./lib/list-kit";
import { transactionColumns, type RowVerb } from "./reconciliation/columns";
import { useStatementFigures } from "./reconciliation/figures";
import { StatementSummary } from "./reconciliation/StatementSummary";
import { StatementAccount } from "./reconciliation/StatementAccount";
import { StatementUpload } from "./reconciliation/StatementUpload";
import { money, SITUACAO_FILTER, statementOption } from "./reconciliation/words";
import { ConfirmDialog, ConfirmPart } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";

// Loaded with its first opening (or as a button is pointed at): the candidates' search stays out of the page's script.
const CandidateDialog = onDemand(() => import("./reconciliation/CandidateDialog").then((m) => m.CandidateDialog));
// "Criar lançamento" (issue 34 §2): its form, pickers and schema load with its first opening too.
const EntryDialog = onDemand(() => import("./reconciliation/EntryDialog").then((m) => m.EntryDialog));

export type { ReconciliationProps };

/**
 * Conciliação (issue 19): import a bank statement (OFX), then, for the statement shown, its
 * transactions with the installment suggested for each, the confidence and why; confirm, choose
 * another, ignore or undo, one by one or every high-confidence suggestion at once. The situation
 * filter is in the URL; the counts, the balance and what was reconciled follow every change.
 * A consulta reads all of it (statements, transactions, suggestions, figures) and is offered
 * nothing that writes: no upload, no row verbs, no bulk confirmation.
 */
export default function ReconciliationScreen(props: ReconciliationProps) {
  const canWrite = useCanWrite();
  if (!props.statement) {
    return (
      <div className="list-screen rec-screen">
        <section className="list-card rec-empty" aria-label="Nenhum extrato importado">
          <EmptyState
            icon="wallet"
            title="Nenhum extrato importado"
            hint={
              canWrite
                ? "Exporte o extrato da conta no site do banco, no formato OFX (Money), e importe-o aqui: o Cofre sugere a parcela de cada crédito e débito."
                : "Quando um extrato for importado, suas transações e as parcelas sugeridas aparecem aqui."
            }
            action={canWrite && <StatementUpload large />}
          />
        </section>
      </div>
    );
  }
  return <StatementScreen {...props} statement={props.statement} />;
}

type Pending = { verb: "undo" | "undoEntry" | "pick" | "create"; row: TransactionJson } | { verb: "bulk" } | null;

function StatementScreen({ statements, statement: first, initial, params, choices }: ReconciliationProps & { statement: StatementJson }) {
  const spec = useMemo(() => transactionListOf(first.id), [first.id]);
  const list = useUrlList<TransactionJson>({ spec, initial, params });
  const figures = useStatementFigures(first);
  const statement = figures.statement;
  const canWrite = useCanWrite();
  const [pending, setPending] = useState<Pending>(null);
  const base = `/api/statements/${statement.id}`;
  const section = useRef<HTMLElement>(null);
  // After an action, focus goes to the row now where the acted-on one was (keyboard work goes on down the list).
  const focusRow = useRef<number | null>(null);

  const refresh = () => {
    void list.reload();
    figures.reload();
  };

  useEffect(() => {
    const at = focusRow.current;
    if (at === null || list.loading) return;
    focusRow.current = null;
    const rows = [...(section.current?.querySelectorAll("tbody tr") ?? [])];
    const target = rows[Math.min(at, rows.length - 1)]?.querySelector<HTMLElement>("button, a[href]");
    (target ?? section.current?.querySelector<HTMLElement>(".rec-situacoes [aria-current]"))?.focus();
  }, [list.rows, list.loading]);

  const post = (row: TransactionJson, verb: "confirm" | "ignore" | "undo" | "undo-entry", failed: string) => {
    focusRow.current = list.rows.findIndex((r) => r.id === row.id);
    return runRowAction(() => api<TransactionAnswer>(`${base}/transactions/${row.id}/${verb}`, { method: "POST", body: {} }), { failed, reload: refresh }).then((done) => {
      // Refused: nothing reloads, and focus stays where it is.
      if (!done) focusRow.current = null;
      return done;
    });
  };

  const act = (verb: RowVerb, row: TransactionJson) => {
    // A suggestion whose amount differs from what is due on the line's date: the dialog shows the
    // difference and asks partial or discount (issue 34 §2); an exact one is confirmed at once.
    if (verb === "confirm" && row.devido !== null && row.devido !== row.valor.replace(/^-/, "")) setPending({ verb: "pick", row });
    else if (verb === "confirm") void post(row, "confirm", "Não foi possível conciliar a transação.");
    else if (verb === "ignore") void post(row, "ignore", "Não foi possível ignorar a transação.");
    else if (verb === "undo" && row.situacao === "ignorada") void post(row, "undo", "Não foi possível desfazer.");
    else setPending({ verb, row });
  };
  const acting = useRef(act);
  acting.current = act;
  const columns = useMemo(() => transactionColumns(canWrite ? (verb, row) => acting.current(verb, row) : null), [canWrite]);

  async function confirmHigh() {
    focusRow.current = 0;
    const done = await runRowAction(() => api<BulkConfirmAnswer>(`${base}/confirm-suggestions`, { method: "POST", body: { confianca: "alta" } }), {
      failed: "Não foi possível confirmar as sugestões.",
      reload: refresh,
    });
    if (!done) focusRow.current = null;
    setPending(null);
  }

  async function undo(row: TransactionJson) {
    await post(row, "undo", "Não foi possível desfazer a conciliação.");
    setPending(null);
  }

  async function undoEntry(row: TransactionJson) {
    await post(row, "undo-entry", "Não foi possível desfazer o lançamento.");
    setPending(null);
  }

  const situacao = list.params.situacao ?? "";
  const chosen = SITUACAO_FILTER.find((option) => option.value === situacao) ?? SITUACAO_FILTER[0]!;
  const high = figures.high;
  const row = pending && pending.verb !== "bulk" ? pending.row : null;
  const pickable = statementsToPick(statements, statement);

  return (
    <div className="list-screen rec-screen" {...(canWrite ? preloadOnIntent(CandidateDialog, EntryDialog, ConfirmPart) : {})}>
      {(canWrite || pickable.length > 1) && (
        <div className="rec-top">
          {canWrite && <StatementUpload />}
          <StatementPicker statements={pickable} current={statement} />
        </div>
      )}

      <StatementSummary statement={statement} />
      {canWrite && statement.contaId === null && <StatementAccount key={statement.id} statement={statement} onAttached={figures.reload} />}

      <SituacaoFilter
        statement={statement}
        value={situacao}
        hrefFor={(value) => list.hrefWith(list.path, { situacao: value })}
        onChoose={(value) => list.update({ situacao: value })}
      />

      <section className="list-card" aria-labelledby="rec-contagem" ref={section}>
        <div className="rec-list-head">
          <ListCount id="rec-contagem" list={list} noun="Transações" none="Nenhuma transação" />
          <div className="rec-list-actions">
            {/* This statement's lines (the situação chosen too) as a spreadsheet (issue 35 §4). */}
            <a className="ui-button ui-button--secondary ui-button--md no-print" href={list.hrefWith("/reconciliation/export", { extrato: String(statement.id), pagina: "", porPagina: "" })} download>
              <Icon name="download" size={18} />
              Exportar CSV
            </a>
            {canWrite && (
              <Button variant="primary" disabled={!high} onClick={() => setPending({ verb: "bulk" })} className="rec-bulk">
                <Icon name="check" size={18} />
                Confirmar sugestões de alta confiança ({formatCount(high)})
              </Button>
            )}
          </div>
        </div>
        <ListTable
          list={list}
          rows={list.rows}
          className="rec-table"
          label={`Transações do extrato — ${chosen.label.toLowerCase()}`}
          columns={columns}
          empty={
            <EmptyState
              icon="search"
              title={situacao ? `Nenhuma transação ${chosen.label.toLowerCase().replace(/s$/, "")} neste extrato` : "Nenhuma transação neste extrato"}
              hint={situacao ? "Escolha outra situação para ver as demais transações." : "O arquivo não trouxe lançamentos deste período."}
              action={
                situacao && (
                  <a
                    className="ui-button ui-button--secondary"
                    href={list.hrefWith(list.path, { situacao: "" })}
                    onClick={(event) => follow(event, () => list.update({ situacao: "" }))}
                  >
                    Ver todas
                  </a>
                )
              }
            />
          }
        />
        <ListPager list={list} />
      </section>

      {/* The dialogs that write: not on a consulta's screen (nothing there opens them). */}
      {canWrite && (
        <>
          <ConfirmDialog
            open={pending?.verb === "bulk"}
            title="Confirmar sugestões de alta confiança"
            message={
              high === 1
                ? "Dar baixa na parcela sugerida com confiança alta, com a data e o valor da sua transação?"
                : `Dar baixa nas ${formatCount(high)} parcelas sugeridas com confiança alta, cada uma com a data e o valor da sua transação?`
            }
            confirmLabel="Confirmar sugestões"
            onConfirm={confirmHigh}
            onCancel={() => setPending(null)}
          />

          <ConfirmDialog
            open={pending?.verb === "undo"}
            title="Desfazer conciliação"
            message={
              row && (
                <>
                  A baixa da parcela será cancelada e a transação volta a aguardar conciliação.
                  <strong className="confirm-subject">
                    {row.conciliadaCom ? `${row.conciliadaCom.parte} — ${installmentName(row.conciliadaCom)} · ` : ""}
                    transação de {formatDateBR(row.data)}, {money(row.valor)}
                  </strong>
                </>
              )
            }
            confirmLabel="Desfazer conciliação"
            cancelLabel="Voltar"
            destructive
            onConfirm={() => (row ? undo(row) : undefined)}
            onCancel={() => setPending(null)}
          />

          <ConfirmDialog
            open={pending?.verb === "undoEntry"}
            title="Desfazer lançamento"
            message={
              row && (
                <>
                  {row.tipo === "credito" ? "A parcela a receber" : "A conta a pagar"} criada a partir desta transação será excluída, e a transação volta a
                  aguardar conciliação.
                  <strong className="confirm-subject">
                    {row.conciliadaCom ? `${row.conciliadaCom.parte} — ${row.conciliadaCom.descricao} · ` : ""}
                    transação de {formatDateBR(row.data)}, {money(row.valor)}
                  </strong>
                </>
              )
            }
            confirmLabel="Desfazer lançamento"
            cancelLabel="Voltar"
            destructive
            onConfirm={() => (row ? undoEntry(row) : undefined)}
            onCancel={() => setPending(null)}
          />

          {pending?.verb === "create" && (
            <Loading onFailed={() => setPending(null)}>
              <EntryDialog
                statementId={statement.id}
                bancoNome={statement.bancoNome}
                transaction={pending.row}
                choices={choices}
                onClose={() => setPending(null)}
                onDone={() => {
                  focusRow.current = list.rows.findIndex((r) => r.id === pending.row.id);
                  setPending(null);
                  refresh();
                }}
              />
            </Loading>
          )}

          {pending?.verb === "pick" && (
            <Loading onFailed={() => setPending(null)}>
              <CandidateDialog
                statementId={statement.id}
                transaction={pending.row}
                onClose={() => setPending(null)}
                onDone={() => {
                  focusRow.current = list.rows.findIndex((r) => r.id === pending.row.id);
                  setPending(null);
                  refresh();
                }}
              />
            </Loading>
          )}
        </>
      )}
    </div>
  );
}

/** A plain click follows in place; a click meant for a new tab is the browser's. */
function follow(event: MouseEvent<HTMLAnchorElement>, run: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  run();
}

/** Situação: Todas, Pendentes, Sugeridas, Conciliadas, Ignoradas, each with its count; links that work before hydration. */
function SituacaoFilter(props: { statement: StatementJson; value: string; hrefFor(value: string): string; onChoose(value: string): void }) {
  const { contagem, transacoes } = props.statement;
  return (
    <nav className="rec-situacoes" aria-label="Situação das transações">
      <ul>
        {SITUACAO_FILTER.map((option) => {
          const count = option.value ? contagem[option.value] : transacoes;
          const current = option.value === props.value;
          return (
            <li key={option.value || "todas"}>
              <a
                className="rec-situacoes__link"
                href={props.hrefFor(option.value)}
                aria-current={current ? "page" : undefined}
                onClick={(event) => follow(event, () => props.onChoose(option.value))}
              >
                {option.label}
                <span className="rec-situacoes__count">{formatCount(count)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The statements the picker offers: the ones imported, newest first, and the one shown. */
function statementsToPick(statements: StatementJson[], current: StatementJson): StatementJson[] {
  return statements.some((s) => s.id === current.id) ? statements : [current, ...statements];
}

/** The statements imported, newest first: choosing one opens it (a plain GET form, a full page load). */
function StatementPicker({ statements: options, current }: { statements: StatementJson[]; current: StatementJson }) {
  if (options.length < 2) return null;
  return (
    <form className="rec-picker" method="get" action="/reconciliation" aria-label="Abrir outro extrato">
      <Field label="Extrato">
        <Select name="extrato" defaultValue={String(current.id)} options={options.map((s) => ({ value: String(s.id), label: statementOption(s) }))} />
      </Field>
      <Button type="submit" variant="secondary">
        Abrir
      </Button>
    </form>
  );
}
