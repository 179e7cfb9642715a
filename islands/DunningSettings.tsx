import { useState, type FormEvent } from "react";
import {
  CHANNEL_LABELS,
  CHANNELS,
  DUNNING_PLACEHOLDERS,
  dunningSchema,
  FOOTER_NOTICE,
  stepLabel,
  type Channel,
  type DunningJson,
  type DunningRunAnswer,
  type DunningSettings as Settings,
  type DunningStep,
  type PreviewJson,
} from "../src/api/dunning/model";
import { Button } from "../src/ui/Button";
import { Field } from "../src/ui/Field";
import { Input } from "../src/ui/Input";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";

export interface DunningSettingsProps {
  initial: DunningJson;
  /** Administrators change the settings; finance reads them and runs the day. */
  podeEditar: boolean;
  podeExecutar: boolean;
  /** Clients for the preview (name order). */
  clientes: { id: number; nome: string }[];
}

const toSettings = (j: DunningJson): Settings => ({
  ativa: j.ativa,
  etapas: j.etapas,
  repetirCadaDias: j.repetirCadaDias,
  maxAposVencimento: j.maxAposVencimento,
  avisoBloqueio: j.avisoBloqueio,
  janelaInicio: j.janelaInicio,
  janelaFim: j.janelaFim,
  apenasDiasUteis: j.apenasDiasUteis,
});

const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Cobranças › Régua: the steps, the block warning, the window, a preview with a real client, and a run now. */
export default function DunningSettings({ initial, podeEditar, podeExecutar, clientes }: DunningSettingsProps) {
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState<Settings>(toSettings(initial));
  const [saving, setSaving] = useState(false);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [clienteId, setClienteId] = useState(clientes[0]?.id ?? 0);
  const [preview, setPreview] = useState<PreviewJson | null>(null);
  const [previewStep, setPreviewStep] = useState("0");
  const dirty = JSON.stringify(values) !== JSON.stringify(toSettings(saved));

  const setStep = (index: number, changes: Partial<DunningStep>) =>
    setValues((v) => ({ ...v, etapas: v.etapas.map((s, i) => (i === index ? { ...s, ...changes } : s)) }));
  const setWarning = (changes: Partial<Settings["avisoBloqueio"]>) => setValues((v) => ({ ...v, avisoBloqueio: { ...v.avisoBloqueio, ...changes } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = dunningSchema.safeParse(values);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? "Dados inválidos");
    setProblem(null);
    setSaving(true);
    try {
      const answer = await api<{ message: string; regua: DunningJson }>("/api/dunning", { method: "PUT", body: values });
      setSaved(answer.regua);
      setValues(toSettings(answer.regua));
      toast({ title: answer.message });
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : null;
      setProblem(message ?? "Não foi possível salvar a régua.");
    } finally {
      setSaving(false);
    }
  }

  async function runNow() {
    if (running) return;
    setRunning(true);
    try {
      const answer = await api<DunningRunAnswer>("/api/dunning/run", { method: "POST", body: {} });
      toast({ title: answer.message });
    } catch (error) {
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível executar a régua.", variant: "destructive" });
    } finally {
      setRunning(false);
    }
  }

  async function showPreview(step: { dias: number; canal: Channel; assunto: string; texto: string }) {
    if (!clienteId) return setPreview(null);
    try {
      setPreview(await api<PreviewJson>("/api/dunning/preview", { method: "POST", body: { clienteId, etapa: step } }));
    } catch (error) {
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível montar a prévia.", variant: "destructive" });
    }
  }

  const w = values.avisoBloqueio;
  return (
    <form className="dunning-form" noValidate onSubmit={submit} aria-labelledby="regua-titulo">
      <fieldset className="dunning-fieldset" disabled={!podeEditar}>
        <legend id="regua-titulo" className="dunning-legend">
          Régua de cobrança
        </legend>
        <label className="reg-form__check dunning-switch">
          <input type="checkbox" name="ativa" checked={values.ativa} onChange={(e) => setValues((v) => ({ ...v, ativa: e.currentTarget.checked }))} />
          <span>Enviar cobranças automaticamente</span>
        </label>
        {saved.falta.length > 0 && (
          <p className="dunning-missing">
            Para ligar a régua, configure em <a href="/settings">Configurações</a>: {saved.falta.join(", ")}.
          </p>
        )}
        <p className="dunning-help">
          As etapas contam dias úteis a partir do vencimento (D−5 é cinco dias úteis antes; D+3, três depois). Cada cliente recebe no máximo uma mensagem por dia, com todas as parcelas que chegaram a uma etapa. Use no texto:{" "}
          {DUNNING_PLACEHOLDERS.map((p) => `{${p}}`).join(" ")}.
        </p>

        <ol className="dunning-steps">
          {values.etapas.map((step, index) => (
            <li key={index} className="dunning-step">
              <h3 className="dunning-step__title">Etapa {Number.isFinite(step.dias) ? stepLabel(step.dias) : "?"}</h3>
              <div className="dunning-step__row">
                <Field label="Dias úteis do vencimento" hint="Negativo: antes do vencimento">
                  <Input inputMode="numeric" name={`dias-${index}`} value={Number.isFinite(step.dias) ? String(step.dias) : ""} onValueChange={(t) => setStep(index, { dias: whole(t) })} />
                </Field>
                <Field label="Canal">
                  <select className="ui-select" name={`canal-${index}`} value={step.canal} onChange={(e) => setStep(index, { canal: e.currentTarget.value as Channel })}>
                    {CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {CHANNEL_LABELS[c]}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              {step.canal === "email" && (
                <Field label="Assunto">
                  <Input name={`assunto-${index}`} value={step.assunto} onValueChange={(t) => setStep(index, { assunto: t })} />
                </Field>
              )}
              <Field label="Texto">
                <textarea className="ui-input dunning-text" name={`texto-${index}`} rows={6} value={step.texto} onChange={(e) => setStep(index, { texto: e.currentTarget.value })} />
              </Field>
              {podeEditar && values.etapas.length > 1 && (
                <div className="dunning-step__actions">
                  <Button variant="ghost" size="sm" onClick={() => setValues((v) => ({ ...v, etapas: v.etapas.filter((_, i) => i !== index) }))}>
                    Remover etapa {Number.isFinite(step.dias) ? stepLabel(step.dias) : ""}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
        {podeEditar && values.etapas.length < 12 && (
          <Button
            variant="secondary"
            onClick={() => {
              const last = values.etapas.at(-1)!;
              setValues((v) => ({ ...v, etapas: [...v.etapas, { ...last, dias: (Number.isFinite(last.dias) ? last.dias : 0) + 7 }] }));
            }}
          >
            Adicionar etapa
          </Button>
        )}

        <div className="dunning-row">
          <Field label="Depois da última etapa, repetir a cada (dias úteis)" hint="0: não repetir">
            <Input inputMode="numeric" name="repetirCadaDias" value={Number.isFinite(values.repetirCadaDias) ? String(values.repetirCadaDias) : ""} onValueChange={(t) => setValues((v) => ({ ...v, repetirCadaDias: whole(t) }))} />
          </Field>
          <Field label="No máximo, mensagens após o vencimento">
            <Input inputMode="numeric" name="maxAposVencimento" value={Number.isFinite(values.maxAposVencimento) ? String(values.maxAposVencimento) : ""} onValueChange={(t) => setValues((v) => ({ ...v, maxAposVencimento: whole(t) }))} />
          </Field>
        </div>

        <section className="dunning-warning" aria-labelledby="aviso-bloqueio">
          <h3 id="aviso-bloqueio" className="dunning-step__title">
            Aviso de bloqueio
          </h3>
          <label className="reg-form__check">
            <input type="checkbox" name="avisoAtivo" checked={w.ativo} onChange={(e) => setWarning({ ativo: e.currentTarget.checked })} />
            <span>Avisar antes do bloqueio automático (carência de {saved.graceDays} dia(s) após o vencimento)</span>
          </label>
          {w.ativo && (
            <>
              <div className="dunning-step__row">
                <Field label="Dias úteis antes do bloqueio">
                  <Input inputMode="numeric" name="avisoDias" value={Number.isFinite(w.diasAntes) ? String(w.diasAntes) : ""} onValueChange={(t) => setWarning({ diasAntes: whole(t) })} />
                </Field>
                <Field label="Canal do aviso">
                  <select className="ui-select" name="avisoCanal" value={w.canal} onChange={(e) => setWarning({ canal: e.currentTarget.value as Channel })}>
                    {CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {CHANNEL_LABELS[c]}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              {w.canal === "email" && (
                <Field label="Assunto do aviso">
                  <Input name="avisoAssunto" value={w.assunto} onValueChange={(t) => setWarning({ assunto: t })} />
                </Field>
              )}
              <Field label="Texto do aviso">
                <textarea className="ui-input dunning-text" name="avisoTexto" rows={5} value={w.texto} onChange={(e) => setWarning({ texto: e.currentTarget.value })} />
              </Field>
            </>
          )}
        </section>

        <div className="dunning-row">
          <Field label="Enviar a partir de">
            <Input type="time" name="janelaInicio" value={values.janelaInicio} onValueChange={(t) => setValues((v) => ({ ...v, janelaInicio: t }))} />
          </Field>
          <Field label="Até">
            <Input type="time" name="janelaFim" value={values.janelaFim} onValueChange={(t) => setValues((v) => ({ ...v, janelaFim: t }))} />
          </Field>
        </div>
        <label className="reg-form__check">
          <input type="checkbox" name="apenasDiasUteis" checked={values.apenasDiasUteis} onChange={(e) => setValues((v) => ({ ...v, apenasDiasUteis: e.currentTarget.checked }))} />
          <span>Enviar só em dias úteis (fora da janela, as mensagens esperam)</span>
        </label>
        <p className="dunning-help">
          Toda mensagem termina com o nome, o CNPJ e o endereço da empresa e “{FOOTER_NOTICE}”
        </p>
      </fieldset>

      <p className="dunning-problem" role="alert">
        {problem ?? ""}
      </p>
      <div className="settings-actions settings-actions--start">
        {podeEditar && (
          <Button type="submit" variant="primary" loading={saving}>
            {saving ? "Salvando..." : "Salvar régua"}
          </Button>
        )}
        {podeExecutar && (
          <Button variant="secondary" loading={running} onClick={runNow} disabled={!saved.ativa || dirty}>
            Executar agora
          </Button>
        )}
      </div>

      <section className="dunning-preview" aria-labelledby="previa-titulo">
        <h3 id="previa-titulo" className="dunning-step__title">
          Prévia com um cliente
        </h3>
        <Field label="Cliente da prévia">
          <select className="ui-select" name="clientePrevia" value={clienteId} onChange={(e) => (setClienteId(Number(e.currentTarget.value)), setPreview(null))}>
            {clientes.length === 0 && <option value={0}>Nenhum cliente cadastrado</option>}
            {clientes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Etapa da prévia">
          <select className="ui-select" name="etapaPrevia" value={previewStep} onChange={(e) => (setPreviewStep(e.currentTarget.value), setPreview(null))}>
            {values.etapas.map((step, index) => (
              <option key={index} value={String(index)}>
                {Number.isFinite(step.dias) ? stepLabel(step.dias) : `Etapa ${index + 1}`} · {CHANNEL_LABELS[step.canal]}
              </option>
            ))}
            {w.ativo && <option value="aviso">Aviso de bloqueio · {CHANNEL_LABELS[w.canal]}</option>}
          </select>
        </Field>
        <Button variant="secondary" onClick={() => void showPreview(previewStep === "aviso" ? { ...w, dias: 0 } : (values.etapas[Number(previewStep)] ?? values.etapas[0]!))}>
          Pré-visualizar
        </Button>
        <div aria-live="polite">
          {preview ? (
            <article className="dunning-preview__message" aria-label={`Prévia da etapa ${preview.etapa} para ${preview.cliente.nome}`}>
              {preview.canal === "email" && (
                <p>
                  <strong>Assunto:</strong> {preview.assunto}
                </p>
              )}
              <pre className="dunning-preview__text">{preview.texto}</pre>
            </article>
          ) : (
            <p className="dunning-help">Escolha o cliente e a etapa e clique em “Pré-visualizar” para ver a mensagem como o cliente a receberia hoje.</p>
          )}
        </div>
      </section>
    </form>
  );
}
