// Another process holding the database's write lock: how long the start-up and the command line
// wait for it and how its error is told apart. A module of its own: src/cli needs both for every
// command and must not load the database layer for `--help`.

/**
 * How long the start-up and the command line wait for another process's write lock (a server's
 * write, another command, a checkpoint): nothing is being served while they wait, so waiting
 * costs nobody. Past it they stop with one pt-BR line (src/cli/cli-error.ts, exit 75). The
 * server's own writes wait far less (db/client.ts BUSY_TIMEOUT_MS).
 */
export const COMMAND_BUSY_TIMEOUT_MS = 5_000;

/** SQLITE_BUSY (or one of its extended codes): another connection holds the lock. */
export function isBusyError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && code.startsWith("SQLITE_BUSY")) || e.message.includes("database is locked")) return true;
  }
  return false;
}
