// Bench rows for deep pages (issue 21 §1), on the bench's `seed-demo --scale 50` database: page 1,
// the middle page and the last of every sort of receivables, payables and clients, and of the
// history trail (newest first, and one kind), each the median of 15 calls of the list's service
// in this process (the work of the page: its SQL and rows, not HTTP). Budget: every page within
// 2× page 1 (or within a millisecond of it) and 15 ms.
import { openDatabase, type Db } from "../db/client";
import { findClients, parseClientQuery } from "../src/api/clients/service";
import { browseHistory, parseHistoryQuery } from "../src/api/history/service";
import { listInstallments, parseInstallmentQuery } from "../src/api/installments/service";
import { listPayables, parsePayableQuery } from "../src/api/payables/service";
import { CLIENT_SORTS } from "../src/api/clients/model";
import { LEDGER_SORTS } from "../src/api/ledger/model";
import { benchAlone, ms, type Row, timed } from "./bench-support";

type Raw = Record<string, string>;
interface List {
  name: string;
  sorts: readonly string[];
  /** One page for these URL parameters: its total tells the last page. */
  page: (db: Db, raw: Raw) => { total: number };
}

const LISTS: List[] = [
  { name: "receivables", sorts: ["cliente", ...LEDGER_SORTS], page: (db, raw) => listInstallments(db, parseInstallmentQuery(raw)) },
  { name: "payables", sorts: ["fornecedor", ...LEDGER_SORTS], page: (db, raw) => listPayables(db, parsePayableQuery(raw)) },
  { name: "clients", sorts: CLIENT_SORTS, page: (db, raw) => findClients(db, parseClientQuery(raw), 0) },
];

/** "page 1 / middle / last" of one view, and whether it keeps the budget. */
function pagesRow(row: Row, label: string, page: (raw: Raw) => { total: number }, raw: Raw) {
  const last = Math.max(1, Math.ceil(page({ ...raw, pagina: "1" }).total / 50));
  const pages = [1, Math.ceil(last / 2), last];
  const [first, ...deeper] = pages.map((pagina) => timed(() => page({ ...raw, pagina: String(pagina) })));
  // "Over 2×" counts only past a millisecond more than page 1: 2× a page of 0.3 ms is the
  // machine's noise, not the cost of depth (docs/decisions.md "Deep pages").
  const over = [deeper.some((t) => t > 15) && "over 15 ms", deeper.some((t) => t > 2 * first! && t - first! > 1) && "over 2×"].filter(Boolean);
  const value = [first!, ...deeper].map((t) => ms(t, 2)).join(" / ");
  row(`${label}: page 1 / ${pages[1]} / ${last} (in-process)`, over.length ? `${value} (${over.join(", ")})` : value, "≤ 2× page 1 (or + 1 ms) and ≤ 15 ms");
}

export function benchPages(dbPath: string, row: Row) {
  const db = openDatabase(dbPath, { mustExist: true });
  try {
    for (const list of LISTS) {
      for (const sort of list.sorts) for (const dir of ["", "-"]) pagesRow(row, `${list.name} ?ordem=${dir}${sort}`, (raw) => list.page(db, raw), { ordem: dir + sort, porPagina: "50" });
    }
    const history = (raw: Raw) => browseHistory(db, parseHistoryQuery(raw));
    pagesRow(row, "history (newest first)", history, {});
    pagesRow(row, "history ?entidade=installment", history, { entidade: "installment" });
  } finally {
    db.$client.close();
  }
}

if (import.meta.main) await benchAlone("bun scripts/bench-pages.ts <database seeded with seed-demo --scale 50>", benchPages);
