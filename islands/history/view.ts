// What the /history list island reads of an event (the page sends only these fields).
import type { HistoryEventJson } from "../../src/api/history/model";
import type { HistoryQuery } from "../../src/api/history/model";
import type { ListParams } from "../lib/list";

export type HistoryRowView = Pick<HistoryEventJson, "id" | "at" | "quando" | "usuario" | "entidade" | "rotulo" | "texto">;

export const historyRowView = ({ id, at, quando, usuario, entidade, rotulo, texto }: HistoryEventJson): HistoryRowView => ({
  id,
  at,
  quando,
  usuario,
  entidade,
  rotulo,
  texto,
});

export const HISTORY_DEFAULTS: ListParams = { de: "", ate: "", usuario: "", entidade: "", id: "", q: "", pagina: "1", porPagina: "50" };

/** The parsed view back as URL parameters. */
export const historyParams = (query: HistoryQuery): ListParams => ({
  de: query.de,
  ate: query.ate,
  usuario: query.usuario,
  entidade: query.entidade,
  id: query.id === null ? "" : String(query.id),
  q: query.q,
  pagina: String(query.page),
  porPagina: String(query.perPage),
});
