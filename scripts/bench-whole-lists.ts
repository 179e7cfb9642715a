// `bun scripts/bench-whole-lists.ts [other binary…]`: the whole lists alone against the
// hand-written baseline (scripts/bench-baseline.ts), in rounds that take turns, so each ratio is
// of one moment of a shared machine. GET /api/clients on the bench's 2,000 clients (bench.ts's
// rows); with BENCH_LEDGER=1, /api/installments and /api/payables on `seed-demo --scale 50`
// (COFRE_BENCH_SEEDS keeps it). Extra binaries (e.g. a build of the previous commit) are
// measured in the same rounds: before and after in one run. All uncompressed, as bench.ts's row.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, ROOT, median, ms, requireBinary, seededDatabase, signIn, startBaseline, startBinary, stopBinary } from "./bench-support";

requireBinary();
const ADMIN = { email: "bench@cofre.test", password: "bench-senha" };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const binaries = [BINARY, ...process.argv.slice(2)];
const dir = mkdtempSync(join(tmpdir(), "cofre-lists-"));

/** The bench's clients, suppliers and partners (bench.ts), written straight into the file. */
function fillRegisters(path: string) {
  const db = new Database(path);
  db.transaction(() => {
    const client = db.prepare("insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, status_bloqueio) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (let i = 0; i < 2000; i++)
      client.run(`Empresa ${i} Comércio Ltda`, String(10_000_000_000_000 + i), `Contato ${i}`, "11987654321", `c${i}@cofre.test`, 9900 + i, `CLI-${i}`, i % 10 === 0 ? 1 : 0, i % 7 === 0 ? 1 : 0);
  })();
  db.close();
}

/** Each path's median on every server and the baseline, requests alternating between them. */
async function alternate(targets: { url: string; cookie: string }[], rounds: number, block: number): Promise<number[]> {
  return JSON.parse(await Bun.$`bun ${join(ROOT, "scripts", "load-alternate.ts")} ${JSON.stringify(targets)} ${rounds} ${block}`.text()) as number[];
}

async function measure(database: string, paths: [label: string, api: string, bare: string][], rounds: number, block: number) {
  const servers = [];
  for (const binary of binaries) {
    const server = await startBinary({ database, cwd: dir, admin: ADMIN, binary, stderr: "ignore" });
    servers.push({ binary, server, cookie: await signIn(server.base, ADMIN) });
  }
  const baseline = await startBaseline(database);
  try {
    for (const [label, api, bare] of paths) {
      // The same answer, or the ratio compares different work.
      const text = async (url: string, cookie: string) => (await fetch(url, { headers: { cookie, "accept-encoding": "identity" } })).text();
      const bareText = await text(`${baseline.base}${bare}`, "");
      const apiText = await text(`${servers[0]!.server.base}${api}`, servers[0]!.cookie);
      const same = bareText === apiText ? "the same JSON text" : `different texts: ${bareText.length} and ${apiText.length} characters`;
      const ratios: number[][] = servers.map(() => []);
      const times: number[][] = servers.map(() => []);
      const bareTimes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const [bareMedian, ...medians] = await alternate([{ url: `${baseline.base}${bare}`, cookie: "" }, ...servers.map(({ server, cookie }) => ({ url: `${server.base}${api}`, cookie }))], rounds, block);
        bareTimes.push(bareMedian!);
        medians.forEach((m, i) => {
          times[i]!.push(m);
          ratios[i]!.push(m / bareMedian!);
        });
      }
      console.log(`${label}: baseline median ${ms(median(bareTimes), 2)} (${same})`);
      servers.forEach(({ binary }, i) =>
        console.log(`  ${binary}: median ${ms(median(times[i]!), 2)}, ÷ baseline ${median(ratios[i]!).toFixed(2)}× (runs: ${ratios[i]!.map((r) => r.toFixed(2)).join(" ")})`),
      );
    }
  } finally {
    baseline.proc.kill();
    for (const { server } of servers) await stopBinary(server);
  }
}

try {
  const clientsDb = join(dir, "clients.db");
  await stopBinary(await startBinary({ database: clientsDb, cwd: dir, admin: ADMIN, stderr: "ignore" }));
  fillRegisters(clientsDb);
  console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
  await measure(clientsDb, [["GET /api/clients (2,000 clients)", "/api/clients", "/"]], 30, 10);
  if (process.env.BENCH_LEDGER) {
    const ledgerDb = join(dir, "ledger.db");
    await seededDatabase(ledgerDb, 50, dir, ADMIN);
    await measure(
      ledgerDb,
      [
        ["GET /api/installments (seed-demo --scale 50)", "/api/installments", "/installments"],
        ["GET /api/payables (seed-demo --scale 50)", "/api/payables", "/payables"],
      ],
      8,
      3,
    );
  }
  console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
