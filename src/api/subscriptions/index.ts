import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { badRequest } from "../../http/errors";
import { isAcceptedDate } from "../../lib/dates";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer } from "../list";
import { runSubscriptionsInSlices, startSubscriptionRun } from "./generate";
import { readjustSchema, subscriptionSchema } from "./model";
import { findSubscriptions, getSubscription, latestRunDate, parseSubscriptionQuery, readjustSubscription, saveSubscription, subscriptionSummary } from "./service";
import { today } from "../../lib/clock";
import { graceDays } from "../company-rules";

/** Subscriptions (issue 18, DECISIONS §8): a client's subscription, the list and its cards, and the run. */
export function subscriptionsApi(deps: AppDeps) {
  const { db } = deps;
  // The grace days in force at each request (a setting since issue 34 §4).
  const grace = () => graceDays(db, deps.config.blockGraceDays);
  return new Elysia({ name: "api.subscriptions" })
    .use(signedIn)
    .get("/api/clients/:id/subscription", ({ params }) => getSubscription(db, parseId(params.id)))
    .put("/api/clients/:id/subscription", ({ params, body, user }) => {
      const id = parseId(params.id);
      return saveSubscription(db, actorOf(user), id, parseWith(subscriptionSchema, body), grace());
    })
    .post("/api/clients/:id/subscription/readjust", ({ params, body, user }) => {
      const id = parseId(params.id);
      return readjustSubscription(db, actorOf(user), id, parseWith(readjustSchema, body).percentual);
    })
    .get("/api/subscriptions", ({ query, set }) => pageAnswer(set, findSubscriptions(db, parseSubscriptionQuery(query))))
    .get("/api/subscriptions/summary", () => subscriptionSummary(db))
    // In slices, each its own transaction, the loop's turn between two (1,400 months at
    // --scale 50 held it 263 ms in one go): a failure keeps the slices done, and a click again finishes.
    .post("/api/subscriptions/run", async ({ body, user }) => {
      const ate = runUntil(body);
      const { geradas } = await runSubscriptionsInSlices(db, startSubscriptionRun(actorOf(user), grace(), ate));
      return { message: geradas ? `${geradas} ${geradas === 1 ? "parcela gerada" : "parcelas geradas"}` : "Nenhuma parcela a gerar", geradas };
    });
}

/** `{ate?}`: today when left out; a date from today to 62 days ahead (generating ahead on purpose). */
function runUntil(body: unknown): string {
  const day = today();
  if (body === null || body === undefined || body === "") return day;
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("Dados inválidos");
  const ate = (body as { ate?: unknown }).ate;
  if (ate === undefined || ate === null || ate === "") return day;
  if (typeof ate !== "string" || !isAcceptedDate(ate)) throw badRequest("Data inválida: use AAAA-MM-DD", { ate: "Data inválida" });
  if (ate < day) throw badRequest("A data não pode ser anterior a hoje", { ate: "A data não pode ser anterior a hoje" });
  if (ate > latestRunDate(day)) throw badRequest("Gere no máximo 62 dias à frente", { ate: "Gere no máximo 62 dias à frente" });
  return ate;
}
