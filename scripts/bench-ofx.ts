// Bench rows for hostile and large OFX uploads (issue 31 §11): 5 MB of any shape parsed or
// refused in ≤ 1 s, and /healthz never waiting more than 25 ms meanwhile. Each file is uploaded
// to the binary while this process asks /healthz one request after another, timing each; the
// parse alone is also timed here, in process (the same parser, run at once).
import { MAX_STATEMENT_BYTES } from "../src/api/statements/model";
import { OfxError, parseOfxStatements } from "../src/lib/ofx";
import { generateOfx } from "../tests/fixtures/ofx/generate";
import { ms, type Row } from "./bench-support";

const HEAD = "OFXHEADER:100\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<ACCTID>77777-7</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20261231\r\n";
const TAIL = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
const encode = (text: string) => new TextEncoder().encode(text);
/** `unit` repeated to just under the upload limit, inside a statement. */
const filled = (unit: string, before = HEAD, after = TAIL) => encode(before + unit.repeat(Math.floor((MAX_STATEMENT_BYTES - before.length - after.length - 16) / unit.length)) + after);

function validStatement(): Uint8Array {
  // generateOfx's postings are ~165 bytes: the most that fit under the limit.
  let count = Math.floor(MAX_STATEMENT_BYTES / 170);
  let bytes = generateOfx(count).bytes;
  while (bytes.length > MAX_STATEMENT_BYTES) bytes = generateOfx((count -= 500)).bytes;
  return bytes;
}

const SHAPES: [string, () => Uint8Array][] = [
  ["valid statement", validStatement],
  ["<STMTTRN> never closed", () => filled("<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105<TRNAMT>10.00<FITID>1<NAME>X\r\n")],
  ["nested tags", () => filled("<A>")],
  ["one tag that never ends", () => filled("A", HEAD + "<", "<B>" + TAIL)],
];

/** `during` run while this process asks /healthz one request after another: its result, and the slowest /healthz. */
async function watchingHealth<T>(base: string, during: () => Promise<T>): Promise<{ result: T; healthMaxMs: number; healthAsked: number }> {
  let done = false;
  const latencies: number[] = [];
  const watcher = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  })();
  await Bun.sleep(20);
  try {
    return { result: await during(), healthMaxMs: Math.max(...latencies), healthAsked: latencies.length };
  } finally {
    done = true;
    await watcher;
  }
}

async function upload(base: string, cookie: string, bytes: Uint8Array): Promise<{ status: number; uploadMs: number }> {
  const t0 = performance.now();
  const response = await fetch(`${base}/api/statements?arquivo=bench-5mb.ofx`, {
    method: "POST",
    headers: { cookie, "content-type": "application/octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  await response.arrayBuffer();
  return { status: response.status, uploadMs: performance.now() - t0 };
}

export async function benchOfxUploads(base: string, cookie: string, row: Row) {
  // The machine's own noise: /healthz asked the same way for a second with no upload running.
  const quiet = await watchingHealth(base, () => Bun.sleep(1000));
  row(`/healthz with no upload running (this machine's noise): slowest of ${quiet.healthAsked}`, ms(quiet.healthMaxMs));
  for (const [shape, make] of SHAPES) {
    const bytes = make();
    const t0 = performance.now();
    let outcome = "parsed";
    try {
      parseOfxStatements(bytes);
    } catch (error) {
      if (!(error instanceof OfxError)) throw error;
      outcome = "refused";
    }
    const parseMs = performance.now() - t0;
    const { result: up, healthMaxMs, healthAsked } = await watchingHealth(base, () => upload(base, cookie, bytes));
    const mb = (bytes.length / 1024 / 1024).toFixed(2);
    row(`OFX ${mb} MB, ${shape}: ${outcome} in process / upload answered ${up.status}`, `${ms(parseMs)} / ${ms(up.uploadMs)}`, "parsed or refused ≤ 1 s");
    row(`… /healthz meanwhile: slowest of ${healthAsked}`, ms(healthMaxMs), "≤ 25 ms");
  }
}
