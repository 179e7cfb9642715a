import { useMemo } from "react";
import { formatDateBR } from "../src/lib/dates";
import { ENTITY_LABELS, HISTORY_ENTITIES, trailRow } from "../src/lib/history-text";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Input } from "../src/ui/Input";
import { PrintHeader, type PrintStamp } from "../src/ui/PrintHeader";
import { Select } from "../src/ui/Select";
import type { TableColumn } from "../src/ui/Table";
import { HISTORY_LIST, type HistoryEventJson } from "../src/api/history/model";
import { useUrlList, type ListIslandProps, type ListParams } from "./lib/list";
import { ListCount, ListExport, ListPager, ListTable } from "./lib/list-kit";

export interface HistoryListProps extends ListIslandProps<HistoryEventJson> {
  /** The users' e-mails and "sistema", for the Usuário filter. */
  users: string[];
  /** The company and when the page was served, for the printed page's header. */
  printed: PrintStamp;
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

const COLUMNS: TableColumn<HistoryEventJson>[] = [
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
    render: (e) => {
      const { registro } = trailRow(e);
      if (registro)
        return (
          <span className="ui-ellipsis" title={registro}>
            {breakable(registro)}
          </span>
        );
      // A session's record is the person: beside the Usuário column a dash; on a phone card,
      // where Usuário is hidden and this is the title, the person (history.css).
      return (
        <span className="history-self">
          <span className="history-self__dash" aria-hidden="true">
            —
          </span>
          <span className="ui-ellipsis history-self__who" title={e.usuario}>
            {breakable(e.usuario)}
          </span>
        </span>
      );
    },
  },
  { key: "texto", header: "O que aconteceu", render: (e) => <span className="history-cell-text">{trailRow(e).texto}</span> },
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
export default function HistoryList({ initial, params: initialParams, users, printed }: HistoryListProps) {
  const list = useUrlList<HistoryEventJson>({ spec: HISTORY_LIST, initial, params: initialParams });
  const { params, update } = list;
  const filtering = Boolean(params.de || params.ate || params.usuario || params.entidade || params.id || params.q);
  const userOptions = useMemo(
    () => [{ value: "", label: "Todos" }, ...users.map((email) => ({ value: email, label: email === "sistema" ? "Sistema" : email }))],
    [users],
  );

  return (
    <div className="list-screen">
      <PrintHeader title="Histórico" filters={printedView(params)} printed={printed} />
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
        <ListExport list={list} />
        <ListCount id="historico-contagem" list={list} noun="Registros" none="Nenhum registro" />
        <ListTable
          list={list}
          rows={list.rows}
          className="history-table"
          label="Histórico de alterações"
          columns={COLUMNS}
          empty={
            <EmptyState
              icon="history"
              title="Nenhum registro encontrado"
              hint={filtering ? "Ajuste os filtros para ver outros registros." : "As alterações feitas no Cofre aparecem aqui."}
            />
          }
        />
        <ListPager list={list} />
      </section>
    </div>
  );
}
