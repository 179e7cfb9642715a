import { useEffect, useRef, useState } from "react";
import {
  clientFormValues,
  clientSchema,
  emptyClientForm,
  type ClientFormValues,
  type ClientJson,
} from "../../src/api/clients/model";
import type { SubscriptionJson } from "../../src/api/subscriptions/model";
import { maskCnpj, maskPhone } from "../../src/lib/brazil";
import { formatDateBR } from "../../src/lib/dates";
import { centsToDecimal, parseMoney, ZERO } from "../../src/lib/money";
import { Button } from "../../src/ui/Button";
import { Field } from "../../src/ui/Field";
import { Input } from "../../src/ui/Input";
import { MoneyInput } from "../../src/ui/MoneyInput";
import type { SubscriptionRulesJson } from "../../src/api/settings/model";
import { billedOnStart, firstMonthNotPast } from "../../src/lib/subscription-schedule";
import { cents, formatBRL } from "../../src/lib/money";
import { Select } from "../../src/ui/Select";
import { api, ApiError } from "../lib/api";
import { useCanWrite } from "../lib/can-write";
import { FormDialog, useDialogForm } from "../lib/form";
import { RecordView } from "../lib/record-dialog";

/** The fields the dialog reads from a row (the list carries no more than this). */
export type ClientFormSource = Pick<
  ClientJson,
  "id" | "nome" | "cnpj" | "contato" | "telefone" | "email" | "url" | "valorMensalidade" | "codigoCliente" | "isTrial" | "naoEnviarCobrancas"
>;

export interface ClientFormDialogProps {
  /** The client being edited, or null for a new one. */
  client: ClientFormSource | null;
  onClose(): void;
  /** After a successful save (the toast is already shown). */
  onSaved(): void;
  /** Today in APP_TZ: whether the subscription's trial still runs. */
  today: string;
  /** Closes this dialog and opens the client's Assinatura (where a running subscription's trial is changed). */
  onOpenSubscription?(): void;
}

/** The trial a running subscription (ativa or pausada) holds: then it is the client's, read-only here. */
type SubscriptionTrial = { state: "loading" } | { state: "none" } | { state: "running"; trialAte: string | null; trial: boolean };

/**
 * The client's subscription, for an edit (a new client has none). If it cannot be read, the box
 * stays: the API refuses a trial that disagrees with a running subscription (409), never a no-op.
 */
function useSubscriptionTrial(clientId: number | null, today: string): SubscriptionTrial {
  const [trial, setTrial] = useState<SubscriptionTrial>(clientId === null ? { state: "none" } : { state: "loading" });
  useEffect(() => {
    if (clientId === null) return;
    let current = true;
    api<SubscriptionJson>(`/api/clients/${clientId}/subscription`)
      .then((s) => {
        if (!current) return;
        const running = s.status === "ativa" || s.status === "pausada";
        setTrial(running ? { state: "running", trialAte: s.trialAte, trial: s.trialAte !== null && s.trialAte > today } : { state: "none" });
      })
      .catch(() => current && setTrial({ state: "none" }));
    return () => {
      current = false;
    };
  }, [clientId, today]);
  return trial;
}

// useForm wants an index-signature-compatible type; a mapped copy of the interface is one.
type FormValues = Pick<ClientFormValues, keyof ClientFormValues>;

/** A 409 about CNPJ or code belongs under that field; anything else goes to the top of the form. */
function conflictField(message: string): keyof FormValues | null {
  if (/cnpj/i.test(message)) return "cnpj";
  if (/c[oó]digo/i.test(message)) return "codigoCliente";
  return null;
}

/**
 * 'Novo Cliente' / 'Editar Cliente' (SPEC §2, §5). Mounted only while open, so every opening
 * starts from the row (or empty). Validates with the API's schema and sends the raw values.
 * For a consulta it is the row's "Ver": 'Cliente', the same fields disabled, only "Fechar"
 * (the URL is shown nowhere else).
 */
export function ClientFormDialog({ client, onClose, onSaved, today, onOpenSubscription }: ClientFormDialogProps) {
  const readOnly = !useCanWrite();
  const editing = client !== null;
  const [feeError, setFeeError] = useState<string | null>(null);
  const subscription = useSubscriptionTrial(client?.id ?? null, today);
  const held = subscription.state === "running" ? subscription : null;
  // The start's fields, read by `send` (declared below the form hook, which needs `send` first).
  const startRef = useRef<{ on: boolean; dia: string; inicio: string }>({ on: false, dia: "10", inicio: "" });
  // "Alterar na assinatura" closes through the form's own close (which asks before discarding edits).
  const toSubscription = useRef(false);
  const dialog = useDialogForm<FormValues>(
    clientSchema,
    client ? clientFormValues(client as ClientJson) : emptyClientForm,
    {
      // SPEC §7 lists statusBloqueio=0 in the payload; the server never changes blocking on save.
      send: async (values) => {
        // While a subscription runs, the trial sent is its own (DECISIONS §8): shown, not edited here.
        const body = { ...values, ...(held ? { isTrial: held.trial } : {}), statusBloqueio: 0 };
        if (editing) return api(`/api/clients/${client.id}`, { method: "PUT", body });
        const created = await api<ClientJson>("/api/clients", { method: "POST", body });
        if (!startRef.current.on || values.isTrial) return created;
        // "Iniciar assinatura" (issue 35 §2): the start right after the client's creation, the single start's own route and rules.
        try {
          await api(`/api/clients/${created.id}/subscription`, {
            method: "PUT",
            body: { status: "ativa", valor: values.valorMensalidade, diaVencimento: Number(startRef.current.dia), inicio: startRef.current.inicio },
          });
          return { message: "Cliente criado e assinatura iniciada" };
        } catch (error) {
          const reason = (error instanceof ApiError && error.serverMessage) || "tente pela linha do cliente, em Assinatura.";
          return { message: `Cliente criado, mas a assinatura não foi iniciada: ${reason}` };
        }
      },
      savedTitle: editing ? "Cliente atualizado" : "Cliente criado",
      failedMessage: editing ? "Não foi possível atualizar o cliente." : "Não foi possível criar o cliente.",
      onSaved,
      onClose: () => (toSubscription.current && onOpenSubscription ? onOpenSubscription() : onClose()),
      conflictField,
      extraErrors: (): Record<string, string> => (feeError ? { valorMensalidade: feeError } : {}),
    },
  );
  const { form, field } = dialog;
  const start = useStartWithClient(today);
  startRef.current = { on: start.on, dia: start.dia, inicio: start.inicio };
  const { values, errors } = form;
  const isTrial = held ? held.trial : values.isTrial;
  // Kept editing after "Descartar alterações?": the way to the subscription is no longer asked for.
  useEffect(() => {
    toSubscription.current = false;
  }, [values]);
  const nomeRef = useRef<HTMLInputElement>(null);
  // The fee typed before trial was checked, given back when it is unchecked.
  const feeBeforeTrial = useRef<string | null>(null);

  function setTrial(isTrial: boolean) {
    form.set("isTrial", isTrial);
    if (isTrial) {
      feeBeforeTrial.current = values.valorMensalidade;
      setFeeError(null);
      form.set("valorMensalidade", centsToDecimal(ZERO)); // SPEC §4: a trial client's fee is 0
    } else {
      const previous = parseMoney(feeBeforeTrial.current ?? "");
      form.set("valorMensalidade", previous && previous > 0 ? centsToDecimal(previous) : "");
    }
  }

  function openSubscription() {
    if (readOnly) return onOpenSubscription?.();
    toSubscription.current = true;
    dialog.requestClose();
  }

  const fields = (
    <>
      <Field label="Nome" required error={errors.nome} className="reg-form__wide">
        <Input ref={nomeRef} autoComplete="organization" {...field("nome")} />
      </Field>
      <Field label="CNPJ" required error={errors.cnpj}>
        <Input
          mask={maskCnpj}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="00.000.000/0000-00"
          {...field("cnpj")}
        />
      </Field>
      <Field label="Código do cliente" required error={errors.codigoCliente}>
        <Input autoComplete="off" {...field("codigoCliente")} />
      </Field>
      <Field label="Contato" required error={errors.contato}>
        <Input autoComplete="name" {...field("contato")} />
      </Field>
      <Field label="Telefone" required error={errors.telefone}>
        <Input type="tel" inputMode="tel" mask={maskPhone} autoComplete="tel-national" placeholder="(11) 98765-4321" {...field("telefone")} />
      </Field>
      <Field label="E-mail" required error={errors.email}>
        <Input type="email" autoComplete="email" {...field("email")} />
      </Field>
      <Field label="URL (opcional)" error={errors.url}>
        <Input type="url" inputMode="url" autoComplete="url" placeholder="https://" {...field("url")} />
      </Field>
      <Field
        label="Mensalidade"
        required={!isTrial}
        error={errors.valorMensalidade}
        hint={
          isTrial
            ? held
              ? "Cobrada a partir do fim do período de teste; altere-a na assinatura."
              : "Clientes em período de teste não pagam mensalidade."
            : undefined
        }
      >
        <MoneyInput
          name="valorMensalidade"
          placeholder="0,00"
          disabled={isTrial}
          value={parseMoney(values.valorMensalidade)}
          onValueChange={(cents, error) => {
            setFeeError(error);
            form.set("valorMensalidade", cents === null ? "" : centsToDecimal(cents));
          }}
        />
      </Field>
      {held ? (
        <div className="reg-form__held" role="group" aria-labelledby="client-trial-held">
          <p id="client-trial-held">
            <strong>Período de teste:</strong>{" "}
            {held.trial ? `até ${formatDateBR(held.trialAte)}` : "nenhum em curso"}, definido na assinatura do cliente.
          </p>
          {onOpenSubscription && (
            <Button variant="secondary" size="sm" onClick={openSubscription}>
              {readOnly ? "Ver assinatura" : "Alterar na assinatura"}
            </Button>
          )}
        </div>
      ) : (
        <label className="reg-form__check">
          <input
            type="checkbox"
            name="isTrial"
            checked={values.isTrial}
            disabled={subscription.state === "loading"}
            onChange={(e) => setTrial(e.currentTarget.checked)}
          />
          <span>Cliente em período de teste (trial)</span>
        </label>
      )}
      <label className="reg-form__check">
        <input
          type="checkbox"
          name="naoEnviarCobrancas"
          checked={values.naoEnviarCobrancas}
          disabled={readOnly}
          onChange={(e) => form.set("naoEnviarCobrancas", e.currentTarget.checked)}
        />
        <span>Não enviar cobranças automáticas</span>
      </label>
      {!editing && !values.isTrial && <StartFields start={start} fee={parseMoney(values.valorMensalidade)} />}
    </>
  );

  if (readOnly) {
    return (
      <RecordView title="Cliente" onClose={onClose} size="lg" className="clients-dialog">
        {fields}
      </RecordView>
    );
  }
  return (
    <FormDialog
      title={editing ? "Editar Cliente" : "Novo Cliente"}
      dialog={dialog}
      onCancel={onClose}
      size="lg"
      initialFocusRef={nomeRef}
      className="clients-dialog"
    >
      {fields}
    </FormDialog>
  );
}

interface StartState {
  /** Today in APP_TZ. */
  today: string;
  on: boolean;
  dia: string;
  inicio: string;
  rules: SubscriptionRulesJson | null;
  setOn(on: boolean): void;
  setDia(dia: string): void;
  setInicio(inicio: string): void;
}

const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** "Iniciar assinatura" with a new client: the day and the first month, defaulting as the Assinatura dialog does. */
function useStartWithClient(today: string): StartState {
  const [on, setOnState] = useState(false);
  const [dia, setDiaState] = useState("10");
  const [inicio, setInicio] = useState("");
  const [rules, setRules] = useState<SubscriptionRulesJson | null>(null);
  const setOn = (next: boolean) => {
    setOnState(next);
    if (next && !rules) {
      api<SubscriptionRulesJson>("/api/settings/subscription-rules").then(
        (r) => {
          setRules(r);
          setInicio((current) => current || firstMonthNotPast(today, Number(dia), r.vencimentoEmDiaUtil));
        },
        () => setInicio((current) => current || firstMonthNotPast(today, Number(dia), true)),
      );
    }
  };
  const setDia = (next: string) => {
    // Still at its default, the start follows the day (the first month not overdue with the new one).
    const business = rules?.vencimentoEmDiaUtil ?? true;
    if (inicio === firstMonthNotPast(today, Number(dia), business)) setInicio(firstMonthNotPast(today, Number(next), business));
    setDiaState(next);
  };
  return { today, on, dia, inicio, rules, setOn, setDia, setInicio };
}

function StartFields({ start, fee }: { start: StartState; fee: number | null }) {
  const overdue =
    start.on && start.rules && start.inicio && fee
      ? billedOnStart({ diaVencimento: Number(start.dia), inicio: start.inicio, fim: null, trialAte: null }, start.rules, start.today).overdue
      : [];
  return (
    <div className="reg-form__wide reg-form__start" role="group" aria-label="Assinatura">
      <label className="reg-form__check">
        <input type="checkbox" name="iniciarAssinatura" checked={start.on} onChange={(e) => start.setOn(e.currentTarget.checked)} />
        <span>Iniciar assinatura agora</span>
      </label>
      {start.on && (
        <div className="reg-form__start-fields">
          <Field label="Dia de vencimento" hint="No mês sem esse dia, o último dia do mês.">
            <Select name="diaVencimento" options={DAY_OPTIONS} value={start.dia} onValueChange={start.setDia} />
          </Field>
          <Field label="Início (primeiro mês cobrado)" hint="Sugerido: o primeiro mês ainda não vencido.">
            <Input type="month" name="inicio" value={start.inicio} onValueChange={start.setInicio} />
          </Field>
          {overdue.length > 0 && (
            <p className="imp-preview__warning reg-form__wide" role="note">
              Este início cobra {overdue.length === 1 ? "1 mês já vencido" : `${overdue.length} meses já vencidos`} ({formatBRL(cents(fee! * overdue.length))}): as parcelas são geradas em atraso e podem bloquear o cliente.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
