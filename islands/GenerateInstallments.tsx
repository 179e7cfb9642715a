import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { addDays, formatDateBR } from "../src/lib/dates";
import { splitInstallments, MAX_INSTALLMENTS, MIN_INSTALLMENTS } from "../src/lib/installments";
import { centsToDecimal, formatBRL, parseMoney } from "../src/lib/money";
import { Button } from "../src/ui/Button";
import { Field } from "../src/ui/Field";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { MoneyInput } from "../src/ui/MoneyInput";
import { toast } from "../src/ui/toast";
import { api, ApiError, serverMessage } from "./lib/api";
import { schemaOnDemand, useForm } from "./lib/use-form";

// zod and the plan's rules load with the form's first use, not with the page (issue 38 §7).
const generateSchemas = {
  receber: schemaOnDemand(() => import("./ledger/schemas").then((m) => m.generateSchemas.receber)),
  pagar: schemaOnDemand(() => import("./ledger/schemas").then((m) => m.generateSchemas.pagar)),
} satisfies Record<LedgerKind, unknown>;
import { LEDGER_KINDS, type LedgerKind } from "./ledger/kinds";
import { PartyPicker, type Party } from "./lib/PartyPicker";
import { Select } from "../src/ui/Select";
import type { LedgerChoices } from "../src/api/categories/model";

export interface GenerateInstallmentsProps {
  kind: LedgerKind;
  /** Today in APP_TZ: the first due date's suggestion. */
  today: string;
  /** BLOCK_GRACE_DAYS: how late an installment may be before it blocks its client. */
  graceDays: number;
  /** The side's categories and the cost centres (issue 36). */
  choices: LedgerChoices;
}

/** The form as the API takes it; the party's id is under clientId or supplierId. */
interface GenerateValues {
  clientId?: string;
  supplierId?: string;
  numParcelas: string;
  valor: string;
  primeiroVencimento: string;
  descricao: string;
  /** "": the default (the supplier's own, else Serviços avulsos / Fornecedores: migration 0025). */
  categoriaId: string;
  centroCustoId: string;
}

const EMPTY = (today: string): GenerateValues => ({ numParcelas: "1", valor: "", primeiroVencimento: today, descricao: "", categoriaId: "", centroCustoId: "" });

/**
 * GERAR PARCELAS CR / CP (SPEC §2): the plan's form and a live preview computed with the same
 * splitInstallments the server uses, so what is shown is exactly what will be stored.
 */
// crypto.randomUUID needs a secure context; getRandomValues works over plain http too.
const submitKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

export default function GenerateInstallments({ kind, today, graceDays, choices }: GenerateInstallmentsProps) {
  const info = LEDGER_KINDS[kind];
  const form = useForm<GenerateValues>(generateSchemas[kind], EMPTY(today));
  const { values, errors } = form;
  const [party, setParty] = useState<Party | null>(null);
  const [valorError, setValorError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<{ party: Party; count: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const previewId = useId();

  const valorCents = parseMoney(values.valor);
  const plan = useMemo(() => {
    const n = Number(values.numParcelas);
    try {
      return valorCents ? splitInstallments(valorCents, n, values.primeiroVencimento) : [];
    } catch {
      return []; // an incomplete form has no plan yet
    }
  }, [valorCents, values.numParcelas, values.primeiroVencimento]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setDone(null);
    const extra: Record<string, string> = valorError ? { valor: valorError } : {};
    // An on-demand schema may still be loading: the form counts as saving meanwhile (one batch).
    setSaving(true);
    const valid = form.ready ? form.validate(extra) : await form.checked(extra);
    if (!valid) {
      setSaving(false);
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      // One key per submit: a retried or doubled request gets this batch back, not a second one.
      const answer = await api(`${info.list.endpoint}/generate`, { method: "POST", body: values, headers: { "idempotency-key": submitKey() } });
      toast({ title: serverMessage(answer) ?? "Parcelas geradas com sucesso!" });
      setDone({ party: party!, count: Number(values.numParcelas) });
      clear();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) form.setErrors(apiError.errors);
      // SPEC §8: 'Erro ao gerar parcelas' (CR adds 'Tente novamente').
      toast({ title: "Erro ao gerar parcelas", description: apiError?.serverMessage ?? "Tente novamente", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  function clear() {
    form.reset(EMPTY(today));
    setParty(null);
    setValorError(null);
  }

  // Said before saving: installments already past due are overdue at once and (receivables,
  // past the grace days) block the client in the same save.
  const overdue = plan.filter((p) => p.dataVencimento < today);
  const blocking = kind === "receber" && plan.some((p) => p.dataVencimento < addDays(today, -graceDays));
  const each = plan[0]?.valor;
  const last = plan.at(-1)?.valor;

  return (
    <div className="generate">
      <form ref={formRef} className="generate-form list-card" noValidate onSubmit={submit} aria-describedby={previewId} {...form.intent}>
        <Field label={info.partyLabel} required error={errors[info.partyParam]} className="reg-form__wide">
          <PartyPicker
            endpoint={info.partyEndpoint}
            value={party}
            placeholder={`Buscar ${info.partyLabel.toLowerCase()} por nome, CNPJ ou e-mail`}
            onChange={(chosen) => {
              setParty(chosen);
              form.set(info.partyParam, chosen ? String(chosen.id) : "");
            }}
          />
        </Field>
        {party?.statusBloqueio === 1 && (
          <p className="generate-note reg-form__wide" role="note">
            <Icon name="lock" size={16} />
            {kind === "receber"
              ? "Este cliente está bloqueado. As parcelas serão geradas mesmo assim."
              : "Este fornecedor está bloqueado. As contas serão registradas mesmo assim."}
          </p>
        )}
        <Field label="Número de parcelas" required error={errors.numParcelas}>
          <Input
            type="number"
            inputMode="numeric"
            min={MIN_INSTALLMENTS}
            max={MAX_INSTALLMENTS}
            step={1}
            name="numParcelas"
            value={values.numParcelas}
            onValueChange={(v) => form.set("numParcelas", v)}
          />
        </Field>
        <Field label="Valor total" required error={errors.valor}>
          <MoneyInput
            name="valor"
            placeholder="0,00"
            value={valorCents}
            onValueChange={(cents, error) => {
              setValorError(error);
              form.set("valor", cents === null ? "" : centsToDecimal(cents));
            }}
          />
        </Field>
        <Field label="Primeiro vencimento" required error={errors.primeiroVencimento}>
          <Input type="date" name="primeiroVencimento" value={values.primeiroVencimento} onValueChange={(v) => form.set("primeiroVencimento", v)} />
        </Field>
        <Field label="Descrição" required error={errors.descricao}>
          <Input name="descricao" maxLength={500} placeholder="Ex.: Mensalidade 2027" value={values.descricao} onValueChange={(v) => form.set("descricao", v)} />
        </Field>
        <Field label="Categoria" error={errors.categoriaId}>
          <Select
            name="categoriaId"
            placeholder={kind === "receber" ? "Padrão: Serviços avulsos" : "Padrão: a do fornecedor (ou Fornecedores)"}
            options={choices.categorias.filter((c) => c.ativa).map((c) => ({ value: String(c.id), label: c.nome }))}
            value={values.categoriaId}
            onValueChange={(v) => form.set("categoriaId", v)}
          />
        </Field>
        {choices.centros.some((c) => c.ativo) && (
          <Field label="Centro de custo" error={errors.centroCustoId}>
            <Select
              name="centroCustoId"
              placeholder="Nenhum"
              options={choices.centros.filter((c) => c.ativo).map((c) => ({ value: String(c.id), label: c.nome }))}
              value={values.centroCustoId}
              onValueChange={(v) => form.set("centroCustoId", v)}
            />
          </Field>
        )}
        <div className="generate-actions reg-form__wide">
          <Button variant="secondary" onClick={clear} disabled={saving}>
            Limpar
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {saving ? "Gerando..." : "Gerar Parcelas"}
          </Button>
        </div>
        {done && (
          <p className="generate-done reg-form__wide" role="status">
            <Icon name="check" size={18} />
            {`${done.count} ${done.count === 1 ? "parcela gerada" : "parcelas geradas"} para ${done.party.nome}.`}{" "}
            <a href={`${info.list.path}?${info.partyParam}=${done.party.id}`}>Ver as parcelas</a>
          </p>
        )}
      </form>

      <section className="generate-preview list-card" id={previewId} aria-labelledby={`${previewId}-title`}>
        <h2 className="generate-preview__title" id={`${previewId}-title`}>
          Prévia das parcelas
        </h2>
        {plan.length === 0 ? (
          <p className="generate-preview__empty">Preencha o número de parcelas, o valor total e o primeiro vencimento para ver a prévia.</p>
        ) : (
          <>
            {overdue.length > 0 && (
              <p className="generate-warning" role="status">
                <Icon name="alert" size={18} />
                <span>
                  {overdue.length === 1 ? "1 parcela já vencida" : `${overdue.length} parcelas já vencidas`} (desde{" "}
                  {formatDateBR(overdue[0]!.dataVencimento)}): {overdue.length === 1 ? "entra" : "entram"} como vencida
                  {overdue.length === 1 ? "" : "s"}
                  {blocking
                    ? party
                      ? ` e ${party.nome} será bloqueado automaticamente.`
                      : " e o cliente será bloqueado automaticamente."
                    : kind === "receber" && graceDays > 0
                      ? `; o bloqueio automático vem após ${graceDays} ${graceDays === 1 ? "dia" : "dias"} de atraso.`
                      : "."}
                </span>
              </p>
            )}
            <p className="generate-preview__totals">
              <span>
                <strong>{plan.length}</strong> {plan.length === 1 ? "parcela" : "parcelas"}
              </span>
              <span>
                de <strong>{formatBRL(each!)}</strong>
                {last !== each && <> (a última de {formatBRL(last!)})</>}
              </span>
            </p>
            <div className="ui-table-wrap">
              <table className="ui-table" aria-label="Prévia das parcelas">
                <thead>
                  <tr>
                    <th className="ui-table__th" scope="col">Parcela</th>
                    <th className="ui-table__th" scope="col">Vencimento</th>
                    <th className="ui-table__th ui-table--end" scope="col">Valor</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.map((p) => (
                    <tr key={p.numerosParcela}>
                      <td className="ui-table__td">{p.numerosParcela}</td>
                      <td className="ui-table__td">{formatDateBR(p.dataVencimento)}</td>
                      <td className="ui-table__td ui-table--end">{formatBRL(p.valor)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td className="ui-table__td" colSpan={2}>
                      Total
                    </td>
                    <td className="ui-table__td ui-table--end">
                      <strong>{formatBRL(valorCents!)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
