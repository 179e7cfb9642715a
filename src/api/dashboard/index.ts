import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { getMonthlyRevenue } from "./monthly-revenue";
import { getDashboardStats } from "./stats";

export function dashboardApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.dashboard", prefix: "/api/dashboard" })
    .get("/stats", () => getDashboardStats(db))
    .get("/monthly-revenue", () => getMonthlyRevenue(db));
}
