import type { SessionJson } from "../../src/api/users/model";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { Table, type TableColumn } from "../../src/ui/Table";
import { instantText, lastUseText } from "../users/words";

interface SessionsTableProps {
  sessions: SessionJson[];
  timeZone: string;
  /** The session being ended (its button shows loading). */
  ending: string | null;
  onEnd(session: SessionJson): void;
}

/** The person's sessions: Navegador ("Esta sessão"), Endereço, Criada em, Último uso, and "Encerrar" for each other one. */
export function SessionsTable({ sessions, timeZone, ending, onEnd }: SessionsTableProps) {
  const columns: TableColumn<SessionJson>[] = [
    {
      key: "navegador",
      header: "Navegador",
      phone: "title",
      render: (s) => (
        <span className="account-browser">
          <span className="ui-ellipsis" title={s.navegador}>
            {s.navegador}
          </span>
          {s.atual && <Badge variant="info">Esta sessão</Badge>}
        </span>
      ),
    },
    {
      key: "endereco",
      header: "Endereço",
      // The client's address at sign-in (behind a proxy, through TRUST_PROXY); unknown for older sessions.
      render: (s) =>
        s.endereco ? (
          <span className="ui-ellipsis" title={s.endereco}>
            {s.endereco}
          </span>
        ) : (
          <span className="users-muted">desconhecido</span>
        ),
    },
    { key: "criadaEm", header: "Criada em", render: (s) => <span className="ui-nowrap">{instantText(s.criadaEm, timeZone)}</span> },
    { key: "ultimoUso", header: "Último uso", render: (s) => <span className="ui-nowrap">{lastUseText(s.ultimoUso, timeZone)}</span> },
    {
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (s) =>
        s.atual ? null : (
          <Button
            variant="secondary"
            size="sm"
            loading={ending === s.id}
            aria-label={`Encerrar sessão ${s.navegador} criada em ${instantText(s.criadaEm, timeZone)}`}
            onClick={() => onEnd(s)}
          >
            Encerrar
          </Button>
        ),
    },
  ];
  return (
    <Table
      className="ui-table-wrap--cards account-sessions"
      label="Suas sessões"
      fixed
      columns={columns}
      rows={sessions}
      rowKey={(s) => s.id}
      empty="Nenhuma sessão aberta."
    />
  );
}
