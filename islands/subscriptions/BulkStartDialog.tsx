import { useEffect, useRef, useState } from "react";
import type { BulkStartAnswer } from "../../src/api/subscriptions/bulk";
import type { SubscriptionRulesJson } from "../../src/api/settings/model";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { formatCount } from "../../src/lib/numbers";
import { firstMonthNotPast } from "../../src/lib/subscription-schedule";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { Input } from "../../src/ui/Input";
import { Select } from "../../src/ui/Select";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";

export interface BulkStartDialogProps {
  /** The clients chosen on the page, or every not-started client with a fee. */
  clientes: number[] | "todos";
  today: string;
  onClose(): void;
  onStarted(): void;
}

const DEFAULT_DAY = 10;
const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const SIMULATE_DEBOUNCE_MS = 250;

const money = (decimal: string) => formatBRL(parseMoney(decimal) ?? ZERO);

/**
 * "Iniciar assinaturas" (issue 35 §2): one set of terms (dia, início, trial) for many clients.
 * Every change of the terms asks the server what the start would do (`simular`: the same
 * transaction, rolled back): how many start, their monthly total, months already overdue, and
 * who is skipped and why. The start itself is one request with an Idempotency-Key (one per
 * opening: a double click starts once).
 */
export function BulkStartDialog({ clientes, today, onClose, onStarted }: BulkStartDialogProps) {
  const [rules, setRules] = useState<SubscriptionRulesJson | null>(null);
  const [dia, setDia] = useState(String(DEFAULT_DAY));
  const [inicio, setInicio] = useState("");
  const [trialAte, setTrialAte] = useState("");
  const [simulation, setSimulation] = useState<BulkStartAnswer | null>(null);
  const [problem, setProblem] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());

  useEffect(() => {
    api<SubscriptionRulesJson>("/api/settings/subscription-rules").then(
      (r) => {
        setRules(r);
        setInicio(firstMonthNotPast(today, DEFAULT_DAY, r.vencimentoEmDiaUtil));
      },
      () => setProblem({ message: "Não foi possível carregar as regras das assinaturas.", errors: {} }),
    );
  }, [today]);

  const body = { clientes, diaVencimento: Number(dia), inicio, trialAte: trialAte || null };

  useEffect(() => {
    if (!rules || !inicio) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<BulkStartAnswer>("/api/subscriptions/start", { method: "POST", body: { ...body, simular: true }, signal: controller.signal }).then(
        (answer) => {
          setSimulation(answer);
          setProblem(null);
        },
        (error) => {
          if (controller.signal.aborted) return;
          setSimulation(null);
          setProblem({ message: (error instanceof ApiError && error.serverMessage) || "Não foi possível calcular o início.", errors: error instanceof ApiError ? error.errors : {} });
        },
      );
    }, SIMULATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The body is derived from these.
  }, [rules, dia, inicio, trialAte]);

  async function start() {
    setSaving(true);
    try {
      const answer = await api<BulkStartAnswer>("/api/subscriptions/start", { method: "POST", body, headers: { "idempotency-key": key.current } });
      toast({ title: answer.message });
      onStarted();
    } catch (error) {
      const message = (error instanceof ApiError && error.serverMessage) || "Não foi possível iniciar as assinaturas.";
      toast({ title: "Erro", description: message, variant: "destructive" });
      setProblem({ message, errors: error instanceof ApiError ? error.errors : {} });
      // A refused start wrote nothing: the next try is a new request.
      key.current = crypto.randomUUID();
    } finally {
      setSaving(false);
    }
  }

  const n = simulation?.iniciadas ?? 0;
  const title = clientes === "todos" ? "Iniciar assinaturas de todos os clientes não iniciados" : `Iniciar assinaturas (${formatCount(clientes.length)} ${clientes.length === 1 ? "cliente selecionado" : "clientes selecionados"})`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void start()} loading={saving} disabled={!simulation || n === 0}>
            {n === 1 ? "Iniciar 1 assinatura" : `Iniciar ${formatCount(n)} assinaturas`}
          </Button>
        </>
      }
    >
      <div className="reg-form">
        <Field label="Dia de vencimento" error={problem?.errors.diaVencimento} hint="No mês sem esse dia, o último dia do mês.">
          <Select
            name="diaVencimento"
            options={DAY_OPTIONS}
            value={dia}
            onValueChange={(next) => {
              // Still at its default, the start follows the day: the first month not overdue with the new one.
              if (rules && inicio === firstMonthNotPast(today, Number(dia), rules.vencimentoEmDiaUtil)) setInicio(firstMonthNotPast(today, Number(next), rules.vencimentoEmDiaUtil));
              setDia(next);
            }}
          />
        </Field>
        <Field label="Início (primeiro mês cobrado)" error={problem?.errors.inicio} hint="Sugerido: o primeiro mês ainda não vencido.">
          <Input type="month" name="inicio" value={inicio} onValueChange={setInicio} />
        </Field>
        <Field label="Trial até" error={problem?.errors.trialAte} hint="Opcional. Meses que vencem antes desta data não são cobrados.">
          <Input type="date" name="trialAte" value={trialAte} onValueChange={setTrialAte} />
        </Field>
      </div>
      <div className="bulk-figures" role="status" aria-live="polite">
        {!simulation && !problem && <p>Calculando…</p>}
        {simulation && (
          <>
            <p>
              <strong>{n === 1 ? "1 assinatura será iniciada" : `${formatCount(n)} assinaturas serão iniciadas`}</strong>, somando {money(simulation.total)} por mês.
            </p>
            {simulation.atrasadas.quantidade > 0 && (
              <p className="imp-preview__warning">
                <Icon name="alert" size={16} />
                Este início cobra {simulation.atrasadas.quantidade === 1 ? "1 mês já vencido" : `${formatCount(simulation.atrasadas.quantidade)} meses já vencidos`} ({money(simulation.atrasadas.total)}): as parcelas são geradas em atraso e podem bloquear os clientes. Para não cobrar o passado, escolha um início mais recente.
              </p>
            )}
            {simulation.puladas.length > 0 && (
              <>
                <p>
                  {simulation.puladas.length === 1 ? "1 cliente será pulado:" : `${formatCount(simulation.puladas.length)} clientes serão pulados:`}
                </p>
                <ul className="bulk-skips" aria-label="Clientes pulados e por quê">
                  {simulation.puladas.map((p) => (
                    <li key={p.clientId}>
                      <strong>{p.nome}</strong>: {p.motivo}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
      {problem && !problem.errors.diaVencimento && !problem.errors.inicio && !problem.errors.trialAte && (
        <p className="imp-preview__error" role="alert">
          <Icon name="alert" size={16} />
          {problem.message}
        </p>
      )}
    </Dialog>
  );
}
