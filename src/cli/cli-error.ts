// How `cofre` ends when it cannot do what was asked: one pt-BR line on stderr and an exit code
// from this table (docs/operations.md lists it), never a stack. A stack is left only for what
// nobody foresaw (a defect).
import { COMMAND_BUSY_TIMEOUT_MS, isBusyError } from "../../db/busy";

/** The exit codes (sysexits.h where one fits; 79 is Cofre's own). */
export const EXIT = {
  /** A command typed wrongly (EX_USAGE). */
  usage: 64,
  /** The database file is damaged (EX_DATAERR). */
  corrupt: 65,
  /** DATABASE_PATH names no database, for a command that must not create one (EX_NOINPUT). */
  notFound: 66,
  /** The port is taken (EX_UNAVAILABLE). */
  portInUse: 69,
  /** The backup's target exists or its folder does not (EX_CANTCREAT). */
  cannotCreate: 73,
  /** The backup could not be written or did not verify (EX_IOERR). */
  io: 74,
  /** Another process held the database's write lock past COMMAND_BUSY_TIMEOUT_MS (EX_TEMPFAIL): try again. */
  busy: 75,
  /** An environment variable has a value Cofre cannot use (EX_CONFIG). */
  config: 78,
  /** The database was migrated by a newer version of Cofre. */
  newerDatabase: 79,
} as const;

/** A command that cannot do what was asked: its pt-BR message is printed and the process exits with `exitCode`. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.usage) {
    super(message);
    this.name = "CliError";
  }
}


/**
 * The line and exit code for an error a person can act on, or null for a defect. Matched by name
 * where the class lives in a module this one must not load.
 */
export function knownFailure(error: unknown, databasePath: string): CliError | null {
  if (error instanceof CliError) return error;
  const { name, message } = (error ?? {}) as Error;
  const code: Record<string, number> = {
    ConfigError: EXIT.config,
    DatabaseNotFoundError: EXIT.notFound,
    DatabaseCorruptError: EXIT.corrupt,
    DatabaseNewerError: EXIT.newerDatabase,
  };
  if (name && Object.hasOwn(code, name)) return new CliError(message, code[name]);
  if (isBusyError(error)) {
    return new CliError(
      `O banco de dados ${databasePath} está ocupado por outro processo há mais de ${COMMAND_BUSY_TIMEOUT_MS / 1000} s; a operação foi interrompida sem gravar nada pela metade. Tente de novo em instantes.`,
      EXIT.busy,
    );
  }
  return null;
}
