import { useState, type FormEvent } from "react";
import {
  DEFAULT_MESSAGE,
  MAX_MESSAGE,
  PLACEHOLDERS,
  settingsFormValues,
  storedPixKey,
  type Placeholder,
  type SettingsAnswer,
  type SettingsFormValues,
  type SettingsJson,
} from "../src/api/settings/form-values";
import { maskCnpj } from "../src/lib/brazil";
import { Button } from "../src/ui/Button";
import { Field } from "../src/ui/Field";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";
import { schemaOnDemand, useForm } from "./lib/use-form";

// zod and the rules load with the form's first use, not with the page (issue 38 §7).
const settingsSchema = schemaOnDemand(() => import("../src/api/settings/model").then((m) => m.settingsSchema));

export interface SettingsFormProps {
  initial: SettingsJson;
}

const PLACEHOLDER_HINTS: Record<Placeholder, string> = {
  cliente: "nome do cliente",
  contato: "pessoa de contato",
  parcela: "número da parcela (3/12)",
  valor: "valor cobrado",
  vencimento: "data de vencimento",
  pix: "PIX copia e cola",
  empresa: "nome da sua empresa",
};

/**
 * Configurações (DECISIONS §7, §8): company name and city (they go in the PIX code), the PIX key,
 * checked and shown in its normal form after saving, the charge message's template, and how
 * subscriptions generate their months (lead time, business-day due dates), and the fee and
 * blocking rules (multa, juros a month, grace days: issue 34 §4).
 */
export default function SettingsForm({ initial }: SettingsFormProps) {
  const [saved, setSaved] = useState(initial);
  const form = useForm<SettingsFormValues>(settingsSchema, settingsFormValues(initial));
  const [saving, setSaving] = useState(false);
  const { values, errors } = form;
  const field = (
    name: "empresa" | "cidade" | "cnpjEmpresa" | "enderecoEmpresa" | "chavePix" | "modeloMensagem" | "antecedenciaDias" | "multaPercentual" | "jurosMensalPercentual" | "diasCarencia",
  ) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => form.set(name, value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const formElement = event.currentTarget as HTMLFormElement;
    if (!(form.ready ? form.validate() : await form.checked())) return focusFirstError(formElement);
    setSaving(true);
    try {
      const answer = await api<SettingsAnswer>("/api/settings", { method: "PUT", body: values });
      setSaved(answer.settings);
      form.reset(settingsFormValues(answer.settings));
      toast({ title: answer.message });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) form.setErrors(apiError.errors);
      toast({ title: "Erro", description: apiError?.serverMessage ?? "Não foi possível salvar as configurações.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="settings-form" noValidate onSubmit={submit} {...form.intent}>
      <section className="settings-section" aria-labelledby="settings-empresa">
        <h2 id="settings-empresa">Empresa</h2>
        <p className="settings-section__text">Aparecem no PIX (sem acentos, até 25 e 15 letras) e nas mensagens.</p>
        <div className="reg-form">
          <Field label="Nome da empresa" error={errors.empresa} hint="Razão social ou nome fantasia">
            <Input autoComplete="organization" {...field("empresa")} />
          </Field>
          <Field label="Cidade" error={errors.cidade}>
            <Input autoComplete="address-level2" {...field("cidade")} />
          </Field>
          <Field label="CNPJ da empresa" error={errors.cnpjEmpresa} hint="Obrigatório nas mensagens de cobrança (CDC art. 42-A)">
            <Input autoComplete="off" spellCheck={false} placeholder="00.000.000/0000-00" mask={maskCnpj} {...field("cnpjEmpresa")} />
          </Field>
          <Field label="Endereço da empresa" error={errors.enderecoEmpresa} hint="Rua, número, bairro, cidade/UF (CDC art. 42-A)">
            <Input autoComplete="street-address" {...field("enderecoEmpresa")} />
          </Field>
        </div>
      </section>

      <section className="settings-section" aria-labelledby="settings-pix">
        <h2 id="settings-pix">PIX</h2>
        <Field
          label="Chave PIX"
          error={errors.chavePix}
          hint={
            saved.chavePix && storedPixKey(values.chavePix) === saved.chavePix
              ? `Chave salva: ${saved.tipoChavePix}`
              : "CPF, CNPJ, e-mail, celular com DDD ou chave aleatória"
          }
        >
          <Input autoComplete="off" spellCheck={false} {...field("chavePix")} />
        </Field>
      </section>

      <section className="settings-section" aria-labelledby="settings-mensagem">
        <h2 id="settings-mensagem">Mensagem de cobrança</h2>
        <Field label="Modelo da mensagem" error={errors.modeloMensagem} hint={`Até ${MAX_MESSAGE} caracteres. Sem chave PIX, o parágrafo com {pix} fica de fora.`}>
          <textarea className="ui-input settings-template" rows={10} {...textarea(field("modeloMensagem"))} />
        </Field>
        <dl className="settings-placeholders" aria-label="Marcadores">
          {PLACEHOLDERS.map((name) => (
            <div key={name}>
              <dt>
                <code>{`{${name}}`}</code>
              </dt>
              <dd>{PLACEHOLDER_HINTS[name]}</dd>
            </div>
          ))}
        </dl>
        <Button variant="secondary" size="sm" disabled={values.modeloMensagem === DEFAULT_MESSAGE} onClick={() => form.set("modeloMensagem", DEFAULT_MESSAGE)}>
          <Icon name="undo" size={16} />
          Restaurar texto padrão
        </Button>
      </section>

      <section className="settings-section" aria-labelledby="settings-assinaturas">
        <h2 id="settings-assinaturas">Assinaturas</h2>
        <p className="settings-section__text">Como o Cofre gera sozinho a parcela de cada mês das assinaturas ativas.</p>
        <div className="reg-form">
          <Field label="Gerar a parcela com antecedência de (dias)" error={errors.antecedenciaDias} hint="Dias antes do vencimento em que a parcela do mês é criada (0 a 60).">
            <Input inputMode="numeric" autoComplete="off" {...field("antecedenciaDias")} />
          </Field>
        </div>
        <label className="reg-form__check">
          <input type="checkbox" name="vencimentoEmDiaUtil" checked={values.vencimentoEmDiaUtil} onChange={(e) => form.set("vencimentoEmDiaUtil", e.currentTarget.checked)} />
          <span>Vencimento em dia útil: um vencimento em fim de semana ou feriado bancário passa para o próximo dia útil</span>
        </label>
      </section>

      <section className="settings-section" aria-labelledby="settings-encargos">
        <h2 id="settings-encargos">Encargos e bloqueio</h2>
        <p className="settings-section__text">Valem para os pagamentos feitos depois da alteração; cada pagamento guarda as taxas com que foi calculado.</p>
        <div className="reg-form">
          <Field label="Multa (%)" error={errors.multaPercentual} hint="Cobrada uma vez sobre o saldo em atraso (padrão 2).">
            <Input inputMode="decimal" autoComplete="off" {...field("multaPercentual")} />
          </Field>
          <Field label="Juros ao mês (%)" error={errors.jurosMensalPercentual} hint="Pro rata por dia de atraso (padrão 1).">
            <Input inputMode="decimal" autoComplete="off" {...field("jurosMensalPercentual")} />
          </Field>
          <Field label="Carência para bloqueio (dias)" error={errors.diasCarencia} hint="Dias de atraso antes do bloqueio automático do cliente.">
            <Input inputMode="numeric" autoComplete="off" {...field("diasCarencia")} />
          </Field>
        </div>
      </section>

      <div className="settings-actions">
        <Button type="submit" variant="primary" loading={saving}>
          {saving ? "Salvando..." : "Salvar configurações"}
        </Button>
      </div>
    </form>
  );
}

const textarea = ({ name, value, onValueChange }: { name: string; value: string; onValueChange: (value: string) => void }) => ({
  name,
  value,
  onChange: (event: { currentTarget: { value: string } }) => onValueChange(event.currentTarget.value),
});

function focusFirstError(form: HTMLFormElement) {
  // After React shows the messages: the first invalid field takes the focus.
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
