// The whole lists against the hand-written baseline (scripts/bench-baseline.ts), one way for
// every script that reports it (bench.ts's clients row, bench-ledger.ts's ledger rows,
// bench-whole-lists.ts alone): both over HTTP on loopback, uncompressed (the work, not gzip's),
// the same SQL and — checked, or the run stops — the same JSON text byte for byte; requests
// alternating between the servers in blocks (scripts/load-alternate.ts), so each ratio is of
// one moment of a shared machine; several runs, each its own medians and ratio, the median
// ratio reported with the runs beside it. Measured apart, minutes from each other (the
// bench's old row: 200 requests to the API, then 200 to the baseline after a minute's sleep),
// the same build gave 0.97–1.44× at load average 9: the moments differed, not the servers.
import { join } from "node:path";
import { ROOT, median } from "./bench-support";

/** A whole list: the API's path, and the baseline's path answering the same text. */
export interface ListPath {
  label: string;
  api: string;
  bare: string;
}

/** A server measured against the baseline: a binary's name, where it listens, its session. */
export interface Measured {
  name: string;
  base: string;
  cookie: string;
}

export interface ListComparison {
  label: string;
  /** The baseline's median of the runs' medians (ms). */
  bare: number;
  /** Characters of the answer (the same for all). */
  chars: number;
  servers: { name: string; median: number; ratio: number; ratios: number[] }[];
}

export interface AlternateOptions {
  /** Runs, each a process of its own with its own medians. */
  runs: number;
  /** Rounds per run (two more to warm up); each round sends `block` requests to each server in turn. */
  rounds: number;
  block: number;
}

/** Each URL's median latency in one run of alternating blocks (the first request of each block, which meets the other server's caches, left out). */
async function alternate(targets: { url: string; cookie: string }[], options: AlternateOptions): Promise<number[]> {
  return JSON.parse(await Bun.$`bun ${join(ROOT, "scripts", "load-alternate.ts")} ${JSON.stringify(targets)} ${options.rounds} ${options.block}`.text()) as number[];
}

const text = async (url: string, cookie: string) => (await fetch(url, { headers: { cookie, "accept-encoding": "identity" } })).text();

/** Every path on every server against the baseline; throws when a server's text is not the baseline's. */
export async function compareWholeLists(baseline: string, servers: Measured[], paths: ListPath[], options: AlternateOptions): Promise<ListComparison[]> {
  const results: ListComparison[] = [];
  for (const { label, api, bare } of paths) {
    const expected = await text(`${baseline}${bare}`, "");
    for (const { name, base, cookie } of servers) {
      const answered = await text(`${base}${api}`, cookie);
      // Another text is other work: the ratio would compare nothing.
      if (answered !== expected) throw new Error(`${label}: ${name} answers ${answered.length} characters, the baseline ${expected.length}: not the same JSON text`);
    }
    const bareTimes: number[] = [];
    const times: number[][] = servers.map(() => []);
    const ratios: number[][] = servers.map(() => []);
    for (let run = 0; run < options.runs; run++) {
      const [bareMedian, ...medians] = await alternate([{ url: `${baseline}${bare}`, cookie: "" }, ...servers.map(({ base, cookie }) => ({ url: `${base}${api}`, cookie }))], options);
      bareTimes.push(bareMedian!);
      medians.forEach((m, i) => {
        times[i]!.push(m);
        ratios[i]!.push(m / bareMedian!);
      });
    }
    results.push({
      label,
      bare: median(bareTimes),
      chars: expected.length,
      servers: servers.map(({ name }, i) => ({ name, median: median(times[i]!), ratio: median(ratios[i]!), ratios: ratios[i]! })),
    });
  }
  return results;
}

/** "1.05× (runs 1.02 1.05 1.09)" */
export const ratioText = (server: ListComparison["servers"][number]) => `${server.ratio.toFixed(2)}× (runs ${server.ratios.map((r) => r.toFixed(2)).join(" ")})`;

/**
 * Blocks long enough to be a run of requests to one server: in blocks of 5 the previous build's
 * clients list measured 1.11×, in blocks of 50 1.20× (same run; a server idle a few ms between
 * short blocks collects its garbage off the measured requests). The ledgers' answers take
 * 50–300 ms, so fewer.
 */
export const CLIENTS_BLOCKS = { rounds: 6, block: 50 };
export const LEDGER_BLOCKS = { rounds: 6, block: 5 };

/** The bench's rows: GET /api/clients on bench.ts's 2,000 clients, the ledgers on `seed-demo --scale 50`. */
export const CLIENTS_LIST: ListPath = { label: "GET /api/clients (2,000 clients)", api: "/api/clients", bare: "/" };
export const LEDGER_LISTS: ListPath[] = [
  { label: "GET /api/installments (seed-demo --scale 50)", api: "/api/installments", bare: "/installments" },
  { label: "GET /api/payables (seed-demo --scale 50)", api: "/api/payables", bare: "/payables" },
];
