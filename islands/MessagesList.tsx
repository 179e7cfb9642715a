import { MESSAGE_CHANNEL_LABELS as CHANNEL_LABELS, MESSAGE_LIST, MESSAGE_STATUS_LABELS, MESSAGE_STATUSES, type MessageJson, type MessageStatus } from "../src/api/messages/model";
import { formatDateBR } from "../src/lib/dates";
import { Badge, type BadgeVariant } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Input } from "../src/ui/Input";
import { Select } from "../src/ui/Select";
import type { TableColumn } from "../src/ui/Table";
import { toast } from "../src/ui/toast";
import { api, ApiError } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { useUrlList, type ListIslandProps } from "./lib/list";
import { ListCount, ListExport, ListPager, ListTable } from "./lib/list-kit";

export type MessagesListProps = ListIslandProps<MessageJson>;

const CHANNEL_OPTIONS = [{ value: "", label: "Todos" }, { value: "email", label: "E-mail" }, { value: "whatsapp", label: "WhatsApp" }];
const STATUS_OPTIONS = [{ value: "", label: "Todas" }, ...MESSAGE_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_LABELS[value] }))];
const TONE: Record<MessageStatus, BadgeVariant> = {
  pendente: "info",
  enviada: "success",
  falhou: "danger",
  incerta: "warning",
  pulada: "neutral",
};

/** Cobranças › Enviadas: every message, automatic or manual, newest first; a failed or uncertain e-mail can go again. */
export default function MessagesList({ initial, params: initialParams }: MessagesListProps) {
  const list = useUrlList<MessageJson>({ spec: MESSAGE_LIST, initial, params: initialParams });
  const { params, update } = list;
  const canWrite = useCanWrite();
  const filtering = Boolean(params.canal || params.status || params.de || params.ate || params.clientId);

  async function resend(m: MessageJson) {
    try {
      const answer = await api<{ message: string }>(`/api/messages/${m.id}/resend`, { method: "POST" });
      toast({ title: answer.message });
      list.reload();
    } catch (error) {
      toast({ title: "Erro", description: (error instanceof ApiError && error.serverMessage) || "Não foi possível reenviar.", variant: "destructive" });
    }
  }

  const columns: TableColumn<MessageJson>[] = [
    { key: "data", header: "Data", phone: "badge", render: (m) => <span className="ui-nowrap">{formatDateBR(m.data)}</span> },
    { key: "cliente", header: "Cliente", phone: "title", render: (m) => <span className="ui-ellipsis" title={m.clientNome}>{m.clientNome}</span> },
    { key: "canal", header: "Canal", render: (m) => `${CHANNEL_LABELS[m.canal]}${m.origem === "manual" ? ` · manual${m.quem ? ` (${m.quem})` : ""}` : ""}` },
    { key: "etapa", header: "Etapa", render: (m) => m.etapa ?? "—" },
    { key: "parcelas", header: "Parcelas", render: (m) => m.parcelas.map((p) => p.numerosParcela).join(", ") },
    {
      key: "status",
      header: "Situação",
      render: (m) => (
        <span className="messages-status">
          <Badge variant={TONE[m.status]}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
          {m.motivo && <span className="messages-status__why">{m.motivo}</span>}
          {canWrite && m.canal === "email" && (m.status === "falhou" || m.status === "incerta") && (
            <Button variant="secondary" size="sm" onClick={() => void resend(m)} aria-label={`Reenviar mensagem para ${m.clientNome}`}>
              Reenviar
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="list-screen">
      <FilterBar label="Filtrar mensagens" active={filtering} onClear={() => update({ canal: "", status: "", de: "", ate: "", clientId: "" })}>
        <Field label="Canal">
          <Select name="canal" options={CHANNEL_OPTIONS} value={params.canal ?? ""} onValueChange={(canal) => update({ canal })} />
        </Field>
        <Field label="Situação">
          <Select name="status" options={STATUS_OPTIONS} value={params.status ?? ""} onValueChange={(status) => update({ status })} />
        </Field>
        <Field label="De">
          <Input type="date" name="de" value={params.de ?? ""} onValueChange={(de) => update({ de })} />
        </Field>
        <Field label="Até">
          <Input type="date" name="ate" value={params.ate ?? ""} onValueChange={(ate) => update({ ate })} />
        </Field>
      </FilterBar>
      <section className="list-card" aria-labelledby="mensagens-contagem">
        <ListExport list={list} />
        <ListCount id="mensagens-contagem" list={list} noun="Mensagens" none="Nenhuma mensagem" />
        <ListTable
          list={list}
          rows={list.rows}
          className="messages-table"
          label="Mensagens de cobrança"
          columns={columns}
          empty={<EmptyState icon="history" title="Nenhuma mensagem encontrada" hint={filtering ? "Ajuste os filtros para ver outras mensagens." : "As cobranças enviadas pela régua e pelo botão Cobrar aparecem aqui."} />}
        />
        <ListPager list={list} />
      </section>
    </div>
  );
}
