// Large answers streamed a slice at a time (src/http/stream.ts, issue 21 §1b).
import { describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { csvMoney, csvParcela, toCsv, type CsvCell } from "../lib/csv";
import { cents } from "../lib/money";
import { csvStreamResponse, jsonArrayResponse, jsonObjectResponse, PAUSE } from "./stream";

describe("a large download, streamed", () => {
  const header = ["Cliente", "Parcela", "Valor"];
  // The BOM is part of the file: a default TextDecoder (and Response.text()) would drop it.
  const bytesAsText = (bytes: ArrayBuffer | Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const rows = (n: number): CsvCell[][] => Array.from({ length: n }, (_, i) => [`=Cliente ${i}; "filial"`, csvParcela(`${(i % 12) + 1}/12`), csvMoney(cents(i * 137))]);

  test("the same bytes as the whole file, and the event loop runs between its slices", async () => {
    const many = rows(60_000);
    // Slices are cut by time (SLICE_MS): the rows take at least 60 ms to read here (1 ms each
    // thousand), so there are several slices on the fastest machine too — with rows that cost
    // nothing, a fast one wrote the file in three slices and the timer below ticked only 3 times.
    function* slowly() {
      for (let i = 0; i < many.length; i++) {
        if (i % 1000 === 0) for (const until = performance.now() + 1; performance.now() < until; );
        yield many[i]!;
      }
    }
    // A timer that wants to run every few ms: it runs while the file goes out only if the
    // stream yields (one synchronous write of 60,000 rows would let it run once, after).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const response = csvStreamResponse(new Request("http://cofre.test/x"), "historico.csv", header, slowly());
    const text = bytesAsText(await response.arrayBuffer());
    clearInterval(timer);
    expect(text).toBe(toCsv(header, many));
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-disposition")).toContain('filename="historico.csv"');
    expect(ticks).toBeGreaterThan(3);
  });

  test("a gzipped answer's slices are half as long: gzipping a slice's text costs about as long as formatting it", async () => {
    // A clock that moves 1 ms each time it is read (a slice reads it once per 200 rows), so each
    // slice holds the same rows on a busy machine too: 1,000 rows plain (6 ms), 400 gzipped (3 ms).
    // An immediate that queues itself again notes how many rows were read each time the loop
    // turns: one new figure per slice.
    const slices = async (accept: string) => {
      let read = 0;
      function* rows() {
        for (; read < 12_000; read++) yield [`linha ${read}`];
      }
      const seen = new Set<number>();
      let watching = true;
      const watch = () => {
        seen.add(read);
        if (watching) setImmediate(watch);
      };
      setImmediate(watch);
      const realNow = performance.now.bind(performance);
      let clock = 0;
      performance.now = () => ++clock;
      try {
        await csvStreamResponse(new Request("http://cofre.test/x", { headers: { "accept-encoding": accept } }), "x.csv", ["a"], rows()).arrayBuffer();
      } finally {
        performance.now = realNow;
        watching = false;
      }
      seen.delete(0);
      seen.delete(12_000);
      return seen.size;
    };
    const plain = await slices("identity");
    const gzipped = await slices("gzip");
    // ~12 slices against ~30.
    expect(plain).toBeGreaterThan(5);
    expect(gzipped).toBeGreaterThan(plain * 1.8);
  });

  test("gzipped when the browser accepts it, and it unzips to the same file", async () => {
    const some = rows(5_000);
    const response = csvStreamResponse(new Request("http://cofre.test/x", { headers: { "accept-encoding": "gzip, deflate, br" } }), "x.csv", header, some);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("accept-encoding");
    const zipped = new Uint8Array(await response.arrayBuffer());
    const plain = toCsv(header, some);
    expect(zipped.byteLength).toBeLessThan(new TextEncoder().encode(plain).byteLength / 4);
    expect(bytesAsText(Bun.gunzipSync(zipped))).toBe(plain);
  });

  test("a cancelled download closes its rows (the statement behind them)", async () => {
    let closed = false;
    function* source() {
      try {
        for (let i = 0; ; i++) yield [`linha ${i}`];
      } finally {
        closed = true;
      }
    }
    const response = csvStreamResponse(new Request("http://cofre.test/x"), "x.csv", ["a"], source());
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });

  test.each([
    ["plain", ""],
    ["gzipped", "Accept-Encoding: gzip\r\n"],
  ])("over HTTP (%s), a client that goes away mid-download closes the rows, and the rows are read only as fast as it takes them", async (_, accept) => {
    let closed = false;
    let read = 0;
    function* source() {
      try {
        // Text gzip cannot shrink much, so the socket fills as soon when gzipped.
        for (; ; read++) yield [`linha ${read} ${crypto.randomUUID()}${crypto.randomUUID()}`];
      } finally {
        closed = true;
      }
    }
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => csvStreamResponse(request, "x.csv", ["a"], source()) });
    try {
      // A raw socket, which stops reading when paused (fetch's body would buffer without end).
      const socket = connect(server.port!, "127.0.0.1");
      let received = 0;
      socket.on("data", (chunk) => {
        received += chunk.length;
        socket.pause();
      });
      socket.write(`GET / HTTP/1.1\r\nHost: cofre.test\r\n${accept}\r\n`);
      for (let i = 0; i < 200 && !received; i++) await Bun.sleep(10);
      expect(received).toBeGreaterThan(0);
      // A client that reads nothing more: the server waits for it, not reading rows ahead without end.
      let readWhileWaiting = -1;
      for (let i = 0; i < 50 && read !== readWhileWaiting; i++) {
        readWhileWaiting = read;
        await Bun.sleep(50);
      }
      expect(read).toBe(readWhileWaiting);
      socket.destroy();
      for (let i = 0; i < 200 && !closed; i++) await Bun.sleep(10);
      expect(closed).toBe(true);
    } finally {
      await server.stop(true);
    }
  });

  test("PAUSE is where a slice looks at its clock: reads that send nothing go out across turns, and PAUSE is not written", async () => {
    // Ten reads of 4 ms that match nothing (as a slice of events none of which match), then a row.
    function* sparse(): Generator<CsvCell[] | typeof PAUSE> {
      for (let i = 0; i < 10; i++) {
        const until = performance.now() + 4;
        while (performance.now() < until);
        yield PAUSE;
      }
      yield ["fim"];
    }
    let done = false;
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = !done));
    const text = bytesAsText(await csvStreamResponse(new Request("http://cofre.test/x"), "x.csv", ["a"], sparse()).arrayBuffer());
    done = true;
    expect(text).toBe(toCsv(["a"], [["fim"]]));
    expect(ranMeanwhile).toBe(true);
  });

  test("an empty file is the BOM and the header", async () => {
    const response = csvStreamResponse(new Request("http://cofre.test/x"), "x.csv", header, []);
    expect(bytesAsText(await response.arrayBuffer())).toBe(toCsv(header, []));
  });
});

describe("a whole list as a JSON array", () => {
  const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: i, nome: `Cliente "${i}"`, valor: "150.00" }));
  const read = async (r: Response) => new TextDecoder().decode(await r.arrayBuffer());
  const request = (headers: Record<string, string> = {}) => new Request("http://cofre.test/x", { headers });

  test("rows that end within the first slice come back as the array itself, for the route to answer as any JSON", () => {
    expect(jsonArrayResponse(request(), rows.slice(0, 10))).toEqual(rows.slice(0, 10));
    expect(jsonArrayResponse(request(), [])).toEqual([]);
    // Read from an iterator (a statement's rows), in several runs (200 rows a run), put back
    // together. The first slice's time is the test's to give: 3 ms of reading on a loaded machine
    // streamed 4,999 and then 1,000 rows (CI, 2026-11-27 twice), which is the stream, not this.
    expect(jsonArrayResponse(request(), rows.slice(0, 4_999).values(), 60_000)).toEqual(rows.slice(0, 4_999));
    // With no time at all, the first run is still read: a short list is never streamed for a stall.
    expect(jsonArrayResponse(request(), rows.slice(0, 10).values(), 0)).toEqual(rows.slice(0, 10));
  });

  test("past WHOLE_UP_TO (5,000) rows, never one array, however fast they were read", () => {
    expect(jsonArrayResponse(request(), rows.slice(0, 5_001), 60_000)).toBeInstanceOf(Response);
  });

  test("more rows than one answer in one go stream as the same text as JSON.stringify, gzipped when accepted", async () => {
    const streamed = jsonArrayResponse(request(), rows);
    expect(streamed).toBeInstanceOf(Response);
    expect(await read(streamed as Response)).toBe(JSON.stringify(rows));
    const zipped = jsonArrayResponse(request({ "accept-encoding": "gzip" }), rows) as Response;
    expect(zipped.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toBe(JSON.stringify(rows));
  });

  test("rows slower to read than the first slice stream, the ones already read first, and the loop runs between slices", async () => {
    // 800 rows of 20 µs each: 16 ms of reading, past the first slice's 3 ms.
    function* slow() {
      for (const row of rows.slice(0, 800)) {
        const until = performance.now() + 0.02;
        while (performance.now() < until);
        yield row;
      }
    }
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const streamed = jsonArrayResponse(request(), slow());
    expect(streamed).toBeInstanceOf(Response);
    expect(await read(streamed as Response)).toBe(JSON.stringify(rows.slice(0, 800)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

test("an object with one large array streams as the same text as JSON.stringify, with its status", async () => {
  const rows = Array.from({ length: 3_000 }, (_, i) => ({ linha: i + 2, nome: `Cliente "${i}"`, valida: i % 2 === 0 }));
  const fields = { linhas: 3_000, erros: [{ linha: 3, campo: "CNPJ", mensagem: "CNPJ já cadastrado" }], message: "Nada foi importado" };
  const read = async (r: Response) => new TextDecoder().decode(await r.arrayBuffer());
  const answer = jsonObjectResponse(new Request("http://cofre.test/x"), fields, "clientes", rows, 422);
  expect(answer.status).toBe(422);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await read(answer)).toBe(JSON.stringify({ ...fields, clientes: rows }));
  expect(await read(jsonObjectResponse(new Request("http://cofre.test/x"), {}, "clientes", []))).toBe('{"clientes":[]}');
});
