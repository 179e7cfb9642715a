import { useEffect, useId, useState } from "react";
import type { MatchJson, TransactionAnswer, TransactionJson } from "../../src/api/statements/model";
import { formatDateBR } from "../../src/lib/dates";
import { installmentLabel } from "../../src/lib/installments";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
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

export interface CandidateDialogProps {
  statementId: number;
  transaction: TransactionJson;
  onClose(): void;
  /** The transaction was reconciled: the screen reloads. */
  onDone(): void;
}

const SEARCH_DEBOUNCE_MS = 250;

type Found = { kind: "loading" } | { kind: "done"; rows: MatchJson[] } | { kind: "failed"; message: string };

/**
 * "Escolher parcela…": the open installments of the transaction's side (closest amount first),
 * narrowed by the party's name as it is typed; the one chosen settles the transaction. A refusal
 * (the installment settled meanwhile) shows the server's reason and keeps the choice.
 */
export function CandidateDialog({ statementId, transaction, onClose, onDone }: CandidateDialogProps) {
  const credit = transaction.tipo === "credito";
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found>({ kind: "loading" });
  const [chosen, setChosen] = useState<MatchJson | null>(null);
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

  async function confirm() {
    if (!chosen || sending) return;
    setSending(true);
    setRefusal(null);
    try {
      const body = chosen.tipo === "receivable" ? { receivableId: chosen.id } : { payableId: chosen.id };
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

  const rows = found.kind === "done" ? found.rows : [];
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
          <Button onClick={confirm} disabled={!chosen} loading={sending}>
            Conciliar com a parcela escolhida
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
                    <input
                      type="radio"
                      id={id}
                      name={`${groupId}-parcela`}
                      checked={chosen?.tipo === row.tipo && chosen.id === row.id}
                      onChange={() => setChosen(row)}
                    />
                    <label htmlFor={id} className="rec-pick__label">
                      <span className="rec-pick__party ui-ellipsis" title={row.parte}>
                        {row.parte}
                      </span>
                      <span className="rec-pick__facts-line">
                        {installmentLabel(row)} · venc. {formatDateBR(row.dataVencimento)}
                        {row.status === "vencido" ? " (vencida)" : ""}
                      </span>
                      <span className="rec-pick__value">{money(row.valor)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}
