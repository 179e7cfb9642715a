// Excluir and Cancelar Baixa / Cancelar pagamento ask first (SPEC §5's questions): the question,
// the row it is about, the payment to cancel, and the change with its toast. Loaded with its
// first opening (or as a row's button is pointed at), like the list's dialogs: a list page's
// start carries only what it draws (issue 38 §7).
import { useState } from "react";
import { installmentName } from "../../src/lib/installments";
import { formatBRL, parseMoney, ZERO } from "../../src/lib/money";
import { ConfirmDialog } from "../../src/ui/ConfirmDialog";
import { toast } from "../../src/ui/toast";
import { api, ApiError, serverMessage } from "../lib/api";
import type { LedgerKind, LedgerRow } from "./kinds";
import { PaymentPick } from "./PaymentPick";

interface RowConfirmProps {
  kind: LedgerKind;
  action: "delete" | "undo";
  row: LedgerRow;
  /** The side's list API ("/api/installments"). */
  endpoint: string;
  /** The change is made: the list closes this and reloads. */
  onDone(): void;
  /** Closed without a change: Cancelar / Voltar, Esc, or a refusal (said in a toast). */
  onCancel(): void;
}

export function RowConfirm({ kind, action, row, endpoint, onDone, onCancel }: RowConfirmProps) {
  // The payment to cancel (PaymentPick): null until its list loads, when the API cancels the last one.
  const [payment, setPayment] = useState<number | null>(null);
  const receivable = kind === "receber";
  const undo = action === "undo";

  /** The server's words as the toast; a refusal says why. */
  async function change(run: () => Promise<unknown>, failed: string) {
    try {
      const answer = await run();
      toast({ title: serverMessage(answer) ?? "Feito" });
      onDone();
    } catch (error) {
      const description = (error instanceof ApiError && error.serverMessage) || failed;
      toast({ title: "Erro", description, variant: "destructive" });
      onCancel();
    }
  }

  return (
    <ConfirmDialog
      open
      title={undo ? (receivable ? "Cancelar baixa" : "Cancelar pagamento") : receivable ? "Excluir parcela" : "Excluir conta"}
      message={
        <>
          {undo
            ? receivable
              ? "Confirma o cancelamento da baixa desta parcela?"
              : "Confirma o cancelamento do pagamento desta conta?"
            : receivable
              ? "Confirma a exclusão desta parcela? Esta ação não pode ser desfeita."
              : `Confirma a exclusão da conta ${row.numerosParcela} do fornecedor ${row.partyName}?`}
          <strong className="confirm-subject">
            {row.partyName} — {installmentName(row)} · {formatBRL(parseMoney(row.valor) ?? ZERO)}
          </strong>
          {undo && <PaymentPick endpoint={`${endpoint}/${row.id}`} onPick={setPayment} />}
        </>
      }
      confirmLabel={undo ? (receivable ? "Cancelar baixa" : "Cancelar pagamento") : "Excluir"}
      cancelLabel={undo ? "Voltar" : "Cancelar"}
      destructive
      onConfirm={() =>
        undo
          ? change(
              () => api(`${endpoint}/${row.id}/undo-payment`, { method: "POST", ...(payment !== null ? { body: { pagamentoId: payment } } : {}) }),
              receivable ? "Não foi possível cancelar a baixa." : "Não foi possível cancelar o pagamento.",
            )
          : change(() => api(`${endpoint}/${row.id}`, { method: "DELETE" }), receivable ? "Não foi possível excluir a parcela." : "Erro ao excluir conta")
      }
      onCancel={onCancel}
    />
  );
}
