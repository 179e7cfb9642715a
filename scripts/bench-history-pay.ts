// `bun scripts/bench-history-pay.ts DATABASE`: the median of paying 100 open receivables
// in-process through payInstallment (20 more first, to warm up), printed as JSON.
import { openDatabase } from "../db/client";
import { payInstallment } from "../src/api/installments/service";

const [database] = process.argv.slice(2) as [string];
const db = openDatabase(database);
const ids = (db.$client.query("select id from receivables where status = 'em_aberto' order by id desc limit 120").all() as { id: number }[]).map((r) => r.id);
const times: number[] = [];
for (const [k, id] of ids.entries()) {
  const t0 = performance.now();
  payInstallment(db, "sistema", id, { dataPagamento: null, valorPago: null }, 0);
  if (k >= 20) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ median: times[Math.floor(times.length / 2)], payments: times.length }));
db.$client.close();
