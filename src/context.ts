import type { Db } from "../db/client";
import type { Config } from "./config";

/** What every feature plugin is built with: no globals, so tests can build many apps. */
export interface AppDeps {
  db: Db;
  config: Config;
}
