import { useMemo } from "react";
import { formatDateBR } from "../src/lib/dates";
import { ENTITY_LABELS, HISTORY_ENTITIES } from "../src/lib/history-text";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Icon } from "../src/ui/Icon";
import { Input } from "../src/ui/Input";
import { Pager, rangeText } from "../src/ui/Pager";
import { PrintHeader } from "../src/ui/PrintHeader";
import { Select } from "../src/ui/Select";
import { Table, type TableColumn } from "../src/ui/Table";
import { HISTORY_DEFAULTS, type HistoryRowView } from "./history/view";
import { searchOf, useUrlList, type ListParams } from "./lib/list";

export interface HistoryListProps {
  initial: { rows: HistoryRowView[]; total: number };
  /** The view the server rendered: de, ate, usuario, entidade, id, q, pagina. */
  params: ListParams;
  /** The users' e-mails and "sistema", for the Usuário filter. */
  users: string[];
  /** When the page was served ("22/11/2026, 14:05"), for the printed page's header. */
  printedAt: string;
}

const ENTITY_OPTIONS = [{ value: "", label: "Todos" }, ...HISTORY_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] }))];

/** An e-mail that may break before its "@" on paper, where it is not cut to "…". */
function breakable(text: string) {
  const at = text.indexOf("@");
  return at > 0 ? (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  ) : (
    text
  );
}

const COLUMNS: TableColumn<HistoryRowView>[] = [
  {
    key: "quando",
    header: "Quando",
    phone: "badge",
    render: (e) => (
      <time className="ui-nowrap" dateTime={e.at}>
        {e.quando}
      </time>
    ),
  },
  {
    key: "usuario",
    header: "Usuário",
    render: (e) => (
      <span className="ui-ellipsis" title={e.usuario}>
        {e.usuario === "sistema" ? "Sistema" : breakable(e.usuario)}
      </span>
    ),
  },
  {
    key: "registro",
    header: "Registro",
    phone: "title",
    render: (e) => (
      <span className="ui-ellipsis" title={e.rotulo}>
        {breakable(e.rotulo)}
      </span>
    ),
  },
  { key: "texto", header: "O que aconteceu", render: (e) => <span className="history-cell-text">{e.texto}</span> },
];

/** On paper, the filters the page was printed with, in words (the screen shows them as controls). */
function printedView(params: ListParams): string {
  const parts: string[] = [];
  if (params.de || params.ate) parts.push(`Período: ${params.de ? formatDateBR(params.de) : "início"} a ${params.ate ? formatDateBR(params.ate) : "hoje"}`);
  if (params.usuario) parts.push(`Usuário: ${params.usuario === "sistema" ? "Sistema" : params.usuario}`);
  if (params.entidade) parts.push(`Tipo de registro: ${ENTITY_LABELS[params.entidade as keyof typeof ENTITY_LABELS] ?? params.entidade}`);
  if (params.id) parts.push(`Registro nº ${params.id}`);
  if (params.q) parts.push(`Busca: “${params.q}”`);
  return parts.length ? parts.join(" · ") : "Todos os registros";
}

/** Histórico: period, user, kind of record and text in the URL; one page of the trail; the CSV of the view. */
export default function HistoryList({ initial, params: initialParams, users, printedAt }: HistoryListProps) {
  const list = useUrlList<HistoryRowView>({ endpoint: "/api/history", initial, params: initialParams, defaults: HISTORY_DEFAULTS, listName: "histórico" });
  const { params, update } = list;
  const page = Number(params.pagina || 1);
  const perPage = Number(params.porPagina || 50);
  const filtering = Boolean(params.de || params.ate || params.usuario || params.entidade || params.id || params.q);
  const userOptions = useMemo(
    () => [{ value: "", label: "Todos" }, ...users.map((email) => ({ value: email, label: email === "sistema" ? "Sistema" : email }))],
    [users],
  );
  const exportHref = `/history/export${searchOf({ ...params, pagina: "", porPagina: "" }, HISTORY_DEFAULTS)}`;

  return (
    <div className="list-screen">
      <PrintHeader title="Histórico" filters={printedView(params)} printedAt={printedAt} />
      <FilterBar
        label="Filtrar histórico"
        active={filtering}
        onClear={() => update({ de: "", ate: "", usuario: "", entidade: "", id: "", q: "" })}
      >
        <Field label="De">
          <Input type="date" name="de" value={params.de ?? ""} onValueChange={(de) => update({ de })} />
        </Field>
        <Field label="Até">
          <Input type="date" name="ate" value={params.ate ?? ""} onValueChange={(ate) => update({ ate })} />
        </Field>
        <Field label="Usuário">
          <Select name="usuario" options={userOptions} value={params.usuario ?? ""} onValueChange={(usuario) => update({ usuario })} />
        </Field>
        <Field label="Tipo de registro">
          <Select name="entidade" options={ENTITY_OPTIONS} value={params.entidade ?? ""} onValueChange={(entidade) => update({ entidade, id: "" })} />
        </Field>
        <Field label="Buscar">
          <Input
            type="search"
            name="q"
            placeholder="Cliente, parcela ou e-mail"
            autoComplete="off"
            value={params.q ?? ""}
            onValueChange={(q) => update({ q }, { typing: true })}
          />
        </Field>
      </FilterBar>

      <section className="list-card" aria-labelledby="historico-contagem">
        <div className="list-export no-print">
          <a className="ui-button ui-button--secondary ui-button--md" href={exportHref} download>
            <Icon name="download" size={18} />
            Exportar CSV
          </a>
        </div>
        <p className="ui-list-count" id="historico-contagem" aria-live="polite">
          {list.total === 0 ? "Nenhum registro" : `Registros ${rangeText(page, perPage, list.total)}`}
        </p>
        <Table
          className="ui-table-wrap--cards ui-table-wrap--sticky history-table"
          label="Histórico de alterações"
          fixed
          busy={list.loading}
          columns={COLUMNS}
          rows={list.rows}
          rowKey={(e) => e.id}
          empty={
            <EmptyState
              icon="history"
              title="Nenhum registro encontrado"
              hint={filtering ? "Ajuste os filtros para ver outros registros." : "As alterações feitas no Cofre aparecem aqui."}
            />
          }
        />
        <Pager
          page={page}
          perPage={perPage}
          total={list.total}
          listName="histórico"
          hrefFor={(n) => `/history${searchOf({ ...params, pagina: String(n) }, HISTORY_DEFAULTS)}`}
          onPageChange={(n) => {
            update({ pagina: String(n) });
            document.getElementById("conteudo")?.scrollIntoView?.({ block: "start" });
          }}
        />
      </section>
    </div>
  );
}
