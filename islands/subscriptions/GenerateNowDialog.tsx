import { useId, useState } from "react";
import { endOfNextMonth } from "../../src/api/subscriptions/model";
import { formatDateBR } from "../../src/lib/dates";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "../lib/api";

export interface GenerateNowDialogProps {
  today: string;
  onClose(): void;
  onGenerated(): void;
}

/**
 * "Gerar parcelas agora" (issue 35 §2): what the daily job would generate today, or ahead every
 * month due up to the end of next month. The answer is the server's: how many, or when the next
 * ones will be generated when there is nothing to do.
 */
export function GenerateNowDialog({ today, onClose, onGenerated }: GenerateNowDialogProps) {
  const [ahead, setAhead] = useState(false);
  const [running, setRunning] = useState(false);
  const name = useId();
  const until = endOfNextMonth(today);

  async function run() {
    setRunning(true);
    try {
      const answer = await api<{ message: string; geradas: number }>("/api/subscriptions/run", { method: "POST", body: ahead ? { vencimentoAte: until } : {} });
      toast({ title: serverMessage(answer) ?? "Parcelas geradas" });
      onGenerated();
    } catch (error) {
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível gerar as parcelas.", variant: "destructive" });
      setRunning(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Gerar parcelas agora"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void run()} loading={running}>
            Gerar
          </Button>
        </>
      }
    >
      <fieldset className="gen-now">
        <legend className="gen-now__legend">Quais parcelas</legend>
        <label className="gen-now__option">
          <input type="radio" name={name} checked={!ahead} onChange={() => setAhead(false)} />
          <span>
            <strong>As que já estão no prazo</strong>
            <br />O que a rotina diária geraria hoje (vencimentos dentro da antecedência configurada).
          </span>
        </label>
        <label className="gen-now__option">
          <input type="radio" name={name} checked={ahead} onChange={() => setAhead(true)} />
          <span>
            <strong>Adiantar até o fim do próximo mês</strong>
            <br />
            Todas as mensalidades com vencimento até {formatDateBR(until)}.
          </span>
        </label>
      </fieldset>
    </Dialog>
  );
}
