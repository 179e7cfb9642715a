// A list's export read a page at a time through the list's own query (its filters and order):
// each page is one short statement, read when the download asks for more (src/http/stream.ts
// writes a slice per turn of the event loop), so a long export never holds the server.
import { PAUSE } from "../http/stream";
import type { ListPage } from "./list";

/** Rows per page read: the lists' largest page. */
const PAGE = 500;

type Paging = { page: number; perPage: number };

/** Every row of a view, page after page: whole, however many (no silent cap, issue 38 §5). */
export function everyPage<Row>(read: (paging: Paging) => ListPage<Row>): Generator<Row> {
  // A page read in one go is one step: no PAUSE comes out.
  return everyPageInSteps((paging) => (function* () { return read(paging); })()) as Generator<Row>;
}

/**
 * The same for a list whose page is read in steps (a generator that yields between its
 * statements: `subscriptionsSteps`): PAUSE after each step, so the export's slice looks at its
 * clock there and a long count and a long walk go out in turns of their own.
 */
export function* everyPageInSteps<Row>(read: (paging: Paging) => Generator<unknown, ListPage<Row>>): Generator<Row | typeof PAUSE> {
  for (let page = 1; ; page++) {
    const steps = read({ page, perPage: PAGE });
    let step = steps.next();
    for (; !step.done; step = steps.next()) yield PAUSE;
    const { rows, total } = step.value;
    yield* rows;
    if (rows.length < PAGE || page * PAGE >= total) return;
  }
}
