import { openDatabase } from "../db/client";
import { ensureFirstUser } from "./cli/first-user";
import { runCli } from "./cli";
import { ConfigError, loadConfig } from "./config";
import { createApp } from "./server";

/** `cofre serve`: open the database (migrating it), make sure someone can sign in, listen. */
async function serve() {
  const startedAt = performance.now();
  const config = loadConfig();
  const db = openDatabase(config.databasePath);
  await ensureFirstUser(db, config);
  const app = await createApp(db, config);
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: 1024 * 1024 });
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Cofre em http://${config.host}:${app.server?.port} (banco: ${config.databasePath}, ${ms} ms)`);
  const stop = () => {
    app.stop();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  await runCli(process.argv.slice(2), serve);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
