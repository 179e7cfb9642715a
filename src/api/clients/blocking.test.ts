import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp, type SignedInTestApp } from "../../../tests/support";
import { pinClock } from "../../lib/clock";
import type { InstallmentJson } from "../installments/model";
import { startDailyJobs } from "../daily-jobs";
import { applyAutomaticBlocking, automaticBlockingJob } from "./blocking";
import type { ClientJson, ClientListRow } from "./model";

// DECISIONS §2 "Automatic blocking", one transition per test. Today starts as 15 March 2026.

const tables = ["receivables", "clients"];
const t = useTestApp({ tables, now: "2026-03-15T10:00:00-03:00" });
// The clock is one for both: only t pins it.
const grace = useTestApp({ tables, env: { BLOCK_GRACE_DAYS: "3" } });
const day = (date: string) => pinClock(`${date}T10:00:00-03:00`);


/** The routes of one app, signed in. */
async function routesOf(app: SignedInTestApp) {
  const call = async (path: string, method = "GET", body?: unknown) => {
    const response = await app.api(path, { method, body });
    expect(response.status).toBeLessThan(300);
    return response.json();
  };
  return {
    client: () => call("/api/clients", "POST", PADARIA) as Promise<ClientJson>,
    bill: async (clientId: number, primeiroVencimento: string, numParcelas = 1) =>
      ((await call("/api/installments/generate", "POST", { clientId, numParcelas, valor: "150.00", primeiroVencimento, descricao: "Mensalidade" })) as { installments: InstallmentJson[] }).installments,
    pay: (id: number) => call(`/api/installments/${id}/pay`, "PATCH"),
    undo: (id: number) => call(`/api/installments/${id}/undo-payment`, "POST"),
    redate: (id: number, dataVencimento: string) => call(`/api/installments/${id}/due-date`, "PATCH", { dataVencimento }),
    remove: (id: number) => call(`/api/installments/${id}`, "DELETE"),
    toggle: (id: number) => call(`/api/clients/${id}/toggle-block`, "PATCH") as Promise<{ message: string; client: ClientJson }>,
    state: async (id: number): Promise<Pick<ClientJson, "statusBloqueio" | "bloqueioOrigem">> => {
      const c = (await call(`/api/clients/${id}`)) as ClientJson;
      return { statusBloqueio: c.statusBloqueio, bloqueioOrigem: c.bloqueioOrigem };
    },
  };
}

const ACTIVE = { statusBloqueio: 0, bloqueioOrigem: null } as const;
const AUTO = { statusBloqueio: 1, bloqueioOrigem: "automatico" } as const;
const MANUAL = { statusBloqueio: 1, bloqueioOrigem: "manual" } as const;

describe("automatic blocking", () => {
  test("an installment overdue blocks its client when it is generated, and a future one does not", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    await r.bill(client.id, "2026-04-10");
    expect(await r.state(client.id)).toEqual(ACTIVE);
    await r.bill(client.id, "2026-03-14");
    expect(await r.state(client.id)).toEqual(AUTO);
  });

  test("paying the overdue installment lifts the automatic block; undoing the payment blocks again", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    const [row] = await r.bill(client.id, "2026-03-01");
    expect(await r.state(client.id)).toEqual(AUTO);
    await r.pay(row!.id);
    expect(await r.state(client.id)).toEqual(ACTIVE);
    await r.undo(row!.id);
    expect(await r.state(client.id)).toEqual(AUTO);
  });

  test("re-dating the overdue installment lifts the automatic block", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    const [row] = await r.bill(client.id, "2026-03-01");
    await r.redate(row!.id, "2026-03-31");
    expect(await r.state(client.id)).toEqual(ACTIVE);
  });

  test("deleting the overdue installment lifts the automatic block, only when none is left", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    const [first, second] = await r.bill(client.id, "2026-01-20", 2);
    await r.remove(first!.id);
    expect(await r.state(client.id)).toEqual(AUTO);
    await r.remove(second!.id);
    expect(await r.state(client.id)).toEqual(ACTIVE);
  });

  test("a manual block survives paying every installment", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    const [row] = await r.bill(client.id, "2026-03-01");
    await r.toggle(client.id); // blocked automatically → unblocked manually
    const answer = await r.toggle(client.id);
    expect(answer).toMatchObject({ message: "Cliente bloqueado com sucesso", client: MANUAL });
    await r.pay(row!.id);
    expect(await r.state(client.id)).toEqual(MANUAL);
  });

  test("a manual unblock holds against installments already overdue then; a later one blocks again", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    await r.bill(client.id, "2026-03-01");
    const answer = await r.toggle(client.id);
    expect(answer).toMatchObject({ message: "Cliente desbloqueado com sucesso", client: ACTIVE });
    // Another change for the client, and days passing: the old overdue row never re-blocks.
    const [later] = await r.bill(client.id, "2026-03-20");
    day("2026-03-20");
    await r.bill(client.id, "2026-05-01");
    expect(await r.state(client.id)).toEqual(ACTIVE);
    // The 20 March row is overdue on the 21st: the next change (a new date for it) blocks.
    day("2026-03-21");
    await r.redate(later!.id, "2026-03-19");
    expect(await r.state(client.id)).toEqual(AUTO);
  });

  describe("a manual unblock forgives installments, not dates (unblocked on 15/03 with 10/03 overdue)", () => {
    async function unblockedWithOverdue() {
      const r = await routesOf(t);
      const client = await r.client();
      const [forgiven] = await r.bill(client.id, "2026-03-10");
      expect(await r.state(client.id)).toEqual(AUTO);
      await r.toggle(client.id);
      expect(await r.state(client.id)).toEqual(ACTIVE);
      return { r, client, forgiven: forgiven! };
    }

    test("the forgiven installment, as it was, never blocks again: later changes and days pass", async () => {
      const { r, client } = await unblockedWithOverdue();
      await r.bill(client.id, "2026-04-10");
      day("2026-03-20");
      applyAutomaticBlocking(t.db, { graceDays: 0 });
      expect(await r.state(client.id)).toEqual(ACTIVE);
    });

    test("an installment generated later but due before the unblock blocks at once", async () => {
      const { r, client } = await unblockedWithOverdue();
      await r.bill(client.id, "2026-03-12");
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("an installment re-dated from the future into the past blocks at once", async () => {
      const { r, client } = await unblockedWithOverdue();
      const [december] = await r.bill(client.id, "2026-12-03");
      expect(await r.state(client.id)).toEqual(ACTIVE);
      await r.redate(december!.id, "2026-03-12");
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("the forgiven one re-dated (no longer as it was) blocks when it is overdue", async () => {
      const { r, client, forgiven } = await unblockedWithOverdue();
      await r.redate(forgiven.id, "2026-03-11");
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("the forgiven one paid, then its payment undone (a returned transfer), blocks again", async () => {
      const { r, client, forgiven } = await unblockedWithOverdue();
      await r.pay(forgiven.id);
      expect(await r.state(client.id)).toEqual(ACTIVE);
      await r.undo(forgiven.id);
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("the forgiven one re-dated and then moved back to its old date is no longer forgiven", async () => {
      const { r, client, forgiven } = await unblockedWithOverdue();
      await r.redate(forgiven.id, "2026-04-10");
      expect(await r.state(client.id)).toEqual(ACTIVE);
      await r.redate(forgiven.id, "2026-03-10");
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("one paid when the client was unblocked, its payment undone later, blocks at once", async () => {
      const r = await routesOf(t);
      const client = await r.client();
      const [paid] = await r.bill(client.id, "2026-02-05", 2); // due 05/02 and 05/03 (forgiven)
      await r.pay(paid!.id);
      expect(await r.state(client.id)).toEqual(AUTO); // 05/03 is overdue
      await r.toggle(client.id);
      expect(await r.state(client.id)).toEqual(ACTIVE);
      day("2026-03-20");
      await r.undo(paid!.id);
      expect(await r.state(client.id)).toEqual(AUTO);
    });

    test("the next manual unblock replaces what was forgiven with what is blocking then", async () => {
      const { r, client, forgiven } = await unblockedWithOverdue();
      const [march12] = await r.bill(client.id, "2026-03-12");
      expect(await r.state(client.id)).toEqual(AUTO);
      await r.toggle(client.id); // forgives 10/03 and 12/03
      expect(await r.state(client.id)).toEqual(ACTIVE);
      await r.bill(client.id, "2026-04-10");
      expect(await r.state(client.id)).toEqual(ACTIVE);
      await r.pay(march12!.id);
      await r.undo(march12!.id);
      expect(await r.state(client.id)).toEqual(AUTO);
      const rows = t.db.$client.query("SELECT receivable_id AS id FROM desbloqueio_perdoadas WHERE client_id = ?").all(client.id);
      expect(rows).toEqual([{ id: forgiven.id }]);
    });

    test("the history names what the unblock forgave", async () => {
      const { r, client } = await unblockedWithOverdue();
      const events = (await (await t.api(`/api/clients/${client.id}/history`)).json()) as { acao: string; texto: string }[];
      const unblock = events.find((e) => e.acao === "unblock")!;
      expect(unblock.texto).toBe("financeiro@cofre.test desbloqueou o cliente Padaria Pão Quente; perdoou parcela 1/1 vencida desde 10/03/2026");
      void r;
    });
  });

  test("BLOCK_GRACE_DAYS=3: a manual unblock forgives only what was blocking; one still in its grace blocks when the grace ends (daily run)", async () => {
    const r = await routesOf(grace);
    const client = await r.client();
    await r.bill(client.id, "2026-03-10"); // 5 days overdue: blocking
    await r.bill(client.id, "2026-03-13"); // 2 days overdue: within the grace
    expect(await r.state(client.id)).toEqual(AUTO);
    await r.toggle(client.id);
    expect(await r.state(client.id)).toEqual(ACTIVE);
    day("2026-03-16"); // 13/03 is 3 days overdue: still within the grace
    grace.db.transaction(() => automaticBlockingJob(3).run(grace.db, "2026-03-16", true));
    expect(await r.state(client.id)).toEqual(ACTIVE);
    day("2026-03-17");
    expect(grace.db.transaction(() => automaticBlockingJob(3).run(grace.db, "2026-03-17", true))).toBe("1 cliente(s) bloqueado(s), 0 desbloqueado(s)");
    expect(await r.state(client.id)).toEqual(AUTO);
  });

  test("BLOCK_GRACE_DAYS=3: overdue by 3 days does not block, by 4 days does", async () => {
    const r = await routesOf(grace);
    const client = await r.client();
    await r.bill(client.id, "2026-03-12");
    expect(await r.state(client.id)).toEqual(ACTIVE);
    await r.bill(client.id, "2026-03-11");
    expect(await r.state(client.id)).toEqual(AUTO);
  });

  test("the start-up and daily run blocks clients whose installments fell due overnight, and lifts stale blocks", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    await r.bill(client.id, "2026-03-15");
    expect(await r.state(client.id)).toEqual(ACTIVE);
    // Stale: an automatic block with nothing overdue (as if the row had been paid by another tool).
    const other = await (async () => {
      const response = await t.api("/api/clients", { method: "POST", body: { ...PADARIA, cnpj: "11.444.777/0001-61", codigoCliente: "FLO-002" } });
      return (await response.json()) as ClientJson;
    })();
    t.db.$client.run("update clients set status_bloqueio = 1, bloqueio_origem = 'automatico' where id = ?", [other.id]);
    day("2026-03-16");
    const jobs = startDailyJobs(t.db, [automaticBlockingJob(0)], 60_000);
    await jobs.check(); // what the first timer does right after start-up
    jobs.stop();
    expect(await r.state(client.id)).toEqual(AUTO);
    expect(await r.state(other.id)).toEqual(ACTIVE);
  });

  describe("the clients list says why a client is blocked automatically", () => {
    type Row = ClientListRow;
    async function listed(app: SignedInTestApp): Promise<Map<string, Row["bloqueioParcelas"]>> {
      const response = await app.api("/api/clients?pagina=1&porPagina=50");
      return new Map(((await response.json()) as Row[]).map((row) => [row.codigoCliente, row.bloqueioParcelas]));
    }
    async function clientCoded(app: SignedInTestApp, codigoCliente: string, cnpj: string) {
      const response = await app.api("/api/clients", { method: "POST", body: { ...PADARIA, codigoCliente, cnpj } });
      return (await response.json()) as ClientJson;
    }

    test("the installments blocking it now (oldest first, 3 and how many); nothing for an active or a manually blocked client", async () => {
      const r = await routesOf(t);
      const auto = await clientCoded(t, "AUTO", "38599503000106");
      const manual = await clientCoded(t, "MANUAL", "11444777000161");
      await clientCoded(t, "ATIVO", "60574610000120");
      const rows = await r.bill(auto.id, "2026-01-05", 4); // 05/01, 05/02, 05/03 overdue; 05/04 not
      await r.toggle(manual.id);
      expect(await listed(t)).toEqual(
        new Map([
          ["ATIVO", null],
          ["AUTO", { total: 3, parcelas: rows.slice(0, 3).map(({ id, numerosParcela, dataVencimento }) => ({ id, numerosParcela, dataVencimento })) }],
          ["MANUAL", null],
        ]),
      );
      // The oldest paid: the reason follows.
      await r.pay(rows[0]!.id);
      expect((await listed(t)).get("AUTO")).toEqual({ total: 2, parcelas: rows.slice(1, 3).map(({ id, numerosParcela, dataVencimento }) => ({ id, numerosParcela, dataVencimento })) });
    });

    test("forgiven installments are not a reason; one that blocks again after a manual unblock is", async () => {
      const r = await routesOf(t);
      const client = await r.client();
      await r.bill(client.id, "2026-03-10");
      await r.toggle(client.id); // forgives 10/03
      const [later] = await r.bill(client.id, "2026-03-12");
      expect((await listed(t)).get(PADARIA.codigoCliente)).toEqual({ total: 1, parcelas: [{ id: later!.id, numerosParcela: "1/1", dataVencimento: "2026-03-12" }] });
    });

    test("BLOCK_GRACE_DAYS: an installment still within the grace is not named", async () => {
      const r = await routesOf(grace);
      const client = await r.client();
      const [old] = await r.bill(client.id, "2026-03-10"); // 5 days: blocking
      await r.bill(client.id, "2026-03-13"); // 2 days: within the grace of 3
      expect((await listed(grace)).get(PADARIA.codigoCliente)).toEqual({ total: 1, parcelas: [{ id: old!.id, numerosParcela: "1/1", dataVencimento: "2026-03-10" }] });
    });

    test("the page stays two statements on clients (count and rows) and no more in all, however many rows are blocked automatically", async () => {
      const r = await routesOf(t);
      const statements: string[] = [];
      const client = t.db.$client;
      const prepare = client.prepare.bind(client);
      const statementsForOnePage = async () => {
        statements.length = 0;
        client.prepare = ((text: string) => (statements.push(text), prepare(text))) as typeof client.prepare;
        try {
          await listed(t);
        } finally {
          client.prepare = prepare;
        }
        return { all: statements.length, clients: statements.filter((text) => /from "clients"/i.test(text)).length };
      };
      const cnpjs = ["38599503000106", "11444777000161", "60574610000120", "12345678000195"];
      const first = await clientCoded(t, "C0", cnpjs[0]!);
      await r.bill(first.id, "2026-03-01");
      const one = await statementsForOnePage();
      for (const [i, cnpj] of cnpjs.slice(1).entries()) {
        const other = await clientCoded(t, `C${i + 1}`, cnpj);
        await r.bill(other.id, "2026-03-01");
      }
      expect([...(await listed(t)).values()].every((why) => why?.total === 1)).toBe(true);
      expect(one.clients).toBe(2);
      expect(await statementsForOnePage()).toEqual(one);
    });
  });

  test("applyAutomaticBlocking reports what it changed and leaves other clients alone", async () => {
    const r = await routesOf(t);
    const client = await r.client();
    await r.bill(client.id, "2026-03-20");
    day("2026-03-25");
    const changes = t.db.transaction(() => applyAutomaticBlocking(t.db, { graceDays: 0, clientIds: [client.id + 1] }));
    expect(changes).toEqual({ blocked: [], unblocked: [] });
    expect(await r.state(client.id)).toEqual(ACTIVE);
    expect(t.db.transaction(() => applyAutomaticBlocking(t.db, { graceDays: 0 }))).toEqual({ blocked: [client.id], unblocked: [] });
  });
});
