import { useEffect, useRef, useState } from "react";
import type { WhatsappItem } from "../src/api/messages/model";
import { formatDateBR } from "../src/lib/dates";
import { cents, formatBRL, parseMoney, sumCents } from "../src/lib/money";
import { Button } from "../src/ui/Button";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";

export interface WhatsappWorklistProps {
  initial: WhatsappItem[];
}

const total = (item: WhatsappItem) => formatBRL(sumCents(item.parcelas.map((p) => parseMoney(p.valor) ?? cents(0))));

/**
 * Cobranças › WhatsApp: the day's WhatsApp messages for a person to send from their own WhatsApp
 * (DECISIONS §7: Cofre never sends WhatsApp itself). Keyboard-first: the first item's "Abrir no
 * WhatsApp" has the focus; opening moves it to that item's "Marcar como enviada"; marking removes
 * the item and moves it to the next item's "Abrir". Enter, Enter, … clears the list.
 */
export default function WhatsappWorklist({ initial }: WhatsappWorklistProps) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const focusNext = useRef<{ id: number; what: "abrir" | "marcar" } | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    list.current?.querySelector<HTMLElement>(`[data-item="${target.id}"] [data-acao="${target.what}"]`)?.focus();
  });

  async function markSent(item: WhatsappItem) {
    if (busy) return;
    setBusy(item.id);
    try {
      await api(`/api/messages/${item.id}/sent`, { method: "POST" });
      const index = items.findIndex((i) => i.id === item.id);
      const rest = items.filter((i) => i.id !== item.id);
      const next = rest[Math.min(index, rest.length - 1)];
      if (next) focusNext.current = { id: next.id, what: "abrir" };
      setItems(rest);
      toast({ title: `Cobrança de ${item.clientNome} marcada como enviada` });
    } catch (error) {
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível marcar a mensagem.", variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  if (items.length === 0) {
    return (
      <p className="worklist-empty" role="status">
        Nenhuma mensagem de WhatsApp para enviar agora.
      </p>
    );
  }

  return (
    <section aria-labelledby="worklist-count">
      <p id="worklist-count" className="worklist-count" role="status">
        {items.length === 1 ? "1 mensagem para enviar" : `${items.length} mensagens para enviar`}
      </p>
      <ol className="worklist" ref={list}>
        {items.map((item, index) => (
          <li key={item.id} className="worklist-item" data-item={item.id}>
            <div className="worklist-item__head">
              <h2 className="worklist-item__client">{item.clientNome}</h2>
              <span className="worklist-item__meta">
                {item.etapa ?? "Cobrança manual"} · {formatDateBR(item.data)} · {total(item)}
              </span>
            </div>
            <details className="worklist-item__text">
              <summary>Ver mensagem</summary>
              <pre>{item.texto}</pre>
            </details>
            <div className="worklist-item__actions">
              {item.whatsappUrl ? (
                <a
                  className="ui-button ui-button--primary ui-button--md"
                  href={item.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-acao="abrir"
                  autoFocus={index === 0}
                  aria-label={`Abrir no WhatsApp: ${item.clientNome}`}
                  onClick={() => {
                    // After opening, the next Enter marks it sent.
                    setTimeout(() => list.current?.querySelector<HTMLElement>(`[data-item="${item.id}"] [data-acao="marcar"]`)?.focus(), 0);
                  }}
                >
                  Abrir no WhatsApp
                </a>
              ) : (
                <span className="worklist-item__nophone">Sem celular válido</span>
              )}
              <Button variant="secondary" data-acao="marcar" loading={busy === item.id} onClick={() => void markSent(item)} aria-label={`Marcar como enviada: ${item.clientNome}`}>
                Marcar como enviada
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
