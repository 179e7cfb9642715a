// `bun scripts/bench-history-pay.ts SRC_ROOT DATABASE`: the median of paying 100 open receivables
// in-process through SRC_ROOT's payInstallment (20 more first, to warm up), printed as JSON.
// scripts/bench-history.ts runs it on the tree before history recording and on this one, each on
// its own copy of the same database, so the difference is what recording adds to a payment.
export {};
const [root, database] = process.argv.slice(2) as [string, string];
const { openDatabase } = await import(`${root}/db/client.ts`);
const { payInstallment } = await import(`${root}/src/api/installments/service.ts`);
const db = openDatabase(database);
const ids = (db.$client.query("select id from receivables where status = 'em_aberto' order by id desc limit 120").all() as { id: number }[]).map((r) => r.id);
// Before recording the verb was (db, id, body, grace); since, (db, actor, id, body, grace).
const pay = payInstallment.length >= 4 ? (id: number) => payInstallment(db, "sistema", id, { dataPagamento: null, valorPago: null }, 0) : (id: number) => payInstallment(db, id, { dataPagamento: null, valorPago: null }, 0);
const times: number[] = [];
for (const [k, id] of ids.entries()) {
  const t0 = performance.now();
  pay(id);
  if (k >= 20) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ median: times[Math.floor(times.length / 2)], payments: times.length }));
db.$client.close();
