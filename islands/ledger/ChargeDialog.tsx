import { useEffect, useRef, useState } from "react";
import { LedgerFacts } from "./LedgerFacts";
import type { ChargeJson } from "../../src/api/charges/model";
import { centsToDecimal, formatBRL, parseMoney, ZERO, type Cents } from "../../src/lib/money";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { Field } from "../../src/ui/Field";
import { Icon } from "../../src/ui/Icon";
import { MoneyInput } from "../../src/ui/MoneyInput";
import { toast } from "../../src/ui/toast";
import { api, ApiError } from "../lib/api";
import type { LedgerRow } from "./kinds";

export interface ChargeDialogProps {
  row: LedgerRow;
  onClose(): void;
}

/** Typing pauses this long before the server makes the PIX for the new amount. */
const REFETCH_DELAY_MS = 400;

const brl = (text: string) => formatBRL(parseMoney(text) ?? ZERO);

/**
 * Cobrar (DECISIONS §7): the amount (with multa and juros as of today when overdue, editable),
 * the PIX QR code and "copia e cola", and the filled message to copy or open in WhatsApp or
 * the mail client. Everything comes from GET …/:id/charge, asked again for a new amount; the
 * QR is an SVG drawn by the server, so no PIX or QR code runs in the browser.
 */
export function ChargeDialog({ row, onClose }: ChargeDialogProps) {
  const [charge, setCharge] = useState<ChargeJson | null>(null);
  const [amount, setAmount] = useState<Cents | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  async function load(valor: Cents | null) {
    const request = ++latest.current;
    setLoading(true);
    try {
      const query = valor === null ? "" : `?valor=${centsToDecimal(valor)}`;
      const answer = await api<ChargeJson>(`/api/installments/${row.id}/charge${query}`);
      if (request !== latest.current) return; // a newer amount was typed meanwhile
      setCharge(answer);
      if (valor === null) setAmount(parseMoney(answer.valor));
    } catch (error) {
      if (request !== latest.current) return;
      const apiError = error instanceof ApiError ? error : null;
      const message = apiError?.serverMessage ?? "Não foi possível preparar a cobrança.";
      if (apiError?.errors.valor) setAmountError(apiError.errors.valor);
      else setFailure(message);
      toast({ title: "Erro", description: message, variant: "destructive" });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  useEffect(() => {
    void load(null);
    return () => clearTimeout(timer.current);
  }, [row.id]);

  function changeAmount(value: Cents | null, error: string | null) {
    setAmount(value);
    clearTimeout(timer.current);
    const problem = error ?? (value === null ? "Informe o valor a cobrar" : value <= 0 ? "Valor deve ser maior que zero" : null);
    setAmountError(problem);
    if (problem || value === null) return;
    timer.current = setTimeout(() => void load(value), REFETCH_DELAY_MS);
  }

  // What is shown belongs to the amount in the field: until then, nothing can be copied or sent.
  const current = charge !== null && !loading && amountError === null && amount !== null && centsToDecimal(amount) === charge.valor;
  const fees = charge?.parcela;

  return (
    <Dialog open onClose={onClose} title="Cobrar parcela" size="lg" className="ledger-dialog charge-dialog" footer={<Button variant="secondary" onClick={onClose}>Fechar</Button>}>
      <div className="charge" aria-busy={loading || undefined}>
        <LedgerFacts kind="receber" row={row} />

        {failure ? (
          <div className="reg-form__alert" role="alert">
            <Icon name="alert" size={18} />
            <span>{failure}</span>
          </div>
        ) : charge === null ? (
          <p className="charge-loading" role="status">
            Preparando a cobrança...
          </p>
        ) : (
          <>
            {fees && fees.diasAtraso > 0 && (
              <p className="charge-late" data-testid="charge-fees">
                {fees.diasAtraso} {fees.diasAtraso === 1 ? "dia" : "dias"} de atraso: multa {brl(fees.multa)} + juros {brl(fees.juros)} ={" "}
                <strong>{brl(fees.total)}</strong>
              </p>
            )}
            <Field label="Valor a cobrar" required error={amountError} className="charge-amount">
              <MoneyInput name="valor" value={amount} onValueChange={changeAmount} />
            </Field>

            {charge.pix ? (
              <div className="charge-pix" data-stale={!current || undefined}>
                <div
                  className="charge-qr"
                  role="img"
                  aria-label={`QR Code PIX de ${brl(charge.pix.valor)}`}
                  // The server's SVG (uqr): module paths only, no script, no text from the user.
                  dangerouslySetInnerHTML={{ __html: charge.pix.qrSvg }}
                />
                <div className="charge-code">
                  <Field label="PIX copia e cola" hint={`Identificador: ${charge.pix.txid}`}>
                    <textarea className="ui-input charge-code__text" readOnly rows={4} value={charge.pix.payload} />
                  </Field>
                  <Button variant="secondary" size="sm" disabled={!current} onClick={() => copy(charge.pix!.payload, "Código PIX copiado")}>
                    <Icon name="copy" size={16} />
                    Copiar
                  </Button>
                </div>
              </div>
            ) : (
              <div className="reg-form__alert charge-no-pix" role="note">
                <Icon name="alert" size={18} />
                <span>
                  {charge.semPix}. Sem ela, a mensagem vai sem o PIX. <a href="/settings">Abrir Configurações</a>
                </span>
              </div>
            )}

            <div className="charge-message" data-stale={!current || undefined}>
              <Field label="Mensagem">
                <textarea className="ui-input charge-message__text" readOnly rows={8} value={charge.mensagem} />
              </Field>
              <div className="charge-send">
                <Button variant="secondary" size="sm" disabled={!current} onClick={() => copy(charge.mensagem, "Mensagem copiada")}>
                  <Icon name="copy" size={16} />
                  Copiar mensagem
                </Button>
                {charge.whatsappUrl && (
                  <SendLink href={charge.whatsappUrl} enabled={current} icon="phone" external onOpen={() => recordCharge(row.id, "whatsapp", charge.valor)}>
                    Enviar pelo WhatsApp
                  </SendLink>
                )}
                {charge.mailtoUrl && (
                  <SendLink href={charge.mailtoUrl} enabled={current} icon="mail" onOpen={() => recordCharge(row.id, "email", charge.valor)}>
                    Enviar por e-mail
                  </SendLink>
                )}
              </div>
              {!charge.whatsappUrl && <p className="charge-hint">Cliente sem telefone cadastrado: envio pelo WhatsApp indisponível.</p>}
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** A link styled as a button; a disabled button while what it would send is out of date. */
function SendLink({ href, enabled, icon, external, onOpen, children }: { href: string; enabled: boolean; icon: "phone" | "mail"; external?: boolean; onOpen(): void; children: string }) {
  const content = (
    <>
      <Icon name={icon} size={16} />
      {children}
    </>
  );
  if (!enabled) {
    return (
      <Button variant="secondary" size="sm" disabled>
        {content}
      </Button>
    );
  }
  return (
    <a className="ui-button ui-button--secondary ui-button--sm" href={href} onClick={onOpen} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {content}
    </a>
  );
}

/**
 * The charge went out through the person's own app: recorded (who, when, channel, the amount
 * charged) in the messages' log (DECISIONS §7). The link opens whatever the answer.
 */
function recordCharge(id: number, canal: "email" | "whatsapp", valor: string) {
  api(`/api/installments/${id}/charge-log`, { method: "POST", body: { canal, valor } }).catch((error: unknown) =>
    toast({ title: "Cobrança não registrada", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível registrar o envio.", variant: "destructive" }),
  );
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ title: "Erro", description: "Não foi possível copiar: selecione o texto e copie manualmente.", variant: "destructive" });
  }
}
