import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { badRequest } from "../../http/errors";
import { isAcceptedDate } from "../../lib/dates";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer } from "../list";
import { checkIdempotencyKey } from "../idempotency";
import { bulkStartSchema, type BulkStartAnswer, type SubscriptionsStartJob } from "./bulk";
import { writeOffLoop } from "../../http/writer";
import { runSubscriptionsInSlices, startSubscriptionRun } from "./generate";
import { nextGeneration } from "./next-run";
import { addDays, formatDateBR } from "../../lib/dates";
import { getSettings } from "../settings/service";
import { endOfNextMonth, readjustSchema, subscriptionSchema } from "./model";
import { findSubscriptionsInTurns, getSubscription, latestRunDate, parseSubscriptionQuery, readjustSubscription, saveSubscription, subscriptionSummary } from "./service";
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
    .get("/api/subscriptions", async ({ query, set }) => pageAnswer(set, await findSubscriptionsInTurns(deps.config.databasePath, parseSubscriptionQuery(query))))
    .get("/api/subscriptions/summary", () => subscriptionSummary(db))
    .post("/api/subscriptions/start", ({ body, request, user }) => {
      const input = parseWith(bulkStartSchema, body);
      const key = request.headers.get("idempotency-key");
      if (key !== null && !input.simular) checkIdempotencyKey(key);
      // On the writer thread (src/http/writer.ts): one transaction of up to 5,000 starts.
      const job: SubscriptionsStartJob = { kind: "subscriptions-start", actor: actorOf(user), userId: user.id, key, input, graceDays: grace() };
      return writeOffLoop<BulkStartAnswer>(db, job);
    })
    // In slices, each its own transaction, the loop's turn between two (1,400 months at
    // --scale 50 held it 263 ms in one go): a failure keeps the slices done, and a click again finishes.
    .post("/api/subscriptions/run", async ({ body, user }) => {
      const ate = runUntil(body, getSettings(db).antecedenciaDias);
      const { geradas } = await runSubscriptionsInSlices(db, startSubscriptionRun(actorOf(user), grace(), ate));
      if (geradas) return { message: `${geradas} ${geradas === 1 ? "parcela gerada" : "parcelas geradas"}`, geradas, proximaGeracao: null };
      // Nothing to do: when the next ones come (issue 35 §2), so the click is not a mystery.
      const next = nextGeneration(db);
      return {
        message: next
          ? `Nenhuma parcela a gerar: as próximas serão geradas em ${formatDateBR(next.geracao < ate ? ate : next.geracao)} (vencimento ${formatDateBR(next.vencimento)})`
          : "Nenhuma parcela a gerar",
        geradas,
        proximaGeracao: next,
      };
    });
}

/**
 * `{ate?}`: the run's day, today when left out; a date from today to 62 days ahead (generating
 * ahead on purpose). Or `{vencimentoAte}`: every month due up to that date, at most the end of
 * next month (the run's day is then that date less the lead time, never before today).
 */
function runUntil(body: unknown, antecedenciaDias: number): string {
  const day = today();
  if (body === null || body === undefined || body === "") return day;
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("Dados inválidos");
  const vencimentoAte = (body as { vencimentoAte?: unknown }).vencimentoAte;
  if (vencimentoAte !== undefined && vencimentoAte !== null && vencimentoAte !== "") {
    if (typeof vencimentoAte !== "string" || !isAcceptedDate(vencimentoAte)) throw badRequest("Data inválida: use AAAA-MM-DD", { vencimentoAte: "Data inválida" });
    if (vencimentoAte > endOfNextMonth(day)) throw badRequest("Adiante no máximo até o fim do próximo mês", { vencimentoAte: "Adiante no máximo até o fim do próximo mês" });
    const runDay = addDays(vencimentoAte, -antecedenciaDias);
    return runDay > day ? runDay : day;
  }
  const ate = (body as { ate?: unknown }).ate;
  if (ate === undefined || ate === null || ate === "") return day;
  if (typeof ate !== "string" || !isAcceptedDate(ate)) throw badRequest("Data inválida: use AAAA-MM-DD", { ate: "Data inválida" });
  if (ate < day) throw badRequest("A data não pode ser anterior a hoje", { ate: "A data não pode ser anterior a hoje" });
  if (ate > latestRunDate(day)) throw badRequest("Gere no máximo 62 dias à frente", { ate: "Gere no máximo 62 dias à frente" });
  return ate;
}
