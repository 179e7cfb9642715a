import { Elysia } from "elysia";
import type { Db } from "../db/client";
import { authApi } from "./api/auth";
import { clientsApi } from "./api/clients";
import { partnersApi } from "./api/partners";
import { suppliersApi } from "./api/suppliers";
import { LoginThrottle } from "./auth/throttle";
import type { Config } from "./config";
import type { AppDeps } from "./context";
import { compression } from "./http/compression";
import { errorHandling } from "./http/errors";
import { clock } from "./lib/clock";
import { pageRoutes } from "./pages";
import { loadAssets } from "./ssr/assets";
import { preloadIslands } from "./ssr/Island";
import { assetRoutes } from "./ssr/routes";

/** The whole product as one Elysia app: errors first (they must cover the routes), then features. */
export async function createApp(db: Db, config: Config) {
  clock.timeZone = config.appTz;
  await Promise.all([loadAssets(), preloadIslands()]);
  const deps: AppDeps = { db, config, throttle: new LoginThrottle() };
  return new Elysia({ cookie: { httpOnly: true, sameSite: "lax", path: "/" } })
    .use(errorHandling)
    .use(compression)
    .use(assetRoutes)
    .use(authApi(deps))
    .use(clientsApi(deps))
    .use(suppliersApi(deps))
    .use(partnersApi(deps))
    .use(pageRoutes(deps));
}

export type App = Awaited<ReturnType<typeof createApp>>;
