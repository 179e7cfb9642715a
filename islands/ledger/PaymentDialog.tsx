import { useRef, useState } from "react";
import { balanceDue, DEFAULT_RATES, type FeeRates } from "../../src/lib/fees";
import { daysBetween, formatDateBR } from "../../src/lib/dates";
import { centsToDecimal, cents, formatBRL, parseMoney, ZERO, type Cents } from "../../src/lib/money";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { MoneyInput } from "../../src/ui/MoneyInput";
import { FormDialog, useDialogForm } from "../lib/form";
import { LedgerFacts } from "./LedgerFacts";
import { AccountSelect, defaultAccountValue } from "./AccountSelect";
import type { AccountChoice } from "../../src/api/accounts/model";
import { paymentSchemas } from "./schemas";
import type { LedgerKind, LedgerRow } from "./kinds";

export interface PaymentDialogProps {
  kind: LedgerKind;
  row: LedgerRow;
  /** Today in APP_TZ: the default payment date and the latest one allowed. */
  today: string;
  /** The company's fee rates (Configurações › Encargos): what the proposed fees use. */
  rates?: FeeRates;
  /** The active bank accounts (issue 34 §3): a select when there is one, the default chosen. */
  contas?: readonly AccountChoice[];
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

/** The balance and the next payment's fees on `date` (src/lib/fees.ts balanceDue, as Cobrar). */
function feesFor(row: LedgerRow, date: string, rates: FeeRates) {
  const due = balanceDue(
    { valor: amount(row.valor), saldo: amount(row.saldo ?? row.valor), dataVencimento: row.dataVencimento, ultimoPagamento: row.dataPagamento },
    date,
    rates,
  );
  return { dias: due.diasAtraso, multa: due.multa, juros: due.juros, total: due.total };
}

type Tipo = "" | "parcial" | "desconto";

/**
 * Baixar (receivables, SPEC §9): the payment date, today by default; multa and juros proposed
 * from lateFees for that date and editable; the total is what was received. Pagar (payables):
 * date and the amount paid, face value by default, under SPEC's confirmation sentence.
 */
/** A rate as a label reads it: 200 → "2", 250 → "2,5". */
const percent = (hundredths: number) => String(hundredths / 100).replace(".", ",");

export function PaymentDialog({ kind, row, today, rates = DEFAULT_RATES, contas = [], onClose, send, onPaid }: PaymentDialogProps) {
  const saldo = amount(row.saldo ?? row.valor);
  const initialFees = feesFor(row, today, rates);
  const initial: PaymentValues = {
    dataPagamento: today,
    multa: money(initialFees.multa),
    juros: money(initialFees.juros),
    valorBaixa: money(initialFees.total),
    valorPago: money(saldo),
  };
  // What was received below what is due is a partial payment or a discount: asked, never assumed (issue 34).
  const [tipo, setTipo] = useState<Tipo>("");
  const [contaId, setContaId] = useState(() => defaultAccountValue(contas));
  // Sent only when the company has accounts ("" is offered only without a default: no account then).
  const account: Record<string, string> = contas.length ? { contaId } : {};
  const [moneyErrors, setMoneyErrors] = useState<Record<string, string>>({});
  // A date the browser could not read (31/02): the field's value is then "", not a date.
  const [impossibleDate, setImpossibleDate] = useState(false);
  // The fees and the delay shown follow the last readable date until a new one is typed.
  const [feesDate, setFeesDate] = useState(today);
  const dialog = useDialogForm<PaymentValues>(paymentSchemas[kind], initial, {
    send: (values) =>
      send(
        kind === "receber"
          ? { dataPagamento: values.dataPagamento, valorBaixa: values.valorBaixa, multa: values.multa, juros: values.juros, ...(short(values) > 0 ? { tipo } : {}), ...account }
          : { dataPagamento: values.dataPagamento, valorPago: values.valorPago, ...(short(values) > 0 ? { tipo } : {}), ...account },
      ),
    failedMessage: kind === "receber" ? "Não foi possível quitar a parcela." : "Erro ao processar pagamento",
    onSaved: onPaid,
    onClose,
    extraErrors: () => {
      const found = Object.fromEntries(Object.entries(moneyErrors).filter(([, message]) => message));
      if (short(dialog.form.values) > 0 && tipo === "") found.tipo = "Escolha: pagamento parcial ou quitar com desconto";
      if (impossibleDate) found.dataPagamento = "Data inválida";
      else if (dialog.form.values.dataPagamento > today) found.dataPagamento = "A data de pagamento não pode ser futura";
      return found;
    },
  });
  const { form } = dialog;
  const { values, errors } = form;
  const dateRef = useRef<HTMLInputElement>(null);
  const fees = feesFor(row, feesDate, rates);
  const diasAtraso = fees.dias;
  // A date before the due date is allowed (an early payment), but never passes unnoticed: a
  // mistyped month would otherwise read as "Sem atraso". Stressed when typed (not today's).
  const early = daysBetween(feesDate, row.dataVencimento);
  const timing =
    early > 0
      ? `${early} ${early === 1 ? "dia" : "dias"} antes do vencimento (${formatDateBR(row.dataVencimento)})`
      : diasAtraso > 0
        ? `${diasAtraso} ${diasAtraso === 1 ? "dia" : "dias"} de atraso`
        : "Sem atraso";

  /** How much of the balance the amount received leaves unpaid (0: it settles; more than due is fees, as before). */
  function short(v: PaymentValues): number {
    if (kind === "pagar") return Math.max(0, saldo - amount(v.valorPago));
    return Math.max(0, saldo - (amount(v.valorBaixa) - amount(v.multa) - amount(v.juros)));
  }
  const dueNow = cents(saldo + amount(values.multa) + amount(values.juros));
  const missing = cents(short(values));
  // Choosing answers the question: its message goes.
  const chooseTipo = (next: Tipo) => {
    setTipo(next);
    if (errors.tipo) form.setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== "tipo")));
  };

  function setFee(name: "multa" | "juros", value: Cents | null, error: string | null) {
    setMoneyErrors((current) => ({ ...current, [name]: error ?? "" }));
    const next = { multa: amount(values.multa), juros: amount(values.juros), [name]: value ?? ZERO };
    form.set(name, money(value ?? ZERO));
    // The amount received follows the total while it was the total (not typed by hand).
    if (amount(values.valorBaixa) === dueNow) form.set("valorBaixa", money(cents(saldo + next.multa + next.juros)));
  }

  function setDate(date: string) {
    form.set("dataPagamento", date);
    const impossible = date === "" && Boolean(dateRef.current?.validity.badInput);
    setImpossibleDate(impossible);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    setFeesDate(date);
    // A new date proposes its own fees (the user may still edit them afterwards).
    if (kind === "receber") {
      const proposed = feesFor(row, date, rates);
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
      {saldo < amount(row.valor) && (
        <p className="reg-form__wide ledger-total" data-testid="saldo-aberto">
          <span>Saldo em aberto</span>
          <strong>{formatBRL(saldo)}</strong>
        </p>
      )}
      {kind === "pagar" && (
        <p className="reg-form__wide ledger-question">
          Confirma o pagamento da conta {row.numerosParcela} do fornecedor {row.partyName}?
        </p>
      )}
      <Field label="Data de pagamento" required error={errors.dataPagamento}>
        <Input ref={dateRef} type="date" name="dataPagamento" max={today} value={values.dataPagamento} onValueChange={setDate} />
      </Field>
      <AccountSelect contas={contas} value={contaId} onChange={setContaId} error={errors.contaId} />
      {kind === "receber" ? (
        <>
          <div className={early > 0 && feesDate !== today ? "ledger-late ledger-late--early" : "ledger-late"} aria-live="polite">
            {timing}
          </div>
          <Field label={`Multa (${percent(rates.multaCentesimos)}%)`} error={errors.multa}>
            <MoneyInput name="multa" value={amount(values.multa)} onValueChange={(v, e) => setFee("multa", v, e)} />
          </Field>
          <Field label={`Juros (${percent(rates.jurosMensalCentesimos)}% ao mês)`} error={errors.juros}>
            <MoneyInput name="juros" value={amount(values.juros)} onValueChange={(v, e) => setFee("juros", v, e)} />
          </Field>
          <p className="reg-form__wide ledger-total">
            <span>Total a receber</span>
            <strong data-testid="total-baixa">{formatBRL(dueNow)}</strong>
          </p>
          <Field label="Valor recebido" required error={errors.valorBaixa}>
            <MoneyInput
              name="valorBaixa"
              value={parseMoney(values.valorBaixa)}
              onValueChange={(v, e) => {
                setMoneyErrors((current) => ({ ...current, valorBaixa: e ?? "" }));
                form.set("valorBaixa", v === null ? "" : money(v));
              }}
            />
          </Field>
          {missing > 0 && <ShortChoice missing={missing} tipo={tipo} onChange={chooseTipo} error={errors.tipo} />}
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
        {missing > 0 && <ShortChoice missing={missing} tipo={tipo} onChange={chooseTipo} error={errors.tipo} />}
        </>
      )}
    </FormDialog>
  );
}

/** The question a payment below what is due asks (issue 34 §1): the balance stays open, or a discount settles it. */
function ShortChoice({ missing, tipo, onChange, error }: { missing: Cents; tipo: Tipo; onChange(tipo: Tipo): void; error?: string }) {
  const id = "payment-short-error";
  return (
    <fieldset className="reg-form__wide ledger-short" aria-describedby={error ? id : undefined} aria-invalid={error ? true : undefined}>
      <legend>O valor é menor que o devido</legend>
      <label className="reg-form__check">
        <input type="radio" name="tipo" value="parcial" checked={tipo === "parcial"} onChange={() => onChange("parcial")} />
        <span>Pagamento parcial (fica saldo de {formatBRL(missing)})</span>
      </label>
      <label className="reg-form__check">
        <input type="radio" name="tipo" value="desconto" checked={tipo === "desconto"} onChange={() => onChange("desconto")} />
        <span>Quitar com desconto de {formatBRL(missing)}</span>
      </label>
      {error && (
        <p className="ui-field__error" id={id} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
