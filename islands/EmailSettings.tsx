import { useState, type FormEvent } from "react";
import {
  DEFAULT_PORTS,
  emailFormValues,
  SECURITY,
  SECURITY_LABELS,
  type EmailFormValues,
  type EmailSettingsAnswer,
  type EmailSettingsJson,
  type EmailTestAnswer,
  type Security,
} from "../src/api/email/form-values";
import { Button } from "../src/ui/Button";
import { Field } from "../src/ui/Field";
import { Input } from "../src/ui/Input";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";
import { schemaOnDemand, useForm } from "./lib/use-form";

// zod and the rules load with the form's first use, not with the page (issue 38 §7).
const emailSettingsSchema = schemaOnDemand(() => import("../src/api/email/model").then((m) => m.emailSettingsSchema));
const emailTestSchema = schemaOnDemand(() => import("../src/api/email/model").then((m) => m.emailTestSchema));

export interface EmailSettingsProps {
  initial: EmailSettingsJson;
}

const SAVE_FIRST = "Salve as alterações antes de enviar o teste";

type TextField = "host" | "porta" | "usuario" | "senha" | "remetenteNome" | "remetenteEmail" | "responderPara";

/**
 * Configurações › E-mail (SMTP) (DECISIONS §7): the server Cofre sends through, and a real test
 * message answered with what the server said. The password never comes to the browser: the
 * field starts empty, "definida" says one is stored, empty keeps it, "Remover senha" forgets it.
 */
export default function EmailSettings({ initial }: EmailSettingsProps) {
  const [saved, setSaved] = useState(initial);
  const form = useForm<EmailFormValues>(emailSettingsSchema, emailFormValues(initial));
  const [saving, setSaving] = useState(false);
  const [para, setPara] = useState("");
  const [paraError, setParaError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { values, errors } = form;
  const field = (name: TextField) => ({ name, value: values[name], onValueChange: (value: string) => form.set(name, value) });
  const dirty = JSON.stringify(values) !== JSON.stringify(emailFormValues(saved));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    if (saving) return;
    if (!(form.ready ? form.validate() : await form.checked())) return focusFirstError(formElement);
    setSaving(true);
    try {
      const answer = await api<EmailSettingsAnswer>("/api/settings/email", { method: "PUT", body: values });
      setSaved(answer.settings);
      form.reset(emailFormValues(answer.settings));
      toast({ title: answer.message });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.errors).length) {
        form.setErrors(apiError.errors);
        focusFirstError(formElement);
      }
      toast({ title: "Erro", description: apiError?.serverMessage ?? "Não foi possível salvar as configurações de e-mail.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  async function sendTest() {
    if (testing) return;
    // A schema that cannot load leaves the check to the server (its message lands under the field).
    const schema = emailTestSchema.loaded ?? (await emailTestSchema.load().catch(() => null));
    const checked = schema?.safeParse({ para });
    if (checked && !checked.success) return setParaError(checked.error.issues[0]?.message ?? "E-mail inválido");
    setParaError(null);
    if (dirty) return setOutcome({ ok: false, text: SAVE_FIRST });
    setTesting(true);
    setOutcome({ ok: true, text: "Enviando e-mail de teste…" });
    try {
      const answer = await api<EmailTestAnswer>("/api/settings/email/test", { method: "POST", body: { para } });
      setOutcome({ ok: true, text: answer.message });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.errors.para) setParaError(apiError.errors.para);
      setOutcome({ ok: false, text: apiError?.serverMessage ?? "Não foi possível enviar o e-mail de teste." });
    } finally {
      setTesting(false);
    }
  }

  const passwordHint = values.removerSenha
    ? "A senha será removida ao salvar"
    : saved.senhaDefinida
      ? "••• definida. Deixe em branco para manter a senha salva"
      : "Nenhuma senha salva";

  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="settings-email"
      onPointerOver={() => {
        form.intent.onPointerOver();
        void emailTestSchema.load().catch(() => {});
      }}
      onFocus={() => {
        form.intent.onFocus();
        void emailTestSchema.load().catch(() => {});
      }}
    >
      <section className="settings-section">
        <h2 id="settings-email">E-mail (SMTP)</h2>
        <p className="settings-section__text">
          O servidor pelo qual o Cofre envia as cobranças por e-mail. Deixe o servidor em branco para não enviar e-mails.
        </p>
        <p className="settings-email-state">
          {saved.configurado ? (
            <>
              Enviando por <strong>{saved.host}</strong> como <strong>{saved.remetenteEmail}</strong>.
            </>
          ) : (
            "E-mail desligado: informe o servidor e o e-mail do remetente e salve."
          )}
        </p>
        <div className="reg-form">
          <Field label="Servidor SMTP" error={errors.host} hint="Ex.: smtp.seuprovedor.com.br">
            <Input autoComplete="off" spellCheck={false} {...field("host")} />
          </Field>
          <Field label="Segurança" error={errors.seguranca}>
            {/* A plain select: the kit's Select belongs to the lists chunk, which this page does not load. */}
            <select className="ui-select" name="seguranca" value={values.seguranca} onChange={(e) => form.set("seguranca", e.currentTarget.value as Security)}>
              {SECURITY.map((value) => (
                <option key={value} value={value}>
                  {`${SECURITY_LABELS[value]} (porta ${DEFAULT_PORTS[value]})`}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Porta" error={errors.porta} hint={`Em branco: ${DEFAULT_PORTS[values.seguranca]}`}>
            <Input inputMode="numeric" autoComplete="off" placeholder={String(DEFAULT_PORTS[values.seguranca])} {...field("porta")} />
          </Field>
          <Field label="Usuário" error={errors.usuario}>
            <Input autoComplete="off" spellCheck={false} {...field("usuario")} />
          </Field>
          <Field label="Senha" error={errors.senha} hint={passwordHint}>
            <Input type="password" autoComplete="new-password" disabled={values.removerSenha} placeholder={saved.senhaDefinida ? "•••••••• (definida)" : ""} {...field("senha")} />
          </Field>
          <Field label="Nome do remetente" error={errors.remetenteNome} hint="Em branco: o nome da empresa">
            <Input autoComplete="off" {...field("remetenteNome")} />
          </Field>
          <Field label="E-mail do remetente" error={errors.remetenteEmail}>
            <Input type="email" autoComplete="off" spellCheck={false} {...field("remetenteEmail")} />
          </Field>
          <Field label="Responder para" error={errors.responderPara} hint="Respostas e pedidos de descadastro chegam aqui (em branco: o remetente)">
            <Input type="email" autoComplete="off" spellCheck={false} {...field("responderPara")} />
          </Field>
        </div>
        {saved.senhaDefinida && (
          <label className="reg-form__check">
            <input
              type="checkbox"
              name="removerSenha"
              checked={values.removerSenha}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                form.set("removerSenha", checked);
                if (checked) form.set("senha", "");
              }}
            />
            <span>Remover senha (servidor sem autenticação)</span>
          </label>
        )}
        <label className="reg-form__check">
          <input type="checkbox" name="aceitarAutoassinado" checked={values.aceitarAutoassinado} onChange={(e) => form.set("aceitarAutoassinado", e.currentTarget.checked)} />
          <span>Aceitar certificado autoassinado (só para um servidor da sua rede em que você confia)</span>
        </label>
        <div className="settings-actions settings-actions--start">
          <Button type="submit" variant="primary" loading={saving}>
            {saving ? "Salvando..." : "Salvar e-mail"}
          </Button>
        </div>

        <div className="settings-email-test">
          <Field label="Enviar teste para" error={paraError}>
            <Input
              type="email"
              name="para"
              autoComplete="email"
              spellCheck={false}
              value={para}
              onValueChange={(value) => (setPara(value), setParaError(null))}
              // Enter here sends the test, not the form around it.
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void sendTest();
                }
              }}
            />
          </Field>
          <Button variant="secondary" loading={testing} onClick={sendTest}>
            Enviar e-mail de teste
          </Button>
        </div>
        <p className={outcome?.ok === false ? "settings-email-outcome settings-email-outcome--error" : "settings-email-outcome"} role="status">
          {outcome?.text ?? ""}
        </p>
      </section>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement) {
  // After React shows the messages: the first invalid field takes the focus.
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
