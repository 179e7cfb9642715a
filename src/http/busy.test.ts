import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { PADARIA, useTestApp } from "../../tests/support";
import { pinClock } from "../lib/clock";

const t = useTestApp();


test("while another connection holds the write lock, writes answer 503 with Retry-After and reads go on", async () => {
  const other = new Database(t.config.databasePath);
  other.exec("BEGIN IMMEDIATE");
  try {
    const write = await t.request("/api/clients", { method: "POST", body: PADARIA, cookie: t.cookie });
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("1");
    expect(await write.json()).toEqual({ message: "Banco de dados ocupado, tente novamente" });

    expect((await t.request("/api/clients", { cookie: t.cookie })).status).toBe(200);
    expect((await t.request("/clients", { cookie: t.cookie })).status).toBe(200);
    expect(await (await t.request("/healthz")).json()).toEqual({ ok: true });

    // A session old enough to slide is still honoured: the slide waits for a free moment.
    const restore = pinClock(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString());
    try {
      const page = await t.request("/clients", { cookie: t.cookie });
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
    } finally {
      restore();
    }
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
  const after = await t.request("/api/clients", { method: "POST", body: PADARIA, cookie: t.cookie });
  expect(after.status).toBe(201);
});
