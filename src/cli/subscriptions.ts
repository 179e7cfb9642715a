// `cofre subscriptions run [--date AAAA-MM-DD] [--dry-run]`: what the daily job does, now, from
// the shell — with --date, every month due up to that day (at most 62 days ahead); with
// --dry-run, the same run inside a transaction that is rolled back, listing what it would write.
// Without --date (or with today's) it is the daily job itself, and it records the day as done in
// the `jobs` table (src/api/daily-jobs.ts) like the server would: a server started later today
// does not run it again. A run ahead (--date later) is not the daily job and records nothing.
import { openForCommand } from "../../db/client";
import { recordJobDone } from "../api/daily-jobs";
import { runSubscriptions, subscriptionsJob } from "../api/subscriptions/generate";
import { sql } from "../api/prepared";
import { latestRunDate } from "../api/subscriptions/service";
import { SYSTEM } from "../api/history/record";
import { clock, today } from "../lib/clock";
import { formatDateBR, isAcceptedDate } from "../lib/dates";
import { formatBRL, type Cents } from "../lib/money";
import { CliError } from "./cli-error";

export interface RunOptions {
  date: string | null;
  dryRun: boolean;
}

export function parseRunArgs(args: string[]): RunOptions {
  const options: RunOptions = { date: null, dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--date" || arg.startsWith("--date=")) {
      const value = arg === "--date" ? args[++i] : arg.slice("--date=".length);
      if (!value || !isAcceptedDate(value)) throw new CliError("Informe a data como AAAA-MM-DD: cofre subscriptions run --date 2026-12-31");
      options.date = value;
    } else throw new CliError(`Opção desconhecida: ${arg}\nUso: cofre subscriptions run [--date AAAA-MM-DD] [--dry-run]`);
  }
  return options;
}

class DryRun extends Error {}

const isMore = (step: unknown) => typeof step === "object" && step !== null;
const LAST_RECEIVABLE = sql<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM receivables");
const WRITTEN_AFTER = sql<{ nome: string; descricao: string; venc: string; valor: Cents }, { lastId: number }>(
  "SELECT c.nome, r.descricao, r.data_vencimento AS venc, r.valor FROM receivables r JOIN clients c ON c.id = r.client_id WHERE r.id > $lastId ORDER BY r.id",
);

export function runFromShell(databasePath: string, appTz: string, graceDays: number, options: RunOptions): string {
  clock.timeZone = appTz;
  const until = options.date ?? today();
  if (until > latestRunDate()) throw new CliError(`Gere no máximo 62 dias à frente (até ${formatDateBR(latestRunDate())})`);
  const db = openForCommand(databasePath);
  try {
    let lines: string[] = [];
    let geradas = 0;
    try {
      db.transaction(
        () => {
          const { id: lastId } = LAST_RECEIVABLE.get(db)!;
          const day = today();
          if (until === day) {
            const job = subscriptionsJob(graceDays);
            while (isMore(job.run(db, day)));
            recordJobDone(db, job.name, day);
          } else runSubscriptions(db, SYSTEM, graceDays, until);
          const written = WRITTEN_AFTER.all(db, { lastId });
          geradas = written.length;
          lines = written.map((r) => `  ${r.nome} — ${r.descricao}, vence ${formatDateBR(r.venc)}, ${formatBRL(r.valor)}`);
          if (options.dryRun) throw new DryRun();
        },
        { behavior: "immediate" },
      );
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    const head = options.dryRun
      ? `Simulação (nada foi gravado): ${geradas} ${geradas === 1 ? "parcela seria gerada" : "parcelas seriam geradas"} até ${formatDateBR(until)}`
      : `${geradas} ${geradas === 1 ? "parcela gerada" : "parcelas geradas"} até ${formatDateBR(until)}`;
    return [head, ...lines].join("\n");
  } finally {
    db.$client.close();
  }
}
