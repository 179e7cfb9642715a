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
import { BINARY, ms, requireBinary, seededDatabase, signIn, startBaseline, startBinary, stopBinary } from "./bench-support";
import { CLIENTS_BLOCKS, CLIENTS_LIST, compareWholeLists, LEDGER_BLOCKS, LEDGER_LISTS, ratioText, type ListPath } from "./bench-lists";

requireBinary();
const ADMIN = { email: "bench@cofre.test", password: "bench-senha" };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Another block size (BENCH_BLOCK=n; rounds keep ~300 requests per server and run for the clients).
const BLOCK = Number(process.env.BENCH_BLOCK ?? 0);
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

/** The paths on every binary against the baseline, on one database; printed as they come. */
async function measure(database: string, paths: ListPath[], blocks: { rounds: number; block: number }) {
  const servers = [];
  for (const binary of binaries) {
    const server = await startBinary({ database, cwd: dir, admin: ADMIN, binary, stderr: "ignore" });
    servers.push({ name: binary, server, base: server.base, cookie: await signIn(server.base, ADMIN) });
  }
  const baseline = await startBaseline(database);
  try {
    for (const result of await compareWholeLists(baseline.base, servers, paths, { runs: RUNS, ...blocks })) {
      console.log(`${result.label}: baseline median ${ms(result.bare, 2)} (the same JSON text, ${result.chars.toLocaleString("en")} characters)`);
      for (const server of result.servers) console.log(`  ${server.name}: median ${ms(server.median, 2)}, ÷ baseline ${ratioText(server)}`);
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
  await measure(clientsDb, [CLIENTS_LIST], BLOCK ? { rounds: Math.ceil(300 / BLOCK), block: BLOCK } : CLIENTS_BLOCKS);
  if (process.env.BENCH_LEDGER) {
    const ledgerDb = join(dir, "ledger.db");
    await seededDatabase(ledgerDb, 50, dir, ADMIN);
    await measure(
      ledgerDb,
      LEDGER_LISTS,
      BLOCK ? { ...LEDGER_BLOCKS, block: BLOCK } : LEDGER_BLOCKS,
    );
  }
  console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
