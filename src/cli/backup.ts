import { Database } from "bun:sqlite";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { COMMAND_BUSY_TIMEOUT_MS, DatabaseNotFoundError, isBusyError, isDiskFullError, refuseNewer } from "../../db/client";
import { DatabaseNewerError } from "../../db/migrate";
import { CliError, EXIT } from "./cli-error";

export interface BackupReport {
  bytes: number;
  integrity: string;
  /** Rows per table in the copy, by table name. */
  counts: Record<string, number>;
}

/**
 * `cofre backup FILE`: a consistent copy of the live database (VACUUM INTO reads one snapshot
 * while the server keeps writing), then verified by opening the copy: integrity_check and the
 * rows of every table. It never creates a database at DATABASE_PATH.
 */
export function backupDatabase(databasePath: string, target: string): BackupReport {
  const destination = resolve(target);
  if (existsSync(destination)) throw new CliError(`${target} já existe; escolha outro nome.`, EXIT.cannotCreate);
  const folder = dirname(destination);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new CliError(`A pasta de destino não existe: ${folder}`, EXIT.cannotCreate);
  if (!existsSync(databasePath)) throw new DatabaseNotFoundError(databasePath);

  // Written under a temporary name and renamed only once verified: a failure (a full disk, a
  // copy that does not verify) leaves no file that looks like a backup.
  const partial = join(folder, `.${basename(destination)}.${process.pid}.parcial`);
  let source: Database | null = null;
  try {
    source = new Database(databasePath, { readonly: true });
    source.exec(`PRAGMA busy_timeout = ${COMMAND_BUSY_TIMEOUT_MS}`);
    // Like every command: a database this version does not know is not its to handle.
    refuseNewer(source);
    source.query("VACUUM INTO ?").run(partial);
    source.close();
    source = null;
    const report = verifyCopy(partial, target);
    renameSync(partial, destination);
    return report;
  } catch (error) {
    rmSync(partial, { force: true });
    // Said by runCli in its own words (cli-error.ts).
    if (error instanceof CliError || error instanceof DatabaseNewerError || isBusyError(error)) throw error;
    const reason = isDiskFullError(error) ? "sem espaço em disco no destino" : (error as Error).message;
    throw new CliError(`Não foi possível copiar ${databasePath} para ${target}: ${reason}. Nenhum arquivo foi gravado.`, EXIT.io);
  } finally {
    source?.close();
  }
}

function verifyCopy(path: string, shownAs: string): BackupReport {
  const copy = new Database(path, { readonly: true });
  try {
    const integrity = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check).join("; ");
    const tables = copy.query<{ name: string }, []>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all();
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = copy.query<{ n: number }, []>(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get()!.n;
    }
    if (integrity !== "ok") throw new CliError(`A cópia ${shownAs} falhou na verificação (integrity_check: ${integrity}); nenhum arquivo foi gravado.`, EXIT.io);
    return { bytes: statSync(path).size, integrity, counts };
  } finally {
    copy.close();
  }
}

export function formatBackupReport(target: string, report: BackupReport): string {
  const kb = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 }).format(report.bytes / 1024);
  const width = Math.max(...Object.keys(report.counts).map((name) => name.length));
  const rows = Object.entries(report.counts).map(([name, n]) => `  ${name.padEnd(width)}  ${n}`);
  return [`Cópia de segurança gravada em ${target} (${kb} KB).`, `Verificação: integrity_check ${report.integrity}; linhas por tabela:`, ...rows].join("\n");
}
