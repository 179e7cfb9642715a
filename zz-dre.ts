import { openDatabase } from "./db/client";
import { getDre } from "./src/api/reports/dre";
import { timed } from "./scripts/bench-support";
import { addMonthsToMonth } from "./src/lib/dates";
const db = openDatabase("/tmp/rp/m200.db", { mustExist: true });
const to = "2026-11", from = addMonthsToMonth(to, -11);
for (const base of ["caixa", "competencia"] as const) console.log(base, timed(() => getDre(db, { from, to }, base)).toFixed(1));
for (const base of ["caixa", "competencia"] as const) { let t = 0; for (let m = from; m <= to; m = addMonthsToMonth(m, 1)) t += timed(() => getDre(db, { from: m, to: m }, base)); console.log(base, "by month sum", t.toFixed(1)); }
const c = db.$client;
const q = (label: string, s: string, p: any) => { const st = c.query(s); console.log(label, timed(() => st.all(p)).toFixed(1), st.all(p).length); };
q("payments idx", "SELECT data_pagamento AS d, categoria_id AS c, sum(valor_pago) v, count(*) n FROM payments INDEXED BY payments_dre_idx WHERE data_pagamento >= '2025-12-01' AND data_pagamento < '2026-12-01' GROUP BY data_pagamento, categoria_id", {});
q("payments count", "SELECT count(*) FROM payments WHERE data_pagamento >= '2025-12-01' AND data_pagamento < '2026-12-01'", {});
q("recv due", "SELECT data_vencimento AS d, categoria_id AS c, sum(valor) AS v FROM receivables INDEXED BY receivables_dre_due_idx WHERE subscription_id IS NULL AND data_vencimento >= '2025-12-01' AND data_vencimento < '2026-12-01' GROUP BY data_vencimento, categoria_id", {});
q("recv comp", "SELECT competencia, categoria_id, sum(valor) FROM receivables INDEXED BY receivables_dre_competencia_idx WHERE subscription_id IS NOT NULL AND competencia >= '2025-12' AND competencia <= '2026-11' GROUP BY competencia, categoria_id", {});
q("pay due", "SELECT data_vencimento AS d, categoria_id AS c, sum(valor) AS v FROM payables INDEXED BY payables_dre_due_idx WHERE data_vencimento >= '2025-12-01' AND data_vencimento < '2026-12-01' GROUP BY data_vencimento, categoria_id", {});
q("recv comp count", "SELECT count(*) FROM receivables WHERE subscription_id IS NOT NULL AND competencia >= '2025-12' AND competencia <= '2026-11'", {});
