import { runCli } from "./cli";
import { ConfigError, loadConfig } from "./config";

// SIGTERM: stop taking requests, let the ones in flight finish, then close the database.
const SHUTDOWN_GRACE_MS = 4000;

/** `cofre serve`: open the database (migrating it), make sure someone can sign in, listen. */
async function serve() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Loaded here, not at the top: `cofre --help` and the CLI commands never pay for the server.
  const [{ openDatabase, closeDatabase, releaseIdleMemory }, { ensureFirstUser }, { createApp }, { startIdleCollection }] = await Promise.all([
    import("../db/client"),
    import("./cli/first-user"),
    import("./server"),
    import("./http/idle-gc"),
  ]);
  const db = openDatabase(config.databasePath);
  // An OFX import cut by a stop is written a slice at a time: what it left is deleted now.
  // (Left for the next start if the database is busy: nothing shows it meanwhile.)
  try {
    (await import("./api/statements/service")).discardUnfinishedImports(db);
  } catch (error) {
    console.error(`Importação de extrato inacabada não removida agora: ${(error as Error).message}`);
  }
  await ensureFirstUser(db, config);
  const app = await createApp(db, config);
  // Bun's own limit answers an empty 413; ours (64 KB, JSON) must be the one that speaks, so
  // Bun's is far above it. Bodies are never buffered past 64 KB (src/http/errors.ts).
  // Elysia asks for SO_REUSEPORT by default: a second `cofre serve` (an old version, another
  // database) would then silently share the port and answer every other request. One port,
  // one server: a taken port is an error. `development: false` whatever NODE_ENV says.
  try {
    app.listen({
      port: config.port,
      hostname: config.host,
      maxRequestBodySize: 256 * 1024 * 1024,
      reusePort: false,
      development: false,
    });
  } catch (error) {
    if (!/in use|EADDRINUSE/i.test(String((error as Error)?.message ?? error))) throw error;
    console.error(`A porta ${config.port} já está em uso em ${config.host}: outro Cofre (ou outro programa) já a ocupa.`);
    process.exit(69);
  }
  // A burst's garbage handed back once the server is quiet (src/http/idle-gc.ts).
  startIdleCollection(() => releaseIdleMemory(db));
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Cofre em http://${config.host}:${app.server?.port} (banco: ${config.databasePath}, ${ms} ms)`);
  // The daily jobs now and after each midnight in APP_TZ: subscriptions' months (DECISIONS §8), automatic blocking (DECISIONS §2) and
  // the planner's statistics following the data as it grows (see openDatabase). Started here,
  // not in createApp, because tests build many apps; after createApp, which sets the clock's zone.
  const [{ plannerStatisticsJob, startDailyJobs }, { automaticBlockingJob }, { idempotencyCleanupJob }, { subscriptionsJob }] = await Promise.all([
    import("./api/daily-jobs"),
    import("./api/clients/blocking"),
    import("./api/idempotency"),
    import("./api/subscriptions/generate"),
  ]);
  // Subscriptions first: the months they generate (a back-fill after days off) meet blocking's run.
  startDailyJobs(db, [subscriptionsJob(config.blockGraceDays), automaticBlockingJob(config.blockGraceDays), plannerStatisticsJob, idempotencyCleanupJob]);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const server = app.server;
    // stop(false) resolves once in-flight requests are answered; idle keep-alive sockets are
    // closed after the grace period at the latest.
    await Promise.race([server?.stop(false), Bun.sleep(SHUTDOWN_GRACE_MS)]);
    server?.stop(true);
    closeDatabase(db);
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
  // A damaged database: the reason and what to do, not a stack (and no restart loop serving it).
  if ((error as Error)?.name === "DatabaseCorruptError") {
    console.error((error as Error).message);
    process.exit(65);
  }
  throw error;
}
