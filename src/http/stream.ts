// Large answers (a list's export, a whole list the API answers in one array) go out a slice of
// time at a time, yielding to the event loop between slices: bun:sqlite is synchronous, so one
// long write would stop every other request, /healthz included (issue 21 §1b). Each slice after
// the first waits for a turn like a new request (src/http/turns.ts): under load an export takes
// its share of the loop, not one slice per request served (one export at a time cut a 50-client
// mix from 401 to 87 req/s when slices went by setImmediate). Gzipped when the browser accepts it.
import { CSV_BOM, csvLine, downloadHeaders, type CsvCell } from "../lib/csv";
import { turn } from "./turns";

/**
 * What an iterator yields after a read that may have produced nothing to send (a slice of events
 * of which none matched): the slice looks at its clock there, so a long run of rows that match
 * nothing is read across turns of the event loop, not in one.
 */
export const PAUSE: unique symbol = Symbol("pause");

/** Formatting time between two yields: with the gzip of its text, well under the 25 ms a request may hold the loop. */
const SLICE_MS = 6;
/** Items between two looks at the clock. */
const ITEMS_PER_LOOK = 200;

/**
 * `head`, then the items a slice at a time, each slice formatted at once (`formatSlice`: its items
 * and whether it is the first slice), then `tail`, as a byte stream: items are read from their
 * iterator (a statement's rows) only as the answer goes out, and the iterator is closed if the
 * client goes away.
 */
function sliceStream<T>(head: string, items: Iterable<T | typeof PAUSE>, formatSlice: (slice: T[], first: boolean) => string, tail = ""): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = items[Symbol.iterator]();
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (started) await turn();
        const parts = started ? [] : [head];
        started = true;
        const until = performance.now() + SLICE_MS;
        let done = false;
        while (!done && performance.now() < until) {
          const slice: T[] = [];
          for (let i = 0; i < ITEMS_PER_LOOK; i++) {
            const next = iterator.next();
            if (next.done) {
              done = true;
              break;
            }
            if (next.value === PAUSE) break;
            slice.push(next.value);
          }
          if (slice.length) parts.push(formatSlice(slice, first));
          if (slice.length) first = false;
        }
        if (done) parts.push(tail);
        controller.enqueue(encoder.encode(parts.join("")));
        if (done) controller.close();
      },
      cancel() {
        iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The answer, gzipped when the browser accepts it (~10× smaller). */
function streamResponse(request: Request, body: ReadableStream<Uint8Array>, headers: Headers): Response {
  if (!/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) return new Response(body, { headers });
  headers.set("content-encoding", "gzip");
  headers.set("vary", "accept-encoding");
  // DOM's typing wants BufferSource in; the stream's chunks are Uint8Array, which it is.
  const gzip = new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>;
  return new Response(body.pipeThrough(gzip), { headers });
}

/** A large CSV download, every row of the view, streamed: the same bytes as toCsv. */
export function csvStreamResponse(request: Request, fileName: string, header: readonly string[], rows: Iterable<readonly CsvCell[] | typeof PAUSE>): Response {
  return streamResponse(request, sliceStream(CSV_BOM + csvLine(header), rows, (slice) => slice.map(csvLine).join("")), downloadHeaders(fileName));
}

/** A whole list as the JSON array SPEC asks for, streamed: the same text as JSON.stringify(rows). */
export function jsonArrayResponse(request: Request, rows: Iterable<unknown>): Response {
  // One JSON.stringify per slice of rows, its brackets dropped: a call per row cost ~10% more.
  const body = sliceStream("[", rows, (slice, first) => (first ? "" : ",") + JSON.stringify(slice).slice(1, -1), "]");
  return streamResponse(request, body, new Headers({ "content-type": "application/json; charset=utf-8" }));
}

/**
 * An object whose one large field is an array (an import's preview and its 5,000 rows), streamed:
 * the same text as JSON.stringify({...fields, [key]: rows}), the rows a slice per turn (one
 * stringify of the whole answer held the loop 9–50 ms at 5,000 rows).
 */
export function jsonObjectResponse(request: Request, fields: Record<string, unknown>, key: string, rows: readonly unknown[], status = 200): Response {
  const before = JSON.stringify(fields);
  const head = `${before.length > 2 ? `${before.slice(0, -1)},` : "{"}${JSON.stringify(key)}:[`;
  const body = sliceStream(head, rows, (slice, first) => (first ? "" : ",") + JSON.stringify(slice).slice(1, -1), "]}");
  const response = streamResponse(request, body, new Headers({ "content-type": "application/json; charset=utf-8" }));
  return status === 200 ? response : new Response(response.body, { status, headers: response.headers });
}
