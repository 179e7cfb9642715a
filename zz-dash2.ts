import { openDatabase } from "./db/client";
import { getDashboardStats } from "./src/api/dashboard/stats";
import { getMonthlyRevenue } from "./src/api/dashboard/monthly-revenue";
import { subscriptionSummary } from "./src/api/subscriptions/service";
import { defaultMrrRange, mrrMovement } from "./src/api/subscriptions/mrr";
import { monthResult } from "./src/api/reports/dre";
process.env.NODE_ENV = "production";
const db = openDatabase("/tmp/rp/d200.db", { mustExist: true });
const t = (label: string, f: () => unknown) => { const s = performance.now(); f(); console.log(label, (performance.now() - s).toFixed(1)); };
const r = defaultMrrRange();
for (let k = 0; k < 2; k++) {
t("stats", () => getDashboardStats(db));
t("revenue", () => getMonthlyRevenue(db));
t("subscriptionSummary", () => subscriptionSummary(db));
t("mrr", () => mrrMovement(db, r.from, r.to));
t("monthResult", () => monthResult(db));
}
