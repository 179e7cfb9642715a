// A list's export read a page at a time through the list's own query (its filters and order):
// each page is one short statement, read when the download asks for more (src/http/stream.ts
// writes a slice per turn of the event loop), so a long export never holds the server.
import { CSV_ROW_LIMIT } from "../lib/csv";
import type { ListPage } from "./list";

/** Rows per page read: the lists' largest page. */
const PAGE = 500;

/** Every row of a view, page after page, up to the exports' bound. */
export function* everyPage<Row>(read: (paging: { page: number; perPage: number }) => ListPage<Row>): Generator<Row> {
  let seen = 0;
  for (let page = 1; seen < CSV_ROW_LIMIT; page++) {
    const { rows, total } = read({ page, perPage: PAGE });
    for (const row of rows) {
      if (seen++ >= CSV_ROW_LIMIT) return;
      yield row;
    }
    if (rows.length < PAGE || page * PAGE >= total) return;
  }
}
