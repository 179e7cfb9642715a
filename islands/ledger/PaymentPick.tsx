import { useEffect, useState } from "react";
import type { PaymentJson } from "../../src/api/ledger/model";
import { formatDateBR } from "../../src/lib/dates";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { api } from "../lib/api";

const brl = (text: string) => formatBRL(parseMoney(text) ?? ZERO);

/**
 * Cancelar Baixa / Cancelar pagamento (issue 34): the row's payments, the last one chosen; with
 * more than one the person may pick another. `onPick` gets the payment's id (null until loaded:
 * the API then cancels the last one).
 */
export function PaymentPick({ endpoint, onPick }: { endpoint: string; onPick(id: number | null): void }) {
  const [payments, setPayments] = useState<PaymentJson[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<PaymentJson[]>(`${endpoint}/payments`, { signal: controller.signal })
      .then((list) => {
        setPayments(list);
        const last = list.at(-1)?.id ?? null;
        setChosen(last);
        onPick(last);
      })
      // Not loaded (offline, aborted): the confirmation still cancels the last payment.
      .catch(() => setPayments([]));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint]);
  if (!payments || payments.length < 2) return null;
  return (
    <fieldset className="ledger-short payment-pick">
      <legend>Qual pagamento cancelar?</legend>
      {payments.map((p) => (
        <label key={p.id} className="reg-form__check">
          <input
            type="radio"
            name="pagamento"
            value={p.id}
            checked={chosen === p.id}
            onChange={() => {
              setChosen(p.id);
              onPick(p.id);
            }}
          />
          <span>
            {formatDateBR(p.dataPagamento)} — {brl(p.valorPago)}
            {p.desconto !== "0.00" ? ` (desconto ${brl(p.desconto)})` : ""}
            {p.origem === "conciliacao" ? " · conciliação" : ""}
            {p.contaNome ? ` · ${p.contaNome}` : ""}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
