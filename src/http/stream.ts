// Large answers (a list's export, a whole list the API answers in one array) go out a slice of
// time at a time, yielding to the event loop between slices: bun:sqlite is synchronous, so one
// long write would stop every other request, /healthz included (issue 21 §1b). Each slice after
// the first waits for a turn like a new request (src/http/turns.ts): under load an export takes
// its share of the loop, not one slice per request served (one export at a time cut a 50-client
// mix from 401 to 87 req/s when slices went by setImmediate). Gzipped when the browser accepts it.
// A whole list short enough for one slice is answered as one array (jsonArrayResponse).
import { CSV_BOM, csvLine, downloadHeaders, type CsvCell } from "../lib/csv";
import { acceptsGzip } from "./compression";
import { turn } from "./turns";

/**
 * What an iterator yields after a read that may have produced nothing to send (a slice of events
 * of which none matched): the slice looks at its clock there, so a long run of rows that match
 * nothing is read across turns of the event loop, not in one.
 */
export const PAUSE: unique symbol = Symbol("pause");

/**
 * Formatting time between two yields, well under the 25 ms a request may hold the loop. Gzipping
 * a slice's text (on this thread) costs about as long again: a gzipped answer's slices are half as
 * long, so either kind of turn holds the loop ~6–8 ms (a gzipped export's turns at --scale 200:
 * 12 → 8 ms of CPU; the receivables CSV 2.4 → 2.5 s).
 */
const SLICE_MS = 6;

const sliceMsFor = (request: Request) => (acceptsGzip(request) ? SLICE_MS / 2 : SLICE_MS);
/** Items between two looks at the clock. */
const ITEMS_PER_LOOK = 200;

/** Items read from an iterator a run at a time, between looks at the clock. */
function runsOf<T>(items: Iterable<T | typeof PAUSE>) {
  const iterator = items[Symbol.iterator]();
  let done = false;
  return {
    get done() {
      return done;
    },
    /** Items for up to `ms` (and past `max` no more runs), in runs of at most ITEMS_PER_LOOK (a PAUSE ends a run); how many. */
    take(ms: number, use: (run: T[]) => void, max = Infinity): number {
      const until = performance.now() + ms;
      let count = 0;
      // One run always: a stall before the first look at the clock must not leave it empty.
      let looked = false;
      while (!done && count <= max && (!looked || performance.now() < until)) {
        looked = true;
        const run: T[] = [];
        for (let i = 0; i < ITEMS_PER_LOOK; i++) {
          const next = iterator.next();
          if (next.done) {
            done = true;
            break;
          }
          if (next.value === PAUSE) break;
          run.push(next.value);
        }
        count += run.length;
        if (run.length) use(run);
      }
      return count;
    },
    close() {
      iterator.return?.();
    },
  };
}

/**
 * `head`, then the items a slice at a time, each slice formatted at once (`formatSlice`: its items
 * and whether they are the first), then `tail`, as a byte stream: items are read from their
 * iterator (a statement's rows) only as the answer goes out, and the iterator is closed if the
 * client goes away. `read` are the first items, already read (jsonArrayResponse): the first chunk.
 *
 * A Bun "direct" stream: each slice's text is written straight to the socket (Bun encodes it
 * there) and flushed, waiting while the client is behind. A standard stream's chunks, encoded
 * here and pulled one by one, cost 6.3 MB of payables 73 ms over loopback against 51 for one
 * JSON.stringify's Response; written directly, 55.
 */
function sliceStream<T>(request: Request, head: string, source: ReturnType<typeof runsOf<T>>, formatSlice: (slice: T[], first: boolean) => string, tail = "", read: T[][] = []): ReadableStream<Uint8Array> {
  const sliceMs = sliceMsFor(request);
  let first = true;
  let gone = false;
  const format = (run: T[]) => {
    const text = formatSlice(run, first);
    first = false;
    return text;
  };
  const direct: Bun.DirectUnderlyingSource<Uint8Array> = {
    type: "direct",
    async pull(controller) {
      try {
        const parts = [head, ...read.map(format)];
        // A first chunk already read is sent as it is: its slice of time went on reading it.
        if (!read.length) source.take(sliceMs, (run) => parts.push(format(run)));
        while (!source.done) {
          await controller.write(parts.join(""));
          // Sent before the next slice is read: the rows are read as fast as the client takes them.
          await controller.flush(true);
          if (gone) return;
          await turn();
          if (gone) return;
          parts.length = 0;
          source.take(sliceMs, (run) => parts.push(format(run)));
        }
        parts.push(tail);
        controller.write(parts.join(""));
        controller.close();
      } finally {
        // Ended early (an error, the client gone): the statement is not left half stepped.
        if (!source.done) source.close();
      }
    },
    cancel() {
      gone = true;
      source.close();
    },
  };
  // DOM's typing (lib "DOM" is loaded for the islands) has no Bun direct source; Bun's runtime does.
  return new ReadableStream<Uint8Array>(direct as unknown as UnderlyingDefaultSource<Uint8Array>);
}

/** The answer, gzipped when the browser accepts it (~10× smaller). */
function streamResponse(request: Request, body: ReadableStream<Uint8Array>, headers: Headers): Response {
  if (!acceptsGzip(request)) return new Response(body, { headers });
  headers.set("content-encoding", "gzip");
  headers.set("vary", "accept-encoding");
  // DOM's typing wants BufferSource in; the stream's chunks are Uint8Array, which it is.
  const gzip = new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>;
  return new Response(body.pipeThrough(gzip), { headers });
}

/** A large CSV download, every row of the view, streamed: the same bytes as toCsv. */
export function csvStreamResponse(request: Request, fileName: string, header: readonly string[], rows: Iterable<readonly CsvCell[] | typeof PAUSE>): Response {
  return streamResponse(request, sliceStream(request, CSV_BOM + csvLine(header), runsOf(rows), (slice) => slice.map(csvLine).join("")), downloadHeaders(fileName));
}

/** A JSON array's slice of items: JSON.stringify's text without its brackets, a comma before all but the first. */
const arraySlice = (slice: unknown[], first: boolean) => (first ? "" : ",") + JSON.stringify(slice).slice(1, -1);

/** Reading time of a whole list's first slice: the rows are formatted after. */
const FIRST_READ_MS = SLICE_MS / 2;
/** At most this many rows are answered in one go: one JSON.stringify, ~1 ms at 5,000 rows of a list. */
const WHOLE_UP_TO = 5_000;

/**
 * A whole list as the JSON array SPEC asks for: the same text as JSON.stringify(rows). The first
 * slice of rows is read at once; rows that end within it (up to WHOLE_UP_TO) come back as the
 * array itself, which the route returns: Elysia answers it as any JSON (Response.json, gzipped by
 * src/http/compression.ts), as a hand-written server would. 2,000 clients streamed cost ~0.5 ms
 * more over HTTP: text built by slices sends slower than one JSON.stringify's, and a Response
 * handed to Elysia is copied into a new one whose body is read back as a stream. A longer list
 * streams, one JSON.stringify per slice of rows (a call per row cost ~10% more). `firstReadMs` is
 * the product's 3 ms; a test gives its own, so that it checks the answer, not the machine's speed.
 */
export function jsonArrayResponse(request: Request, rows: Iterable<unknown>, firstReadMs = FIRST_READ_MS): Response | unknown[] {
  const source = runsOf(rows);
  const read: unknown[][] = [];
  const count = source.take(firstReadMs, (run) => read.push(run), WHOLE_UP_TO);
  if (source.done && count <= WHOLE_UP_TO) return read.length === 1 ? read[0]! : read.flat();
  return streamResponse(request, sliceStream(request, "[", source, arraySlice, "]", read), new Headers({ "content-type": "application/json; charset=utf-8" }));
}

/**
 * An object whose one large field is an array (an import's preview and its 5,000 rows), streamed:
 * the same text as JSON.stringify({...fields, [key]: rows}), the rows a slice per turn (one
 * stringify of the whole answer held the loop 9–50 ms at 5,000 rows).
 */
export function jsonObjectResponse(request: Request, fields: Record<string, unknown>, key: string, rows: readonly unknown[], status = 200): Response {
  const before = JSON.stringify(fields);
  const head = `${before.length > 2 ? `${before.slice(0, -1)},` : "{"}${JSON.stringify(key)}:[`;
  const body = sliceStream(request, head, runsOf(rows), arraySlice, "]}");
  const response = streamResponse(request, body, new Headers({ "content-type": "application/json; charset=utf-8" }));
  return status === 200 ? response : new Response(response.body, { status, headers: response.headers });
}
