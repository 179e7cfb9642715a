import { Elysia } from "elysia";
import type { Db } from "../../../db/client";
import { signedIn } from "../auth/plugin";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { actorOf, type Actor } from "../history/record";
import { jsonArrayResponse } from "../../http/stream";
import { pageAnswer, type ListPage } from "../list";
import { iterateLedger, NO_LIMIT } from "./list";
import { editLedgerRow } from "./edit";
import { ledgerEditSchema, undoPaymentSchema, type LedgerQuery, type PayBody } from "./model";
import { graceDays } from "../company-rules";
import type { LedgerTable } from "./table";
import { withIdempotencyKey } from "../idempotency";

type Schema<T> = Parameters<typeof parseWith<T>>[0];
/** What the routes call: a side's `ledgerServices` (./service.ts). */
interface Services<G, Q extends { paged: boolean }> {
  parse(raw: Record<string, string | undefined>): Q;
  list(db: Db, query: Q): ListPage<unknown>;
  generate(db: Db, actor: Actor, input: G, graceDays?: number): unknown;
  pay(db: Db, actor: Actor, id: number, body: PayBody, graceDays?: number): unknown;
  remove(db: Db, actor: Actor, id: number, graceDays?: number): unknown;
  undo(db: Db, actor: Actor, id: number, graceDays?: number, origem?: Record<string, unknown>, pagamentoId?: number): unknown;
  payments(db: Db, id: number): unknown;
}

/**
 * The routes both sides have (SPEC §7): the list (whole, or one page with X-Total-Count), its
 * cards, generate, pay and delete. A side adds its own routes to the plugin this returns.
 */
export function ledgerRoutes<G, Q extends { paged: boolean }>(
  deps: AppDeps,
  t: LedgerTable,
  services: Services<G, Q>,
  side: { generateSchema: Schema<G>; paySchema: Schema<PayBody>; summary: (db: Db, databasePath: string, filters: Q) => Promise<unknown> },
) {
  const { db } = deps;
  // Read at each change: the setting may change while the server runs (issue 34 §4).
  const grace = () => graceDays(db, deps.config.blockGraceDays);
  return new Elysia({ name: `api.${t.table}`, prefix: t.api })
    .use(signedIn)
    .get("/", ({ query, set, request }) => {
      const view = services.parse(query);
      // The whole list SPEC asks for (49,000 rows at --scale 50) streams from a connection of
      // its own, a slice at a time: no 200 ms stop for everyone else. A page is answered whole.
      if (!view.paged) return jsonArrayResponse(request, iterateLedger(deps.config.databasePath, t, view as unknown as LedgerQuery, NO_LIMIT));
      return pageAnswer(set, services.list(db, view));
    })
    .get("/summary", ({ query }) => side.summary(db, deps.config.databasePath, services.parse(query)))
    .post("/generate", ({ body, set, user, request }) => {
      // A repeated submit with the same Idempotency-Key answers the first batch, never a second.
      const key = request.headers.get("idempotency-key");
      const answer = withIdempotencyKey(db, key, user.id, `${t.api}/generate`, () => services.generate(db, actorOf(user), parseWith(side.generateSchema, body), grace()));
      set.status = 201;
      return answer;
    })
    // "Editar lançamento" (issue 36): description, category, cost centre.
    .patch("/:id", ({ params, body, user }): unknown => ({
      message: "Lançamento atualizado com sucesso!",
      [t.rowKey]: editLedgerRow(db, actorOf(user), t, parseId(params.id), parseWith(ledgerEditSchema, body)),
    }))
    .patch("/:id/pay", ({ params, body, user }) => services.pay(db, actorOf(user), parseId(params.id), parseWith(side.paySchema, body), grace()))
    .get("/:id/payments", ({ params }) => services.payments(db, parseId(params.id)))
    // "Cancelar Baixa" / "Cancelar pagamento": the last payment, or the one chosen (issue 34 §1).
    .post("/:id/undo-payment", ({ params, body, user }) => {
      const chosen = parseWith(undoPaymentSchema, body ?? null);
      return services.undo(db, actorOf(user), parseId(params.id), grace(), {}, chosen?.pagamentoId ?? undefined);
    })
    .delete("/:id", ({ params, user }) => services.remove(db, actorOf(user), parseId(params.id), grace()));
}
