import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { clock, pinClock, today } from "../lib/clock";
import { deriveStatus, type StoredStatus } from "../lib/status";
import { openWhereSql, overdueWhereSql, partialWhereSql, statusCaseSql, statusRankSql } from "./status-sql";

// The overdue rule's two forms (src/lib/status.ts for islands, status-sql.ts for SQL) must agree,
// above all around midnight in APP_TZ, where "today" changes.

const sqlite = new Database(":memory:", { strict: true });
const rowSql = "(SELECT $status AS status, $due AS data_vencimento, $principal AS principal_pago) r";
const twin = sqlite.prepare(
  `SELECT ${statusCaseSql("r", "$today")} AS status, ${overdueWhereSql("r", "$today")} AS overdue, ${openWhereSql("r", "$today")} AS open,
     ${partialWhereSql("r", "$today")} AS partial, ${statusRankSql("r", "$today")} AS rank FROM ${rowSql}`,
);

let restore = () => {};
const zone = clock.timeZone;
beforeEach(() => {
  clock.timeZone = "America/Sao_Paulo";
});
afterEach(() => {
  restore();
  clock.timeZone = zone;
});

const instants = [
  ["23:59:59 on the 15th in São Paulo", "2026-03-15T23:59:59-03:00", "2026-03-15"],
  ["00:00:00 on the 16th in São Paulo", "2026-03-16T00:00:00-03:00", "2026-03-16"],
  ["02:59 UTC on the 16th, still the 15th in São Paulo", "2026-03-16T02:59:00Z", "2026-03-15"],
  ["03:00 UTC on the 16th, midnight in São Paulo", "2026-03-16T03:00:00Z", "2026-03-16"],
] as const;

describe("deriveStatus and its SQL twin agree", () => {
  for (const [name, instant, expectedToday] of instants) {
    test(`at ${name}`, () => {
      restore = pinClock(instant);
      const now = today();
      expect(now).toBe(expectedToday);
      for (const due of ["2026-03-14", "2026-03-15", "2026-03-16", "2026-03-17"]) {
        for (const status of ["em_aberto", "pago"] as StoredStatus[]) {
          // 0: nothing paid; 500: a partial payment (on a pago row: its last payment settled it).
          for (const principal of [0, 500]) {
            const ts = deriveStatus({ status, dataVencimento: due, principalPago: principal }, now);
            const row = twin.get({ status, due, principal, today: now }) as { status: string; overdue: number; open: number; partial: number; rank: number };
            expect({ due, status, principal, sql: row.status, overdue: row.overdue === 1, open: row.open === 1, partial: row.partial === 1, rank: row.rank }).toEqual({
              due,
              status,
              principal,
              sql: ts,
              overdue: ts === "vencido",
              // "Em Aberto" (the filter) is open and not yet due: parcial included.
              open: ts === "em_aberto" || ts === "parcial",
              partial: ts === "parcial",
              rank: ts === "pago" ? 2 : ts === "vencido" ? 3 : 1,
            });
          }
        }
      }
    });
  }

  test("due yesterday is vencido, today and tomorrow em_aberto, paid is pago whatever the date", () => {
    restore = pinClock("2026-03-16T00:00:00-03:00");
    const at = (due: string, status: StoredStatus = "em_aberto", principal = 0) => (twin.get({ status, due, principal, today: today() }) as { status: string }).status;
    expect([at("2026-03-15"), at("2026-03-16"), at("2026-03-17"), at("2026-03-15", "pago")]).toEqual(["vencido", "em_aberto", "em_aberto", "pago"]);
    // Something paid, a balance left: parcial until the due date passes, then vencido wins.
    expect([at("2026-03-16", "em_aberto", 1), at("2026-03-15", "em_aberto", 1), at("2026-03-15", "pago", 1)]).toEqual(["parcial", "vencido", "pago"]);
  });
});
