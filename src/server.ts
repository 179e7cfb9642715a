import { Elysia } from "elysia";
import type { Db } from "../db/client";
import { authApi } from "./api/auth";
import { signInRules } from "./api/auth/sign-in";
import { chargesApi } from "./api/charges";
import { clientLinksApi } from "./api/client-page";
import { clientsApi } from "./api/clients";
import { dashboardApi } from "./api/dashboard";
import { healthApi } from "./api/health";
import { historyApi } from "./api/history";
import { installmentsApi } from "./api/installments";
import { partnersApi } from "./api/partners";
import { categoriesApi } from "./api/categories";
import { accountsApi } from "./api/accounts";
import { payablesApi } from "./api/payables";
import { bulkApi } from "./api/bulk";
import { reportsApi } from "./api/reports";
import { accountBalancesApi } from "./api/accounts/balance-api";
import { dunningApi } from "./api/dunning";
import { emailSettingsApi } from "./api/email";
import { messagesApi } from "./api/messages";
import { settingsApi } from "./api/settings";
import { importsApi } from "./api/imports";
import { statementsApi } from "./api/statements";
import { usersApi } from "./api/users";
import { subscriptionsApi } from "./api/subscriptions";
import { subscriptionsMrrApi } from "./api/subscriptions/mrr-api";
import { suppliersApi } from "./api/suppliers";
import { sessionGate } from "./api/auth/plugin";
import { authorization } from "./api/auth/permissions";
import type { Config } from "./config";
import type { AppDeps } from "./context";
import { idleCollection } from "./http/idle-gc";
import { compression } from "./http/compression";
import { errorHandling } from "./http/errors";
import { healthRoute } from "./http/health";
import { securityHeaders } from "./http/security";
import { fairTurns } from "./http/turns";
import { writesWaitForWorker } from "./http/writer";
import { clock } from "./lib/clock";
import { pageRoutes } from "./pages";
import { authForms } from "./pages/auth-forms";
import { clientPageRoutes, receiptPages } from "./pages/public/routes";
import { linkOrigin } from "./api/client-page/links";
import { loadAssets } from "./ssr/assets";
import { preloadIslands } from "./ssr/Island";
import { assetRoutes } from "./ssr/routes";

/**
 * The whole product as one Elysia app: headers and errors first (they must cover everything),
 * then the public routes, the session gate (every route after it needs a session unless its
 * path is in the gate's public list), then features.
 */
export async function createApp(db: Db, config: Config): Promise<App> {
  clock.timeZone = config.appTz;
  linkOrigin.value = config.publicUrl ?? null;
  await Promise.all([loadAssets(), preloadIslands()]);
  const deps: AppDeps = { db, config };
  // One throttle per app for the API and the forms alike.
  const signIn = signInRules(deps);
  // Elysia's own router, not Bun's route table: building that table compiles a handler for
  // every route at listen (~4 ms of each restart); ours compiles each on its first request.
  return new Elysia({ systemRouter: false })
    .use(idleCollection)
    // Each request's work on its own turn of the event loop, in arrival order (src/http/turns.ts).
    .use(writesWaitForWorker)
    .use(fairTurns)
    .use(securityHeaders)
    .use(errorHandling)
    .use(compression)
    .use(assetRoutes)
    .use(healthRoute(deps))
    .use(sessionGate(deps))
    // Route × role, before any handler (DECISIONS §10).
    .use(authorization)
    .use(authApi(signIn))
    .use(authForms(signIn, config))
    .use(importsApi(deps))
    .use(clientsApi(deps))
    .use(clientLinksApi(deps))
    .use(clientPageRoutes(deps))
    .use(receiptPages(deps))
    .use(subscriptionsApi(deps))
    .use(subscriptionsMrrApi(deps))
    .use(suppliersApi(deps))
    .use(partnersApi(deps))
    // Typed plain (App) like the whole chain below: the ledger's routes (issue 34 added payments and
    // undo to both sides) pushed the inferred chain past what TypeScript can represent (TS2590).
    .use(categoriesApi(deps) as unknown as App)
    .use(accountsApi(deps) as unknown as App)
    .use(installmentsApi(deps) as unknown as App)
    .use(payablesApi(deps) as unknown as App)
    .use(bulkApi(deps) as unknown as App)
    .use(dashboardApi(deps))
    .use(reportsApi(deps))
    .use(accountBalancesApi(deps))
    .use(chargesApi(deps))
    .use(settingsApi(deps))
    .use(emailSettingsApi(deps))
    .use(dunningApi(deps))
    .use(messagesApi(deps))
    .use(statementsApi(deps))
    .use(usersApi(deps))
    .use(historyApi(deps))
    .use(healthApi(deps))
    .use(pageRoutes(deps)) as unknown as App;
}

// The plain Elysia type: the whole chain's inferred type grew past what TypeScript can compare,
// and callers only need handle, routes and listen.
export type App = Elysia;
