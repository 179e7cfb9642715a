import type { HistoryEventJson, HistoryQuery } from "../api/history/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";
import type { PrintStamp } from "../ui/PrintHeader";

interface HistoryPageProps {
  query: HistoryQuery;
  page: { rows: HistoryEventJson[]; total: number };
  users: string[];
  printed: PrintStamp;
}

/**
 * Histórico: the static heading; filters, the trail's page and the export link are one island,
 * which also heads the printed page (its filters change in the browser).
 */
export function HistoryPage({ query, page, users, printed }: HistoryPageProps) {
  return (
    <>
      <PageHeader
        title="Histórico"
        description="Quem fez o quê e quando: baixas, cancelamentos, vencimentos, cadastros, bloqueios e acessos."
      />
      <Island name="HistoryList" props={{ initial: page, params: query.view, users, printed }} />
    </>
  );
}
