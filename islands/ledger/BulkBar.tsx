// The selection bar of Contas a Receber / a Pagar (issue 35 §3): what is selected (rows of the
// page, or every row of the filter), and Baixar / Prorrogar / Excluir (and, on Contas a Receber,
// Cobrar) over it, each one request to POST …/bulk with its own Idempotency-Key (a double click,
// a retry after a lost answer: one run).
// Sticky at the bottom of the screen, so the count and the actions stay in reach on a phone and
// from the keyboard wherever the focus is in the table.
import type { AccountChoice } from "../../src/api/accounts/model";
import { AccountSelect, defaultAccountValue } from "./AccountSelect";
import { useId, useRef, useState } from "react";
import { MAX_BULK_DAYS, MAX_BULK_ROWS, worklistOf, type BulkAction, type BulkAnswer } from "../../src/api/ledger/bulk-model";
import { formatDateBR, isAcceptedDate } from "../../src/lib/dates";
import type { ListParams } from "../../src/lib/list-spec";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import type { TableColumn } from "../../src/ui/Table";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";
import type { LedgerKind } from "./kinds";

/** Rows ticked on the page, or the whole filter ("todas as N deste filtro"). */
export type BulkSelection = { all: false; ids: number[] } | { all: true };

interface BulkBarProps {
  kind: LedgerKind;
  /** The side's list API ("/api/installments"): the action goes to `${endpoint}/bulk`. */
  endpoint: string;
  selection: BulkSelection;
  /** How many rows the filter has in all, and how many the page shows. */
  total: number;
  pageRows: number;
  /** The list's view (its filters are the selection when `all`). */
  params: ListParams;
  today: string;
  /** The bank accounts a payment may name (issue 34 §3). */
  contas?: AccountChoice[];
  onSelectAll(): void;
  onClear(): void;
  /** After an action: the list and cards reload, the selection goes. */
  onDone(): void;
}

/** "1 parcela" / "3 parcelas", "1 conta" / "3 contas". */
function countOf(kind: LedgerKind, n: number): string {
  const noun = kind === "receber" ? (n === 1 ? "parcela" : "parcelas") : n === 1 ? "conta" : "contas";
  return `${n.toLocaleString("pt-BR")} ${noun}`;
}

/** The filter a selection of "all" stands for: the view without its paging and order. */
function filterOf(params: ListParams): Record<string, string> {
  const filtro: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value && !["pagina", "porPagina", "ordem"].includes(key)) filtro[key] = value;
  return filtro;
}

export function BulkBar({ kind, endpoint, selection, total, pageRows, params, today, contas = [], onSelectAll, onClear, onDone }: BulkBarProps) {
  const [open, setOpen] = useState<BulkAction | null>(null);
  const count = selection.all ? total : selection.ids.length;
  if (count === 0) return null;
  const whole = selection.all ? `Todas as ${countOf(kind, total)} deste filtro selecionadas` : `${countOf(kind, count)} ${count === 1 ? "selecionada" : "selecionadas"}`;
  const tooMany = count > MAX_BULK_ROWS;
  const payLabel = kind === "receber" ? "Baixar" : "Pagar";
  return (
    <div className="bulk-bar" role="region" aria-label="Ações em lote">
      <div className="bulk-bar__what">
        <p className="bulk-bar__count" aria-live="polite">
          {whole}
        </p>
        {!selection.all && count === pageRows && total > pageRows && (
          <Button variant="ghost" size="sm" onClick={onSelectAll}>
            Selecionar todas as {countOf(kind, total)} deste filtro
          </Button>
        )}
        {tooMany && <p className="bulk-bar__warn">No máximo {MAX_BULK_ROWS.toLocaleString("pt-BR")} por ação: filtre a lista.</p>}
      </div>
      <div className="bulk-bar__actions">
        <Button size="sm" disabled={tooMany} onClick={() => setOpen("baixar")}>
          {payLabel}
        </Button>
        <Button size="sm" variant="secondary" disabled={tooMany} onClick={() => setOpen("prorrogar")}>
          Prorrogar
        </Button>
        {kind === "receber" && (
          <Button size="sm" variant="secondary" disabled={tooMany} onClick={() => setOpen("cobrar")}>
            Cobrar
          </Button>
        )}
        <Button size="sm" variant="destructive" disabled={tooMany} onClick={() => setOpen("excluir")}>
          Excluir
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Limpar seleção
        </Button>
      </div>
      {open && (
        <BulkDialog
          kind={kind}
          action={open}
          what={selection.all ? `todas as ${countOf(kind, total)} deste filtro` : countOf(kind, count)}
          today={today}
          contas={contas}
          onClose={() => setOpen(null)}
          send={(fields, key) =>
            api<BulkAnswer>(`${endpoint}/bulk`, {
              method: "POST",
              body: { acao: open, ...(selection.all ? { filtro: filterOf(params) } : { ids: selection.ids }), ...fields },
              headers: { "idempotency-key": key },
            })
          }
          onDone={(answer) => {
            setOpen(null);
            toast({ title: answer.message });
            onDone();
          }}
        />
      )}
    </div>
  );
}

interface BulkDialogProps {
  kind: LedgerKind;
  action: BulkAction;
  what: string;
  today: string;
  contas: AccountChoice[];
  onClose(): void;
  send(fields: Record<string, unknown>, idempotencyKey: string): Promise<BulkAnswer>;
  onDone(answer: BulkAnswer): void;
}

const TITLES: Record<LedgerKind, Record<BulkAction, string>> = {
  receber: { baixar: "Baixar parcelas", prorrogar: "Prorrogar parcelas", excluir: "Excluir parcelas", cobrar: "Cobrar parcelas" },
  pagar: { baixar: "Pagar contas", prorrogar: "Prorrogar contas", excluir: "Excluir contas", cobrar: "Cobrar" },
};

function BulkDialog({ kind, action, what, today, contas, onClose, send, onDone }: BulkDialogProps) {
  // One key per dialog: sending again (a retry, a double click) is the same action.
  const [key] = useState(() => crypto.randomUUID());
  const [dataPagamento, setDataPagamento] = useState(today);
  const [contaId, setContaId] = useState(() => defaultAccountValue(contas));
  const [valor, setValor] = useState("face");
  const [modo, setModo] = useState("data");
  const [dataVencimento, setDataVencimento] = useState("");
  const [dias, setDias] = useState("30");
  const [canal, setCanal] = useState("email");
  const [error, setError] = useState<string | null>(null);
  /** Why the server refused (409: what Configurações still lacks), shown in the dialog. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Cobrar by WhatsApp done: its answer, and the way to the worklist of its messages. */
  const [worklist, setWorklist] = useState<BulkAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const worklistRef = useRef<HTMLAnchorElement>(null);
  const formId = useId();

  function fields(): Record<string, unknown> | string {
    if (action === "baixar") {
      if (!isAcceptedDate(dataPagamento)) return "Data de pagamento é obrigatória";
      if (dataPagamento > today) return "Data de pagamento não pode ser futura";
      return { dataPagamento, comJuros: kind === "receber" && valor === "juros", ...(contas.length ? { contaId: contaId || null } : {}) };
    }
    if (action === "prorrogar") {
      if (modo === "data") return isAcceptedDate(dataVencimento) ? { dataVencimento } : "Informe a nova data de vencimento";
      const n = Number(dias);
      return /^\d+$/.test(dias) && n >= 1 && n <= MAX_BULK_DAYS ? { dias: n } : `Dias: de 1 a ${MAX_BULK_DAYS}`;
    }
    if (action === "cobrar") return { canal };
    return {};
  }

  async function submit() {
    const body = fields();
    if (typeof body === "string") return setError(body);
    setError(null);
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await send(body, key);
      if (action === "cobrar" && canal === "whatsapp") {
        setWorklist(answer);
        setBusy(false);
      } else onDone(answer);
    } catch (failure) {
      const message = (failure instanceof ApiError && failure.serverMessage) || "Não foi possível concluir a ação. Tente novamente.";
      if (failure instanceof ApiError && failure.status === 409) setRefusal(message);
      else toast({ title: "Erro", description: message, variant: "destructive" });
      setBusy(false);
    }
  }

  if (worklist) {
    // The messages wait in the régua's WhatsApp worklist: one Enter opens it, filtered to them.
    const done = () => onDone(worklist);
    return (
      <Dialog
        key="resultado" // a dialog of its own (not the form's, reused): it opens with the focus on the way to the list
        open
        onClose={done}
        title="Cobrar pelo WhatsApp"
        size="sm"
        initialFocusRef={worklist.mensagens && worklist.mensagens.length > 0 ? worklistRef : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={done}>
              Fechar
            </Button>
            {worklist.mensagens && worklist.mensagens.length > 0 && (
              <a className="ui-button ui-button--primary ui-button--md" href={worklistOf(worklist.mensagens)} ref={worklistRef} data-acao="lista">
                Abrir a lista do WhatsApp
              </a>
            )}
          </>
        }
      >
        <p className="bulk-form__what" role="status">
          {worklist.message}.
        </p>
        {worklist.mensagens && worklist.mensagens.length > 0 && (
          <p className="bulk-form__what">Na lista, cada cliente tem a sua mensagem: abra no WhatsApp, envie e marque como enviada.</p>
        )}
      </Dialog>
    );
  }

  const confirm =
    action === "excluir"
      ? "Excluir"
      : action === "prorrogar"
        ? "Prorrogar"
        : action === "cobrar"
          ? canal === "email"
            ? "Enviar e-mails"
            : "Preparar mensagens"
          : kind === "receber"
            ? "Baixar"
            : "Pagar";
  return (
    <Dialog
      open
      onClose={onClose}
      title={TITLES[kind][action]}
      size="sm"
      role={action === "excluir" ? "alertdialog" : "dialog"}
      initialFocusRef={action === "excluir" || action === "cobrar" ? undefined : firstRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant={action === "excluir" ? "destructive" : "primary"} loading={busy}>
            {confirm}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="bulk-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="bulk-form__what">
          {action === "excluir"
            ? `Excluir ${what}? Só as em aberto são excluídas; as pagas ficam como estão. Esta ação não pode ser desfeita.`
            : action === "baixar"
              ? `${kind === "receber" ? "Baixar" : "Pagar"} ${what}. As já pagas ficam como estão.`
              : action === "cobrar"
                ? `Cobrar ${what}: uma mensagem por cliente, com as parcelas em aberto, o valor atualizado até hoje e o PIX copia e cola. Ficam de fora as já pagas, os clientes sem ${canal === "email" ? "e-mail" : "celular válido"} e os marcados para não receber cobranças.`
                : `Prorrogar ${what}. As já pagas ficam como estão.`}
        </p>
        {refusal && (
          <p className="bulk-form__refusal" role="alert">
            {refusal}
          </p>
        )}
        {action === "cobrar" && (
          <Field label="Como cobrar" hint={canal === "email" ? "Os e-mails saem agora, pelo servidor de e-mail configurado." : "As mensagens vão para a lista do WhatsApp: você abre cada uma no seu WhatsApp e marca como enviada."}>
            <Select
              name="canal"
              value={canal}
              onValueChange={(value) => {
                setCanal(value);
                setRefusal(null);
              }}
              options={[
                { value: "email", label: "E-mail agora" },
                { value: "whatsapp", label: "WhatsApp (lista para enviar)" },
              ]}
            />
          </Field>
        )}
        {action === "baixar" && (
          <>
            <Field label="Data de pagamento" required error={error} hint={kind === "receber" && valor === "juros" ? `Multa e juros calculados até ${formatDateBR(dataPagamento)}` : undefined}>
              <Input ref={firstRef} type="date" name="dataPagamento" max={today} value={dataPagamento} onValueChange={setDataPagamento} />
            </Field>
            <AccountSelect contas={contas} value={contaId} onChange={setContaId} />
            {kind === "receber" && (
              <Field label="Valor">
                <Select
                  name="valor"
                  value={valor}
                  onValueChange={setValor}
                  options={[
                    { value: "face", label: "Valor da parcela" },
                    { value: "juros", label: "Com multa e juros até a data" },
                  ]}
                />
              </Field>
            )}
          </>
        )}
        {action === "prorrogar" && (
          <>
            <Field label="Como prorrogar">
              <Select
                name="modo"
                value={modo}
                onValueChange={setModo}
                options={[
                  { value: "data", label: "Para uma nova data" },
                  { value: "dias", label: "Adiar alguns dias" },
                ]}
              />
            </Field>
            {modo === "data" ? (
              <Field label="Novo vencimento" required error={error}>
                <Input ref={firstRef} type="date" name="dataVencimento" value={dataVencimento} onValueChange={setDataVencimento} />
              </Field>
            ) : (
              <Field label="Dias a adiar (a partir do vencimento de cada uma)" required error={error}>
                <Input ref={firstRef} type="number" inputMode="numeric" min={1} max={MAX_BULK_DAYS} name="dias" value={dias} onValueChange={setDias} />
              </Field>
            )}
          </>
        )}
      </form>
    </Dialog>
  );
}

/** Ids selected on this page (all of them while the whole filter is selected). */
const selectedOnPage = (selection: BulkSelection, rows: readonly { id: number }[]) =>
  selection.all ? rows.map((r) => r.id) : rows.filter((r) => selection.ids.includes(r.id)).map((r) => r.id);

/**
 * The party column with a checkbox before the name, named by the row ("Selecionar Padaria
 * parcela 3/12"): in the same cell, so the name keeps its column's width at 1280 px and a phone's
 * card has it on its title line. Unticking a row while the whole filter is selected leaves the
 * rest of this page.
 */
export function withSelection<Row extends { id: number }>(
  column: TableColumn<Row>,
  selection: BulkSelection,
  rows: readonly Row[],
  select: (next: BulkSelection) => void,
  rowName: (row: Row) => string,
): TableColumn<Row> {
  const ticked = new Set(selectedOnPage(selection, rows));
  return {
    ...column,
    render: (row) => (
      <div className="bulk-cell">
        <input
          type="checkbox"
          aria-label={`Selecionar ${rowName(row)}`}
          checked={ticked.has(row.id)}
          onChange={(event) => {
            const next = new Set(ticked);
            if (event.currentTarget.checked) next.add(row.id);
            else next.delete(row.id);
            select({ all: false, ids: rows.filter((r) => next.has(r.id)).map((r) => r.id) });
          }}
        />
        {column.render(row)}
      </div>
    ),
  };
}

/** "Selecionar todas desta página": above the table, ticked when every row of the page is. */
export function PageSelect({ selection, rows, select }: { selection: BulkSelection; rows: readonly { id: number }[]; select(next: BulkSelection): void }) {
  const ticked = selectedOnPage(selection, rows).length;
  const all = rows.length > 0 && ticked === rows.length;
  return (
    <label className="bulk-page">
      <input
        type="checkbox"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = ticked > 0 && !all;
        }}
        onChange={(event) => select(event.currentTarget.checked ? { all: false, ids: rows.map((r) => r.id) } : { all: false, ids: [] })}
      />
      Selecionar todas desta página
    </label>
  );
}
