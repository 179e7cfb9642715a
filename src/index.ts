import { runCli } from "./cli";
import { CliError, EXIT } from "./cli/cli-error";
import { loadConfig } from "./config";

// SIGTERM: stop taking requests, let the ones in flight finish, then close the database.
const SHUTDOWN_GRACE_MS = 4000;

/** `cofre serve`: open the database (migrating it), make sure someone can sign in, listen. */
async function serve() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Loaded here, not at the top: `cofre --help` and the CLI commands never pay for the server.
  const [{ COMMAND_BUSY_TIMEOUT_MS, openDatabase, closeDatabase, releaseIdleMemory, serveWrites }, { ensureFirstUser }, { createApp }, { startIdleCollection }, { startCheckpointer }] = await Promise.all([
    import("../db/client"),
    import("./cli/first-user"),
    import("./server"),
    import("./http/idle-gc"),
    import("./http/checkpointer"),
  ]);
  // Until it listens, its writes (migrations, the first user) wait for another process's lock as
  // a command's do: a start beside a busy cron job is slower, never a crash.
  const db = openDatabase(config.databasePath, { busyTimeoutMs: COMMAND_BUSY_TIMEOUT_MS });
  // An OFX import cut by a stop is written a slice at a time: what it left is deleted now.
  // (Left for the next start if the database is busy: nothing shows it meanwhile.)
  try {
    (await import("./api/statements/service")).discardUnfinishedImports(db);
  } catch (error) {
    console.error(`Importação de extrato inacabada não removida agora: ${(error as Error).message}`);
  }
  await ensureFirstUser(db, config);
  const app = await createApp(db, config);
  serveWrites(db);
  // The WAL copied into the database on a thread of its own, never inside a commit of the loop's.
  const checkpointer = startCheckpointer(db);
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
    throw new CliError(`A porta ${config.port} já está em uso em ${config.host}: outro Cofre (ou outro programa) já a ocupa.`, EXIT.portInUse);
  }
  // A burst's garbage handed back once the server is quiet (src/http/idle-gc.ts).
  startIdleCollection(() => releaseIdleMemory(db));
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Cofre em http://${config.host}:${app.server?.port} (banco: ${config.databasePath}, ${ms} ms)`);
  // The daily jobs now and after each midnight in APP_TZ, in this order: subscriptions' months
  // (DECISIONS §8; first, so the months a back-fill generates meet blocking's run), automatic
  // blocking (DECISIONS §2), the régua de cobrança (DECISIONS §11: it sees the day's months and
  // blocks), the planner's statistics following the data as it grows (see
  // openDatabase), and idempotency keys older than 24 hours. The `jobs` table remembers each
  // one's last completed day (src/api/daily-jobs.ts). Then the outbox's sender: at once it marks
  // what a crash left `enviando` as `incerta`, then sends the e-mails the régua de cobrança
  // queued (its job runs after blocking, once the sending window opens). Started here, not in createApp, because tests build many apps; after
  // createApp, which sets the clock's zone.
  const [{ plannerStatisticsJob, startDailyJobs }, { automaticBlockingJob }, { idempotencyCleanupJob }, { subscriptionsJob }, { startOutbox }] = await Promise.all([
    import("./api/daily-jobs"),
    import("./api/clients/blocking"),
    import("./api/idempotency"),
    import("./api/subscriptions/generate"),
    import("./api/outbox/outbox"),
  ]);
  const [{ dunningAwareTransport, dunningJob }, { configuredTransport }, { timeoutsOf }] = await Promise.all([import("./api/dunning/decide"), import("./api/email/service"), import("./api/email/transport")]);
  const dailyJobs = startDailyJobs(db, [subscriptionsJob(config.blockGraceDays), automaticBlockingJob(config.blockGraceDays), dunningJob(config.blockGraceDays), plannerStatisticsJob, idempotencyCleanupJob]);
  // E-mail goes through the SMTP settings in force at each send (a pooled connection).
  const email = configuredTransport(db, timeoutsOf(config.smtpTimeoutSeconds));
  // The régua's messages are checked just before sending (paid meanwhile: not sent).
  const outbox = startOutbox(db, { email: dunningAwareTransport(db, email) });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const server = app.server;
    dailyJobs.stop();
    // stop(false) resolves once in-flight requests are answered; idle keep-alive sockets are
    // closed after the grace period at the latest.
    // A message being sent is let finish too: cut off, it would wait as `incerta` for a person.
    await Promise.race([Promise.all([server?.stop(false), outbox.stop()]), Bun.sleep(SHUTDOWN_GRACE_MS)]);
    server?.stop(true);
    email.close();
    await checkpointer.stop();
    closeDatabase(db);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

// Every failure a person can act on ends inside runCli in one line and a documented exit code.
await runCli(process.argv.slice(2), serve);
