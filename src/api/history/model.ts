// The history's row as the API sends it and the /history view's URL parameters. Client-safe:
// the HistoryList island imports the types and the filter names.
import type { HistoryEntity } from "../../lib/history-text";
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

/** `/history` and `GET /api/history`: entidade, id, usuario, de, ate (YYYY-MM-DD in APP_TZ), q, pagina, porPagina. */
export interface HistoryQuery extends Paging {
  entidade: HistoryEntity | "";
  id: number | null;
  usuario: string;
  de: string;
  ate: string;
  q: string;
}

