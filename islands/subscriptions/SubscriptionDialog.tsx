import { useEffect, useRef, useState } from "react";
import type { SubscriptionRulesJson } from "../../src/api/settings/model";
import {
  formatPercent,
  MONTH_NAMES,
  parsePercent,
  PERCENTUAL_INVALID,
  readjustedFee,
  STATUS_LABELS,
  subscriptionSchema,
  type OverlapJson,
  type ReadjustAnswer,
  type SubscriptionAnswer,
  type SubscriptionFormValues,
  type SubscriptionJson,
} from "../../src/api/subscriptions/model";
import { statusLabel } from "../../src/api/subscriptions/list-spec";
import { addDays, addMonthsToMonth, formatDateBR, monthOf } from "../../src/lib/dates";
import { centsToDecimal, formatBRL, parseMoney, sumCents, ZERO } from "../../src/lib/money";
import { billedOnStart, dueDateOf, firstMonthNotPast, upcomingMonths, type BilledMonth, type ScheduleSettings } from "../../src/lib/subscription-schedule";
import { Button } from "../../src/ui/Button";
import { ConfirmDialog } from "../../src/ui/ConfirmDialog";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Input } from "../../src/ui/Input";
import { MoneyInput } from "../../src/ui/MoneyInput";
import { Select } from "../../src/ui/Select";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "../lib/api";
import { useCanWrite } from "../lib/can-write";
import { FormDialog, useDialogForm } from "../lib/form";
import { RecordView } from "../lib/record-dialog";

export interface SubscriptionDialogProps {
  clientId: number;
  clientName: string;
  /** Today in APP_TZ (the browser has no APP_TZ): the preview starts from this month. */
  today: string;
  /** BLOCK_GRACE_DAYS: whether months already overdue on saving block the client at once. */
  graceDays: number;
  onClose(): void;
  /** After a save (the toast is already shown): the dialog closes, the list reloads. */
  onSaved(): void;
  /** After a readjustment, which the dialog shows open: the list reloads behind it. */
  onChanged(): void;
}

interface Loaded {
  subscription: SubscriptionJson;
  vencimentoEmDiaUtil: boolean;
  antecedenciaDias: number;
}

/**
 * A client's Assinatura (DECISIONS §8): loads the subscription and the business-day rule (every role may read the rules, not the settings),
 * then the form. While loading (or when loading fails) a small dialog says so. For a consulta
 * (DECISIONS §10) the same terms read-only: no Salvar, no "Aplicar reajuste", only "Fechar".
 */
export function SubscriptionDialog(props: SubscriptionDialogProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([api<SubscriptionJson>(`/api/clients/${props.clientId}/subscription`), api<SubscriptionRulesJson>("/api/settings/subscription-rules")])
      .then(([subscription, rules]) => current && setLoaded({ subscription, vencimentoEmDiaUtil: rules.vencimentoEmDiaUtil, antecedenciaDias: rules.antecedenciaDias }))
      .catch((error) => current && setFailed((error instanceof ApiError && error.serverMessage) || "Não foi possível carregar a assinatura."));
    return () => {
      current = false;
    };
  }, [props.clientId, version]);

  if (!loaded) {
    return (
      <Dialog open onClose={props.onClose} title={`Assinatura — ${props.clientName}`} size="sm" footer={<Button variant="secondary" onClick={props.onClose}>Fechar</Button>}>
        <p role={failed ? "alert" : "status"}>{failed ?? "Carregando a assinatura…"}</p>
      </Dialog>
    );
  }
  return (
    <SubscriptionForm
      key={version}
      {...props}
      loaded={loaded}
      onReadjusted={() => {
        setLoaded(null);
        setVersion((n) => n + 1);
        props.onChanged();
      }}
    />
  );
}

const DEFAULT_DAY = 10;

/** A new one starts at the first month not yet overdue (DECISIONS §8): saving it bills nothing late. */
const valuesOf = (s: SubscriptionJson, today: string, vencimentoEmDiaUtil: boolean): SubscriptionFormValues => ({
  status: s.status === "nao_iniciada" ? "ativa" : s.status,
  valor: s.valor === "0.00" ? "" : s.valor,
  diaVencimento: s.diaVencimento === null ? String(DEFAULT_DAY) : String(s.diaVencimento),
  inicio: s.inicio ?? firstMonthNotPast(today, DEFAULT_DAY, vencimentoEmDiaUtil),
  fim: s.fim ?? "",
  trialAte: s.trialAte ?? "",
  reajusteMes: s.reajuste ? String(s.reajuste.mes) : "",
});

/** What the API takes from the form's values (the same schema checks both). */
const bodyOf = (v: SubscriptionFormValues, extra: { confirmarSobreposicao: boolean; atualizarParcelasAbertas: boolean }) => ({
  status: v.status,
  valor: v.valor,
  diaVencimento: v.diaVencimento,
  inicio: v.inicio,
  fim: v.fim || null,
  trialAte: v.trialAte || null,
  reajuste: v.reajusteMes ? { mes: v.reajusteMes } : null,
  ...extra,
});

/** The installments made by hand a 409 names when the terms would bill their months again. */
const overlapOf = (error: unknown) => (error instanceof ApiError && error.status === 409 ? (error.body as { sobreposicao?: OverlapJson[] } | null)?.sobreposicao : undefined);

const noExtras = { confirmarSobreposicao: false, atualizarParcelasAbertas: false };
/** The API's schema over the form's values; its "reajuste" message shows under the month. */
const formSchema = {
  safeParse(values: unknown) {
    const result = subscriptionSchema.safeParse(bodyOf(values as SubscriptionFormValues, noExtras));
    if (result.success) return result;
    return { success: false as const, error: { issues: result.error.issues.map((issue) => (issue.path[0] === "reajuste" ? { ...issue, path: ["reajusteMes"] } : issue)) } };
  },
};

/**
 * Where the preview starts: the month of the next due date the server reported (the months before
 * it are generated already), else this month or the start, whichever is later.
 */
function previewFrom(s: SubscriptionJson, inicio: string, today: string, vencimentoEmDiaUtil: boolean): string {
  const fresh = monthOf(today) > inicio ? monthOf(today) : inicio;
  if (!s.proximoVencimento || s.diaVencimento === null) return fresh;
  // A due date moved to the next business day can fall in the following month.
  const month = monthOf(s.proximoVencimento);
  const before = addMonthsToMonth(month, -1);
  return dueDateOf(before, s.diaVencimento, vencimentoEmDiaUtil) === s.proximoVencimento ? before : month;
}

/**
 * The months a save would bill already overdue (DECISIONS §8), by the server's own schedule: for a
 * start, every overdue month from `inicio`; for an active one whose start moves earlier, those
 * before the old start (the later ones went through the run already). None when it bills nothing
 * now: paused, ended, resumed (a resume never back-fills), a fee of zero.
 */
function lateOnSave(s: SubscriptionJson, v: SubscriptionFormValues, settings: ScheduleSettings, today: string): BilledMonth[] {
  const dia = Number(v.diaVencimento);
  if (v.status !== "ativa" || !/^\d{4}-\d{2}$/.test(v.inicio) || !Number.isInteger(dia) || dia < 1 || dia > 31) return [];
  if ((parseMoney(v.valor) ?? ZERO) <= 0) return [];
  const movedEarlier = s.status === "ativa" && s.inicio !== null && v.inicio < s.inicio;
  if (s.status !== "nao_iniciada" && !movedEarlier) return [];
  const { overdue } = billedOnStart({ diaVencimento: dia, inicio: v.inicio, fim: v.fim || null, trialAte: v.trialAte || null }, settings, today);
  return movedEarlier ? overdue.filter((m) => m.competencia < s.inicio!) : overdue;
}

const STATUS_OPTIONS = [
  { value: "ativa", label: "Ativa" },
  { value: "pausada", label: "Pausada" },
  { value: "encerrada", label: "Encerrada" },
];
const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MONTH_OPTIONS = [{ value: "", label: "Sem reajuste anual" }, ...MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name[0]!.toUpperCase() + name.slice(1) }))];

function SubscriptionForm({ clientId, clientName, today, graceDays, loaded, onClose, onSaved, onReadjusted }: SubscriptionDialogProps & { loaded: Loaded; onReadjusted(): void }) {
  const readOnly = !useCanWrite();
  const { subscription, vencimentoEmDiaUtil, antecedenciaDias } = loaded;
  const starting = subscription.status === "nao_iniciada";
  const [overlap, setOverlap] = useState<OverlapJson[] | null>(null);
  // Set by the question's "Sim" answer around the submit it starts (a ref: the submit reads it at once).
  const confirmOverlap = useRef(false);
  const question = useRef<HTMLDivElement>(null);
  const [updateOpen, setUpdateOpen] = useState(false);
  const [feeError, setFeeError] = useState<string | null>(null);
  const firstField = useRef<HTMLSelectElement>(null);
  const dialog = useDialogForm<SubscriptionFormValues>(formSchema, valuesOf(subscription, today, vencimentoEmDiaUtil), {
    async send(values) {
      try {
        return await api<SubscriptionAnswer>(`/api/clients/${clientId}/subscription`, {
          method: "PUT",
          body: bodyOf(values, { confirmarSobreposicao: confirmOverlap.current, atualizarParcelasAbertas: updateOpen }),
        });
      } catch (error) {
        const found = overlapOf(error);
        if (found) setOverlap(found);
        throw error;
      }
    },
    // The overlap is a question with its two answers in the dialog, not an error (issue 37 item 8).
    asked: (error) => overlapOf(error) !== undefined,
    failedMessage: "Não foi possível salvar a assinatura.",
    extraErrors: (): Record<string, string> => (feeError ? { valor: feeError } : {}),
    onSaved,
    onClose,
  });
  const { form, field } = dialog;
  // The question takes the focus when it appears, so it is read out and its answers are next.
  useEffect(() => {
    if (overlap?.length) question.current?.focus();
  }, [overlap]);
  const values = form.values;
  const feeChanged = !starting && values.valor !== subscription.valor && parseMoney(values.valor) !== null;

  const inicio = /^\d{4}-\d{2}$/.test(values.inicio) ? values.inicio : monthOf(today);
  const preview = upcomingMonths(
    { diaVencimento: Number(values.diaVencimento) || 1, inicio, fim: values.fim || null, trialAte: values.trialAte || null },
    vencimentoEmDiaUtil,
    previewFrom(subscription, inicio, today, vencimentoEmDiaUtil),
    6,
  );
  const late = lateOnSave(subscription, values, { vencimentoEmDiaUtil, antecedenciaDias }, today);
  const blocking = late.length > 0 && late.some((m) => m.vencimento < addDays(today, -graceDays));
  const fee = parseMoney(values.valor) ?? ZERO;
  const lateWarning = late.length > 0 && (
    <p className="generate-warning sub-dialog__late" role="status">
      <Icon name="alert" size={18} />
      <span>
        {late.length === 1 ? "1 parcela já vencida" : `${late.length} parcelas já vencidas`} (desde {formatDateBR(late[0]!.vencimento)}), total de{" "}
        {formatBRL(sumCents(late.map(() => fee)))}: {late.length === 1 ? "entra como vencida" : "entram como vencidas"}
        {blocking
          ? ` ao salvar e ${clientName} será bloqueado automaticamente.`
          : graceDays > 0
            ? ` ao salvar; o bloqueio automático vem após ${graceDays} ${graceDays === 1 ? "dia" : "dias"} de atraso.`
            : " ao salvar."}
      </span>
    </p>
  );

  // The terms: the form's fields (disabled in a consulta's view).
  const terms = (
    <div className="sub-dialog__grid">
      <Field label="Situação" error={form.errors.status}>
        <Select ref={firstField} name="status" options={STATUS_OPTIONS} value={values.status} onValueChange={(status) => form.set("status", status as SubscriptionFormValues["status"])} />
      </Field>
      <Field label="Mensalidade" error={form.errors.valor}>
        <MoneyInput
          name="valor"
          placeholder="0,00"
          value={parseMoney(values.valor)}
          onValueChange={(c, error) => {
            setFeeError(error);
            form.set("valor", c === null ? "" : centsToDecimal(c));
          }}
        />
      </Field>
      <Field label="Dia de vencimento" error={form.errors.diaVencimento} hint="No mês sem esse dia, o último dia do mês.">
        <Select
          name="diaVencimento"
          options={DAY_OPTIONS}
          value={values.diaVencimento}
          onValueChange={(dia) => {
            // A start still at its default follows the day: the first month not overdue with the new one.
            if (starting && values.inicio === firstMonthNotPast(today, Number(values.diaVencimento), vencimentoEmDiaUtil)) {
              form.set("inicio", firstMonthNotPast(today, Number(dia), vencimentoEmDiaUtil));
            }
            form.set("diaVencimento", dia);
          }}
        />
      </Field>
      <Field label="Início (primeiro mês cobrado)" error={form.errors.inicio} hint={starting ? "Sugerido: o primeiro mês ainda não vencido." : undefined}>
        <Input type="month" {...field("inicio")} />
      </Field>
      <Field label="Fim (último mês cobrado)" error={form.errors.fim} hint={values.status === "encerrada" ? "Obrigatório para encerrar." : "Opcional."}>
        <Input type="month" {...field("fim")} />
      </Field>
      <Field label="Trial até" error={form.errors.trialAte} hint="Meses que vencem antes desta data não são cobrados.">
        <Input type="date" {...field("trialAte")} />
      </Field>
      <Field label="Mês do reajuste anual" error={form.errors.reajusteMes}>
        <Select name="reajusteMes" options={MONTH_OPTIONS} value={values.reajusteMes} onValueChange={(mes) => form.set("reajusteMes", mes)} />
      </Field>
    </div>
  );
  const previewSection = (
    <section className="sub-dialog__preview" aria-labelledby="sub-preview-title">
      <h3 id="sub-preview-title">Próximos vencimentos</h3>
      {/* `fim` is the last month billed whatever the status: an ended one lists what is left up to it. */}
      {values.status === "pausada" ? (
        <p className="sub-dialog__muted">Pausada: nenhuma parcela é gerada.</p>
      ) : preview.length === 0 ? (
        <p className="sub-dialog__muted">{values.status === "encerrada" ? "Encerrada: nenhuma parcela é gerada após o fim." : "Nenhum mês a cobrar com estas datas."}</p>
      ) : (
        <ol className="sub-dialog__months">
          {preview.map((m) => (
            <li key={m.competencia}>
              <span>{`${m.competencia.slice(5, 7)}/${m.competencia.slice(0, 4)}`}</span>
              <span>{formatDateBR(m.vencimento)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );

  const status = (
    <p className="sub-dialog__status">
      Situação atual: <strong>{statusLabel(subscription, today)}</strong>
      {subscription.proximoVencimento && <> · próximo vencimento {formatDateBR(subscription.proximoVencimento)}</>}
    </p>
  );

  if (readOnly) {
    // A consulta reads the terms as they are; one not started yet has none (the form's defaults are no one's terms).
    return (
      <RecordView title={`Assinatura — ${clientName}`} onClose={onClose} size="lg" className="sub-dialog">
        {status}
        {starting ? (
          <p className="sub-dialog__muted">Este cliente ainda não tem assinatura.</p>
        ) : (
          <>
            {terms}
            {previewSection}
            {subscription.ultimoReajuste && <p className="sub-dialog__muted">Último reajuste em {formatDateBR(subscription.ultimoReajuste)}.</p>}
          </>
        )}
      </RecordView>
    );
  }

  return (
    <FormDialog
      title={starting ? `Iniciar assinatura — ${clientName}` : `Assinatura — ${clientName}`}
      dialog={dialog}
      onCancel={dialog.requestClose}
      initialFocusRef={firstField}
      size="lg"
      submitLabel={starting ? "Iniciar assinatura" : "Salvar"}
      className="sub-dialog"
    >
      {status}
      {terms}
      {lateWarning}

      {feeChanged && (
        <label className="reg-form__check">
          <input type="checkbox" name="atualizarParcelasAbertas" checked={updateOpen} onChange={(e) => setUpdateOpen(e.currentTarget.checked)} />
          <span>Aplicar o novo valor também às parcelas em aberto desta assinatura que ainda não venceram</span>
        </label>
      )}

      {overlap && overlap.length > 0 && (
        <div ref={question} className="sub-dialog__overlap" role="group" aria-labelledby="sub-overlap-title" tabIndex={-1}>
          <p id="sub-overlap-title" className="sub-dialog__question">
            <Icon name="info" size={18} />
            <strong>
              {overlap.length === 1 ? "Já existe uma parcela lançada à mão" : `Já existem ${overlap.length} parcelas lançadas à mão`} nos meses que a
              assinatura cobraria. Salvar sem cobrar esses meses de novo?
            </strong>
          </p>
          <ul>
            {overlap.map((o) => (
              <li key={o.id}>
                {o.descricao} — parcela {o.numerosParcela}, vence {formatDateBR(o.dataVencimento)}, {formatBRL(parseMoney(o.valor) ?? ZERO)}
              </li>
            ))}
          </ul>
          <div className="sub-dialog__answers">
            <Button
              variant="secondary"
              onClick={() => {
                setOverlap(null);
                dialog.formRef.current?.querySelector<HTMLInputElement>('input[name="inicio"]')?.focus();
              }}
            >
              Não, alterar as datas
            </Button>
            <Button
              variant="primary"
              loading={dialog.saving}
              onClick={() => {
                // The submit event runs at once and sends before its first await: the answer holds for this save only.
                confirmOverlap.current = true;
                dialog.formRef.current?.requestSubmit();
                confirmOverlap.current = false;
              }}
            >
              Sim, salvar sem cobrá-los
            </Button>
          </div>
        </div>
      )}

      {previewSection}

      {!starting && subscription.status !== "encerrada" && <Readjustment clientId={clientId} subscription={subscription} today={today} onApplied={onReadjusted} />}
    </FormDialog>
  );
}

const monthLabel = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;

/**
 * "Aplicar reajuste": the percentage a person types, the new fee shown (the server's own rounding),
 * then a confirmation naming the month it applies from — applying it is not part of the form's
 * Salvar, and the form's Cancelar does not undo it. In the first year after `inicio`, and within 12
 * months of the last one (Lei 10.192/2001 art. 2º §1º), it says from when instead.
 */
function Readjustment({ clientId, subscription, today, onApplied }: { clientId: number; subscription: SubscriptionJson; today: string; onApplied(): void }) {
  const [typed, setTyped] = useState("");
  const [asking, setAsking] = useState(false);
  const percent = typed.trim() === "" ? null : parsePercent(typed);
  const valor = parseMoney(subscription.valor) ?? ZERO;
  const novo = percent === null ? null : readjustedFee(valor, percent);
  const allowedFrom = subscription.reajustePermitidoEm;
  const waiting = allowedFrom !== null && today < allowedFrom;
  const from = subscription.reajusteAPartirDe ? monthLabel(subscription.reajusteAPartirDe) : null;

  async function apply() {
    try {
      const answer = await api<ReadjustAnswer>(`/api/clients/${clientId}/subscription/readjust`, { method: "POST", body: { percentual: typed } });
      setAsking(false);
      toast({ title: serverMessage(answer) ?? "Reajuste aplicado", description: `${formatBRL(parseMoney(answer.valorAnterior) ?? ZERO)} → ${formatBRL(parseMoney(answer.valorNovo) ?? ZERO)}` });
      onApplied();
    } catch (error) {
      setAsking(false);
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível aplicar o reajuste.", variant: "destructive" });
    }
  }

  return (
    <section className="sub-dialog__readjust" aria-labelledby="sub-readjust-title">
      <h3 id="sub-readjust-title">Aplicar reajuste</h3>
      {waiting ? (
        <p className="sub-dialog__muted">
          {subscription.ultimoReajuste
            ? `Último reajuste em ${formatDateBR(subscription.ultimoReajuste)}; o próximo pode ser aplicado a partir de ${formatDateBR(allowedFrom)} (um por período de 12 meses, Lei 10.192/2001).`
            : `O primeiro reajuste pode ser aplicado a partir de ${formatDateBR(allowedFrom)}, 12 meses após o início (Lei 10.192/2001).`}
        </p>
      ) : (
        <div className="sub-dialog__readjust-row">
          <Field label="Percentual (ex.: IPCA ou IGP-M dos últimos 12 meses)" error={typed.trim() !== "" && percent === null ? PERCENTUAL_INVALID : undefined}>
            <Input name="percentual" inputMode="decimal" autoComplete="off" placeholder="4,62" value={typed} onValueChange={setTyped} />
          </Field>
          <p className="sub-dialog__newfee" aria-live="polite">
            {novo !== null && percent !== null ? (
              <>
                Nova mensalidade: <strong>{formatBRL(novo)}</strong> (de {formatBRL(valor)}, {formatPercent(percent)}%), {from ? `a partir de ${from}` : "a partir do próximo mês ainda não gerado"}
              </>
            ) : (
              "Digite o percentual para ver a nova mensalidade."
            )}
          </p>
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={percent === null}>
            Aplicar reajuste
          </Button>
        </div>
      )}
      {novo !== null && percent !== null && (
        <ConfirmDialog
          open={asking}
          title="Aplicar reajuste"
          message={
            <>
              {from ? `O reajuste vale a partir de ${from}` : "O reajuste vale a partir do próximo mês ainda não gerado"}: a mensalidade passa de {formatBRL(valor)} para{" "}
              {formatBRL(novo)} ({formatPercent(percent)}%). As parcelas já geradas não mudam, e o próximo reajuste só poderá ser aplicado daqui a 12 meses.
            </>
          }
          confirmLabel="Aplicar reajuste"
          onConfirm={apply}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
