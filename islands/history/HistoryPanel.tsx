// The "Histórico" side panel of a client, supplier, installment or payable row: the record's timeline,
// fetched when the panel opens, in the sentences the server writes (src/lib/history-text.ts).
import { useEffect, useState } from "react";
import type { HistoryEventJson } from "../../src/api/history/model";
import { MESSAGE_CHANNEL_LABELS, MESSAGE_STATUS_LABELS, type MessageJson } from "../../src/api/messages/model";
import { formatDateBR } from "../../src/lib/dates";
import { Drawer } from "../../src/ui/Drawer";
import { ApiError, apiPage } from "../lib/api";

export interface HistorySubject {
  kind: "client" | "supplier" | "installment" | "payable";
  id: number;
  /** What the panel is about: "Padaria Pão Quente", "Padaria Pão Quente parcela 3/12". */
  name: string;
}

const PATHS: Record<HistorySubject["kind"], string> = {
  client: "/api/clients",
  supplier: "/api/suppliers",
  installment: "/api/installments",
  payable: "/api/payables",
};
/** The newest events shown; the /history page has the rest. */
const SHOWN = 100;

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; rows: HistoryEventJson[]; total: number };

export interface HistoryPanelProps {
  subject: HistorySubject;
  onClose(): void;
}

/** A client's or supplier's installments, one link away from its history. */
const LEDGER_OF: Partial<Record<HistorySubject["kind"], { path: string; label: string }>> = {
  client: { path: "/receivables?clientId=", label: "Ver parcelas a receber" },
  supplier: { path: "/payables?supplierId=", label: "Ver contas a pagar" },
};

export function HistoryPanel({ subject, onClose }: HistoryPanelProps) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    apiPage<HistoryEventJson>(`${PATHS[subject.kind]}/${subject.id}/history?porPagina=${SHOWN}`, controller.signal).then(
      (page) => setState({ status: "ready", ...page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = (error instanceof ApiError && error.serverMessage) || "Não foi possível carregar o histórico.";
        setState({ status: "error", message });
      },
    );
    return () => controller.abort();
  }, [subject.kind, subject.id]);

  return (
    <Drawer open title="Histórico" onClose={onClose} className="history-panel">
      <p className="history-panel__subject ui-ellipsis" title={subject.name}>
        {subject.name}
      </p>
      {LEDGER_OF[subject.kind] && (
        <p className="history-panel__ledger">
          <a href={`${LEDGER_OF[subject.kind]!.path}${subject.id}`}>{LEDGER_OF[subject.kind]!.label}</a>
        </p>
      )}
      {state.status === "loading" && (
        <p className="history-panel__status" role="status">
          Carregando histórico…
        </p>
      )}
      {state.status === "error" && (
        <p className="history-panel__status history-panel__status--error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === "ready" && <Timeline rows={state.rows} total={state.total} subject={subject} />}
      {subject.kind === "client" && <ClientMessages clientId={subject.id} />}
    </Drawer>
  );
}

/** The newest messages shown in a client's panel; /dunning/sent has them all. */
const MESSAGES_SHOWN = 20;

/** A client's charge messages (DECISIONS §7, §11): when, channel, step, what became of it. */
function ClientMessages({ clientId }: { clientId: number }) {
  const [page, setPage] = useState<{ rows: MessageJson[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiPage<MessageJson>(`/api/clients/${clientId}/messages?porPagina=${MESSAGES_SHOWN}`, controller.signal).then(setPage, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [clientId]);
  return (
    <section className="history-panel__messages" aria-labelledby={`mensagens-${clientId}`}>
      <h3 id={`mensagens-${clientId}`} className="history-panel__heading">
        Mensagens de cobrança
      </h3>
      {failed && <p className="history-panel__status history-panel__status--error">Não foi possível carregar as mensagens.</p>}
      {page && page.rows.length === 0 && <p className="history-panel__status">Nenhuma mensagem enviada a este cliente.</p>}
      {page && page.rows.length > 0 && (
        <ul className="history-panel__message-list">
          {page.rows.map((m) => (
            <li key={m.id}>
              {formatDateBR(m.data)} · {MESSAGE_CHANNEL_LABELS[m.canal]} · {m.etapa ?? `manual${m.quem ? ` (${m.quem})` : ""}`} · {MESSAGE_STATUS_LABELS[m.status]}
              {m.motivo ? `: ${m.motivo}` : ""}
            </li>
          ))}
        </ul>
      )}
      {page && page.total > 0 && (
        <p className="history-panel__ledger">
          <a href={`/dunning/sent?clientId=${clientId}`}>Ver todas as mensagens ({page.total})</a>
        </p>
      )}
    </section>
  );
}

function Timeline({ rows, total, subject }: { rows: HistoryEventJson[]; total: number; subject: HistorySubject }) {
  if (rows.length === 0) return <p className="history-panel__status">Nada registrado ainda.</p>;
  return (
    <>
      <ol className="history-timeline" aria-label={`Histórico de ${subject.name}`}>
        {rows.map((event) => (
          <li key={event.id} className="history-timeline__item">
            <time className="history-timeline__when" dateTime={event.at}>
              {event.quando}
            </time>
            <p className="history-timeline__text">{event.texto}</p>
            {/* A client's or supplier's timeline mixes in its installments: say which one. */}
            {event.entidade !== subject.kind && event.entidade !== "client" && <p className="history-timeline__label">{event.rotulo}</p>}
          </li>
        ))}
      </ol>
      {total > rows.length && (
        <p className="history-panel__more">
          Mostrando os {rows.length} registros mais recentes de {total}.{" "}
          <a href={`/history?entidade=${subject.kind}&id=${subject.id}`}>Ver no Histórico</a>
        </p>
      )}
    </>
  );
}
