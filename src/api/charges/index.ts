import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId } from "../../http/validate";
import { chargeFor, parseChargeAmount, pixFor } from "./service";

/** Cobrança of a receivable (DECISIONS §7): its PIX code, and the Cobrar dialog's whole answer. */
export function chargesApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.charges", prefix: "/api/installments" })
    .get("/:id/pix", ({ params, query }) => pixFor(db, parseId(params.id), parseChargeAmount(query.valor)))
    .get("/:id/charge", ({ params, query }) => chargeFor(db, parseId(params.id), parseChargeAmount(query.valor)));
}
