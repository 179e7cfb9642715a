// A bank account's create/edit dialog (issue 34 §3): the bank from the FEBRABAN list (a datalist
// the server sent: searchable by name or code), branch, number, apelido, opening balance and
// date, default and active. The routes parse with the same schema.
import { useId, useRef } from "react";
import { accountSchema, MAX_APELIDO, type AccountJson, type BankChoice } from "../../src/api/accounts/model";
import { centsToDecimal, parseMoney, type Cents } from "../../src/lib/money";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { MoneyInput } from "../../src/ui/MoneyInput";
import { api } from "../lib/api";
import { FormDialog, useDialogForm } from "../lib/form";

/** A new account's fields already known (a statement's numbers: "Cadastrar esta conta"). */
export interface AccountDraft {
  banco: string;
  agencia: string;
  conta: string;
  /** The statement it is asked from: attached to the new account in the same request. */
  extratoId?: number;
  /** The bank's own balance, when the statement has it (LEDGERBAL), and the day it opens. */
  saldoInicial?: string;
  saldoInicialData?: string;
}

interface AccountValues {
  /** What the person chose or typed: "Itaú Unibanco (341)" or "341". */
  banco: string;
  agencia: string;
  conta: string;
  apelido: string;
  saldoInicial: string;
  saldoInicialData: string;
  padrao: boolean;
  ativa: boolean;
}

export interface AccountDialogProps {
  record: AccountJson | null;
  draft?: AccountDraft;
  banks: BankChoice[];
  today: string;
  /** No account yet: the first one is proposed as the default. */
  first?: boolean;
  onClose(): void;
  onSaved(): void;
}

const bankText = (code: string, banks: BankChoice[]) => banks.find((b) => b.codigo === code)?.nome ?? code;

export function AccountDialog({ record, draft, banks, today, first, onClose, onSaved }: AccountDialogProps) {
  const bancoRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const initial: AccountValues = {
    banco: record ? bankText(record.banco, banks) : draft ? bankText(draft.banco, banks) : "",
    agencia: record?.agencia ?? draft?.agencia ?? "",
    conta: record?.conta ?? draft?.conta ?? "",
    apelido: record?.apelido ?? "",
    saldoInicial: record?.saldoInicial ?? draft?.saldoInicial ?? "0.00",
    saldoInicialData: record?.saldoInicialData ?? draft?.saldoInicialData ?? today,
    padrao: record?.padrao ?? Boolean(first),
    ativa: record?.ativa ?? true,
  };
  const dialog = useDialogForm(accountSchema, initial, {
    send: (values) =>
      record
        ? api(`/api/accounts/${record.id}`, { method: "PATCH", body: values })
        : api("/api/accounts", { method: "POST", body: { ...values, ...(draft?.extratoId ? { extratoId: draft.extratoId } : {}) } }),
    savedTitle: record ? "Conta bancária atualizada" : "Conta bancária cadastrada",
    failedMessage: "Não foi possível salvar a conta bancária.",
    conflictField: () => "conta",
    onSaved,
    onClose,
  });
  const { form, field } = dialog;
  const saldo = parseMoney(form.values.saldoInicial);
  const negative = saldo !== null && saldo < 0;
  const setSaldo = (value: Cents | null, negate: boolean) => form.set("saldoInicial", value === null ? "" : centsToDecimal((negate && value !== 0 ? -Math.abs(value) : Math.abs(value)) as Cents));
  return (
    <FormDialog title={record ? "Editar conta bancária" : "Nova conta bancária"} dialog={dialog} onCancel={onClose} initialFocusRef={bancoRef} className="account-dialog">
      <Field label="Banco" required error={form.errors.banco} hint="Digite o nome ou o código (ex.: 341) e escolha na lista" className="reg-form__wide">
        <Input ref={bancoRef} list={listId} autoComplete="off" spellCheck={false} {...field("banco")} />
      </Field>
      <datalist id={listId}>
        {banks.map((b) => (
          <option key={b.codigo} value={b.nome} />
        ))}
      </datalist>
      <Field label="Agência" error={form.errors.agencia}>
        <Input inputMode="numeric" autoComplete="off" maxLength={20} {...field("agencia")} />
      </Field>
      <Field label="Conta" required error={form.errors.conta} hint="Com o dígito: 56789-0">
        <Input autoComplete="off" maxLength={20} {...field("conta")} />
      </Field>
      <Field label="Apelido" error={form.errors.apelido} hint="Opcional: como a empresa chama a conta (ex.: Conta movimento)" className="reg-form__wide">
        <Input maxLength={MAX_APELIDO} {...field("apelido")} />
      </Field>
      <Field label="Saldo inicial" error={form.errors.saldoInicial}>
        <MoneyInput name="saldoInicial" value={saldo === null ? null : (Math.abs(saldo) as Cents)} onValueChange={(value) => setSaldo(value, negative)} />
      </Field>
      <Field label="Data do saldo inicial" required error={form.errors.saldoInicialData} hint="O saldo no início deste dia: os pagamentos desta data em diante somam a ele">
        <Input type="date" {...field("saldoInicialData")} />
      </Field>
      <label className="reg-form__wide account-check">
        <input type="checkbox" checked={negative} onChange={(event) => setSaldo(saldo === null ? 0 as Cents : (Math.abs(saldo) as Cents), event.currentTarget.checked)} />
        Saldo inicial negativo (conta no cheque especial)
      </label>
      <label className="reg-form__wide account-check">
        <input type="checkbox" checked={form.values.padrao} onChange={(event) => form.set("padrao", event.currentTarget.checked)} />
        Conta padrão (vem escolhida ao dar baixa)
      </label>
      {form.errors.padrao && <p className="reg-form__wide ui-field__error" role="alert">{form.errors.padrao}</p>}
      {record && (
        <label className="reg-form__wide account-check">
          <input type="checkbox" checked={form.values.ativa} onChange={(event) => form.set("ativa", event.currentTarget.checked)} />
          Ativa (aparece ao dar baixa e na conciliação)
        </label>
      )}
    </FormDialog>
  );
}
