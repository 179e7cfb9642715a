import { useEffect, useId, useState } from "react";
import type { MatchJson, TransactionAnswer, TransactionJson } from "../../src/api/statements/model";
import { formatDateBR } from "../../src/lib/dates";
import { installmentLabel } from "../../src/lib/installments";
import { cents, formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Input } from "../../src/ui/Input";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";

// words.ts's money, not imported: a module this dialog shared with the screen would be a file of
// its own on the page (issue 21 §2), instead of part of the screen's.
const money = (text: string) => formatBRL(parseMoney(text) ?? ZERO);
const centsOf = (text: string | undefined) => (text === undefined ? 0 : (parseMoney(text.replace(/^-/, "")) ?? ZERO));
const brl = (value: number) => formatBRL(cents(value));

export interface CandidateDialogProps {
  statementId: number;
  transaction: TransactionJson;
  onClose(): void;
  /** The transaction was reconciled: the screen reloads. */
  onDone(): void;
}

const SEARCH_DEBOUNCE_MS = 250;

type Found = { kind: "loading" } | { kind: "done"; rows: MatchJson[] } | { kind: "failed"; message: string };

type Tipo = "" | "parcial" | "desconto";

/** Same installment (a side's id). */
const same = (a: MatchJson, b: MatchJson) => a.tipo === b.tipo && a.id === b.id;

/**
 * "Escolher parcela…": the open installments of the transaction's side (closest amount first),
 * narrowed by the party's name as it is typed; the ones chosen (one, or several of one party:
 * issue 34 §2) settle the transaction, oldest first. When the line's amount differs from what is
 * due on its date (balance plus fees), the difference is shown and, below it, a choice is asked:
 * partial payment or settle with a discount. A refusal shows the server's reason and keeps the choice.
 * Opened from a suggestion whose amount differs, it comes with the suggested installment(s) chosen.
 */
export function CandidateDialog({ statementId, transaction, onClose, onDone }: CandidateDialogProps) {
  const credit = transaction.tipo === "credito";
  const suggested = transaction.sugeridas.length ? transaction.sugeridas : transaction.sugerida ? [transaction.sugerida] : [];
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found>({ kind: "loading" });
  const [chosen, setChosen] = useState<MatchJson[]>(suggested);
  const [tipo, setTipo] = useState<Tipo>("");
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const groupId = useId();
  const base = `/api/statements/${statementId}/transactions/${transaction.id}`;

  useEffect(() => {
    const controller = new AbortController();
    setFound((now) => (now.kind === "done" ? now : { kind: "loading" }));
    const timer = setTimeout(
      () => {
        api<MatchJson[]>(`${base}/candidates${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ""}`, { signal: controller.signal })
          .then((rows) => setFound({ kind: "done", rows }))
          .catch((error) => {
            if (controller.signal.aborted) return;
            setFound({ kind: "failed", message: (error instanceof ApiError && error.serverMessage) || "Não foi possível buscar as parcelas." });
          });
      },
      q ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [base, q]);

  // Several of one party: checking another party's installment starts the choice over with it.
  const toggle = (row: MatchJson) =>
    setChosen((now) => (now.some((c) => same(c, row)) ? now.filter((c) => !same(c, row)) : now.length && now[0]!.parte !== row.parte ? [row] : [...now, row]));

  const amount = centsOf(transaction.valor);
  const owed = chosen.reduce((sum, row) => sum + centsOf(row.devido ?? row.valor), 0);
  const diferenca = amount - owed;
  const short = chosen.length > 0 && diferenca < 0;
  const ready = chosen.length > 0 && (!short || tipo !== "");

  async function confirm() {
    if (!ready || sending) return;
    setSending(true);
    setRefusal(null);
    try {
      const one = chosen.length === 1 ? chosen[0]! : null;
      const body = {
        ...(one ? (one.tipo === "receivable" ? { receivableId: one.id } : { payableId: one.id }) : { parcelas: chosen.map((row) => row.id) }),
        ...(short && tipo ? { tipo } : {}),
      };
      const answer = await api<TransactionAnswer>(`${base}/confirm`, { method: "POST", body });
      toast({ title: answer.message });
      onDone();
    } catch (error) {
      const message = (error instanceof ApiError && error.serverMessage) || "Não foi possível conciliar a transação.";
      setRefusal(message);
      toast({ title: "Erro", description: message, variant: "destructive" });
      setSending(false);
    }
  }

  // What the search found, after the chosen ones it did not (a suggestion may lie beyond the
  // closest 20): rows keep their places as boxes are checked.
  const listed = found.kind === "done" ? found.rows : [];
  const rows = [...chosen.filter((c) => !listed.some((row) => same(c, row))), ...listed];
  return (
    <Dialog
      open
      size="lg"
      title="Escolher parcela"
      onClose={() => !sending && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancelar
          </Button>
          <Button onClick={confirm} disabled={!ready} loading={sending}>
            {chosen.length > 1 ? "Conciliar com as parcelas escolhidas" : "Conciliar com a parcela escolhida"}
          </Button>
        </>
      }
    >
      <div className="rec-pick">
        <dl className="ledger-facts rec-pick__facts">
          <div>
            <dt>Descrição</dt>
            <dd className="ui-ellipsis" title={transaction.descricao}>
              {transaction.descricao}
            </dd>
          </div>
          <div>
            <dt>Data</dt>
            <dd>{formatDateBR(transaction.data)}</dd>
          </div>
          <div>
            <dt>Valor</dt>
            <dd className={credit ? undefined : "rec-amount--debito"}>{money(transaction.valor)}</dd>
          </div>
        </dl>
        <Field label={credit ? "Buscar cliente" : "Buscar fornecedor"}>
          <Input type="search" name="q" autoComplete="off" placeholder="Parte do nome" value={q} onValueChange={setQ} />
        </Field>
        {refusal && (
          <p className="reg-form__alert" role="alert">
            <Icon name="alert" size={16} />
            {refusal}
          </p>
        )}
        <fieldset className="rec-pick__group" aria-describedby={`${groupId}-status`} aria-busy={found.kind === "loading" || undefined}>
          <legend className="rec-pick__legend">{credit ? "Parcelas a receber em aberto" : "Contas a pagar em aberto"}</legend>
          <p className="rec-pick__status" id={`${groupId}-status`} aria-live="polite">
            {found.kind === "loading" && rows.length === 0
              ? "Buscando parcelas…"
              : found.kind === "failed"
                ? found.message
                : rows.length === 0
                  ? credit
                    ? "Nenhuma parcela a receber em aberto encontrada."
                    : "Nenhuma conta a pagar em aberto encontrada."
                  : `${rows.length} ${rows.length === 1 ? "parcela" : "parcelas"}, o valor mais próximo primeiro`}
          </p>
          {rows.length > 0 && (
            <ul className="rec-pick__list">
              {rows.map((row) => {
                const id = `${groupId}-${row.tipo}-${row.id}`;
                return (
                  <li key={id} className="rec-pick__option">
                    <input type="checkbox" id={id} name={`${groupId}-parcela`} checked={chosen.some((c) => same(c, row))} onChange={() => toggle(row)} />
                    <label htmlFor={id} className="rec-pick__label">
                      <span className="rec-pick__party ui-ellipsis" title={row.parte}>
                        {row.parte}
                      </span>
                      <span className="rec-pick__facts-line">
                        {installmentLabel(row)} · venc. {formatDateBR(row.dataVencimento)}
                        {row.status === "vencido" ? " (vencida)" : ""}
                      </span>
                      <span className="rec-pick__value">
                        {money(row.devido ?? row.valor)}
                        {row.devido && row.devido !== row.valor ? <span className="rec-pick__face"> (valor {money(row.valor)})</span> : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <p className="rec-pick__hint">Marque várias parcelas do mesmo {credit ? "cliente" : "fornecedor"} quando uma só transação pagou todas.</p>
        {chosen.length > 0 && (
          <div className="rec-pick__sum" aria-live="polite">
            <dl className="ledger-facts">
              <div>
                <dt>{chosen.length > 1 ? `Devido nas ${chosen.length} parcelas` : "Devido na data da transação"}</dt>
                <dd>{brl(owed)}</dd>
              </div>
              <div>
                <dt>Valor da transação</dt>
                <dd>{brl(amount)}</dd>
              </div>
              <div>
                <dt>Diferença</dt>
                <dd className={diferenca === 0 ? undefined : "rec-pick__diff"}>{diferenca === 0 ? "Nenhuma" : `${diferenca < 0 ? "−" : "+"} ${brl(Math.abs(diferenca))}`}</dd>
              </div>
            </dl>
            {diferenca > 0 && <p className="rec-pick__note">O valor a mais fica registrado como multa e juros.</p>}
          </div>
        )}
        {short && (
          <fieldset className="rec-pick__choice">
            <legend className="rec-pick__legend">O valor é menor que o devido: como registrar?</legend>
            <label className="rec-pick__radio">
              <input type="radio" name={`${groupId}-tipo`} value="parcial" checked={tipo === "parcial"} onChange={() => setTipo("parcial")} />
              Pagamento parcial (fica saldo de {brl(-diferenca)})
            </label>
            <label className="rec-pick__radio">
              <input type="radio" name={`${groupId}-tipo`} value="desconto" checked={tipo === "desconto"} onChange={() => setTipo("desconto")} />
              Quitar com desconto de {brl(-diferenca)}
            </label>
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
