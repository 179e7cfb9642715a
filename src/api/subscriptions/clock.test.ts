import { expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";

// A subscription's saves and readjustments stamp updated_at from the app's one clock
// (src/lib/clock.ts), as every other write does: a pinned instant is what they record.
const NOW = "2026-03-15T10:00:00-03:00";
const t = useTestApp({ tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings"], now: NOW });

test("saving and readjusting a subscription stamp the app clock's instant, not the machine's", async () => {
  const created = await t.api("/api/clients", { method: "POST", body: PADARIA });
  const { id } = (await created.json()) as { id: number };
  const stamped = () =>
    t.db.$client
      .query("SELECT s.updated_at AS subscription, c.updated_at AS client FROM subscriptions s JOIN clients c ON c.id = s.client_id WHERE c.id = ?")
      .get(id);
  const pinned = new Date(NOW).toISOString();

  const saved = await t.api(`/api/clients/${id}/subscription`, { method: "PUT", body: { status: "ativa", valor: "150.00", diaVencimento: 10, inicio: "2025-01" } });
  expect(saved.status).toBe(200);
  expect(stamped()).toEqual({ subscription: pinned, client: pinned });

  const readjusted = await t.api(`/api/clients/${id}/subscription/readjust`, { method: "POST", body: { percentual: "4,62" } });
  expect(readjusted.status).toBe(200);
  expect(stamped()).toEqual({ subscription: pinned, client: pinned });
});
