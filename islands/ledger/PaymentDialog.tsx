import { useRef, useState } from "react";
import { lateFees } from "../../src/lib/fees";
import { daysBetween, formatDateBR } from "../../src/lib/dates";
import { centsToDecimal, cents, formatBRL, parseMoney, ZERO, type Cents } from "../../src/lib/money";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { MoneyInput } from "../../src/ui/MoneyInput";
import { FormDialog, useDialogForm } from "../lib/form";
import { LedgerFacts } from "./LedgerFacts";
import { paymentSchemas } from "./schemas";
import type { LedgerKind, LedgerRow } from "./kinds";

export interface PaymentDialogProps {
  kind: LedgerKind;
  row: LedgerRow;
  /** Today in APP_TZ: the default payment date and the latest one allowed. */
  today: string;
  onClose(): void;
  /** Sends the payment (the API call); the dialog toasts and reports refusals. */
  send(body: Record<string, string>): Promise<unknown>;
  onPaid(): void;
}

/** A payment's form values as the API takes them (money as "1234.56"). */
interface PaymentValues {
  dataPagamento: string;
  valorBaixa: string;
  multa: string;
  juros: string;
  valorPago: string;
}

const money = (c: Cents) => centsToDecimal(c);
const amount = (text: string) => parseMoney(text) ?? ZERO;

/**
 * Baixar (receivables, SPEC §9): the payment date, today by default; multa and juros proposed
 * from lateFees for that date and editable; the total is what was received. Pagar (payables):
 * date and the amount paid, face value by default, under SPEC's confirmation sentence.
 */
export function PaymentDialog({ kind, row, today, onClose, send, onPaid }: PaymentDialogProps) {
  const valor = amount(row.valor);
  const initialFees = lateFees(valor, row.dataVencimento, today);
  const initial: PaymentValues = {
    dataPagamento: today,
    multa: money(initialFees.multa),
    juros: money(initialFees.juros),
    valorBaixa: money(initialFees.total),
    valorPago: row.valor,
  };
  const [moneyErrors, setMoneyErrors] = useState<Record<string, string>>({});
  // A date the browser could not read (31/02): the field's value is then "", not a date.
  const [impossibleDate, setImpossibleDate] = useState(false);
  // The fees and the delay shown follow the last readable date until a new one is typed.
  const [feesDate, setFeesDate] = useState(today);
  const dialog = useDialogForm<PaymentValues>(paymentSchemas[kind], initial, {
    send: (values) =>
      send(
        kind === "receber"
          ? { dataPagamento: values.dataPagamento, valorBaixa: values.valorBaixa, multa: values.multa, juros: values.juros }
          : { dataPagamento: values.dataPagamento, valorPago: values.valorPago },
      ),
    failedMessage: kind === "receber" ? "Não foi possível quitar a parcela." : "Erro ao processar pagamento",
    onSaved: onPaid,
    onClose,
    extraErrors: () => {
      const found = Object.fromEntries(Object.entries(moneyErrors).filter(([, message]) => message));
      if (impossibleDate) found.dataPagamento = "Data inválida";
      else if (dialog.form.values.dataPagamento > today) found.dataPagamento = "A data de pagamento não pode ser futura";
      return found;
    },
  });
  const { form } = dialog;
  const { values, errors } = form;
  const dateRef = useRef<HTMLInputElement>(null);
  const fees = lateFees(valor, row.dataVencimento, feesDate);
  // A date before the due date is allowed (an early payment), but never passes unnoticed: a
  // mistyped month would otherwise read as "Sem atraso". Stressed when typed (not today's).
  const early = daysBetween(feesDate, row.dataVencimento);
  const timing =
    early > 0
      ? `${early} ${early === 1 ? "dia" : "dias"} antes do vencimento (${formatDateBR(row.dataVencimento)})`
      : fees.diasAtraso > 0
        ? `${fees.diasAtraso} ${fees.diasAtraso === 1 ? "dia" : "dias"} de atraso`
        : "Sem atraso";

  function setFee(name: "multa" | "juros", value: Cents | null, error: string | null) {
    setMoneyErrors((current) => ({ ...current, [name]: error ?? "" }));
    const next = { multa: amount(values.multa), juros: amount(values.juros), [name]: value ?? ZERO };
    form.set(name, money(value ?? ZERO));
    form.set("valorBaixa", money(cents(valor + next.multa + next.juros)));
  }

  function setDate(date: string) {
    form.set("dataPagamento", date);
    const impossible = date === "" && Boolean(dateRef.current?.validity.badInput);
    setImpossibleDate(impossible);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    setFeesDate(date);
    // A new date proposes its own fees (the user may still edit them afterwards).
    if (kind === "receber") {
      const proposed = lateFees(valor, row.dataVencimento, date);
      setMoneyErrors({});
      form.set("multa", money(proposed.multa));
      form.set("juros", money(proposed.juros));
      form.set("valorBaixa", money(proposed.total));
    }
  }

  return (
    <FormDialog
      title={kind === "receber" ? "Baixar parcela" : "Pagar conta"}
      dialog={dialog}
      onCancel={onClose}
      initialFocusRef={dateRef}
      submitLabel={kind === "receber" ? "Confirmar baixa" : "Pagar"}
      className="ledger-dialog"
    >
      <LedgerFacts kind={kind} row={row} className="reg-form__wide" />
      {kind === "pagar" && (
        <p className="reg-form__wide ledger-question">
          Confirma o pagamento da conta {row.numerosParcela} do fornecedor {row.partyName}?
        </p>
      )}
      <Field label="Data de pagamento" required error={errors.dataPagamento}>
        <Input ref={dateRef} type="date" name="dataPagamento" max={today} value={values.dataPagamento} onValueChange={setDate} />
      </Field>
      {kind === "receber" ? (
        <>
          <div className={early > 0 && feesDate !== today ? "ledger-late ledger-late--early" : "ledger-late"} aria-live="polite">
            {timing}
          </div>
          <Field label="Multa (2%)" error={errors.multa}>
            <MoneyInput name="multa" value={amount(values.multa)} onValueChange={(v, e) => setFee("multa", v, e)} />
          </Field>
          <Field label="Juros (1% ao mês)" error={errors.juros}>
            <MoneyInput name="juros" value={amount(values.juros)} onValueChange={(v, e) => setFee("juros", v, e)} />
          </Field>
          <p className="reg-form__wide ledger-total">
            <span>Total a receber</span>
            <strong data-testid="total-baixa">{formatBRL(amount(values.valorBaixa))}</strong>
          </p>
        </>
      ) : (
        <>
        {early > 0 && (
          <p className={feesDate !== today ? "reg-form__wide ledger-late ledger-late--early" : "reg-form__wide ledger-late"} role="status">
            {timing}
          </p>
        )}
        <Field label="Valor pago" required error={errors.valorPago}>
          <MoneyInput
            name="valorPago"
            value={parseMoney(values.valorPago)}
            onValueChange={(v, e) => {
              setMoneyErrors((current) => ({ ...current, valorPago: e ?? "" }));
              form.set("valorPago", v === null ? "" : money(v));
            }}
          />
        </Field>
        </>
      )}
    </FormDialog>
  );
}
