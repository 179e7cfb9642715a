// The history's row as the API sends it and the /history view's URL parameters. Client-safe:
// the HistoryList island imports the types and the filter names.
import { HISTORY_ENTITIES, type HistoryEntity } from "../../lib/history-text";
import { isAcceptedDate } from "../../lib/dates";
import { matching, oneOf, recordId, text, type ListParams, type ListSpec } from "../../lib/list-spec";
import type { Paging } from "../list";

export interface HistoryEventJson {
  id: number;
  /** ISO timestamp (UTC). */
  at: string;
  /** "12/03/2026 14:05" in APP_TZ. */
  quando: string;
  /** The user's e-mail, or "sistema". */
  usuario: string;
  acao: string;
  entidade: string;
  entidadeId: number | null;
  rotulo: string;
  detalhes: Record<string, unknown>;
  clientId: number | null;
  supplierId: number | null;
  /** The event as one pt-BR sentence (src/lib/history-text.ts). */
  texto: string;
}

const DATE_INVALID = "Data inválida: use AAAA-MM-DD, entre 1900 e 2199";

/** `/history` and `GET /api/history`: de, ate (YYYY-MM-DD in APP_TZ), usuario, entidade, id, q, pagina, porPagina; newest first, always. */
export const HISTORY_LIST = {
  path: "/history",
  endpoint: "/api/history",
  filters: {
    de: matching(isAcceptedDate, DATE_INVALID),
    ate: matching(isAcceptedDate, DATE_INVALID),
    usuario: (raw: string) => raw.trim().toLowerCase(),
    entidade: oneOf(HISTORY_ENTITIES, `Tipo de registro inválido: use ${HISTORY_ENTITIES.join(", ")}`),
    id: recordId("Identificador inválido"),
    q: text,
  },
  sorts: [],
  defaultSort: "",
  perPage: 50,
  listName: "histórico",
} satisfies ListSpec;

/** The view, typed (HISTORY_LIST read); `view` is the same view as URL parameters. */
export interface HistoryQuery extends Paging {
  entidade: HistoryEntity | "";
  id: number | null;
  usuario: string;
  de: string;
  ate: string;
  q: string;
  view: ListParams;
}

