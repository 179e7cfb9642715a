// `cofre subscriptions run [--date AAAA-MM-DD] [--dry-run]`: what the daily job does, now, from
// the shell — with --date, every month due up to that day (at most 62 days ahead); with
// --dry-run, the same run inside one transaction that is rolled back, listing what it would
// write (a preview: it holds the write lock for the whole run, as long as a real run's slices
// together). A real run goes in slices like the server's (each its own short transaction), so a
// server writing beside it waits at most a slice.
// Without --date (or with today's) it is the daily job itself, and it records the day as done in
// the `jobs` table (src/api/daily-jobs.ts) in its last slice, like the server would: a server
// started later today does not run it again. A run ahead (--date later) is not the daily job
// and records nothing.
import { openForCommand, type Db } from "../../db/client";
import { recordJobDone } from "../api/daily-jobs";
import { runSubscriptionStep, runSubscriptionsInSlices, startSubscriptionRun, SUBSCRIPTIONS_JOB } from "../api/subscriptions/generate";
import { latestRunDate } from "../api/subscriptions/service";
import { SYSTEM } from "../api/history/record";
import { sql } from "../api/prepared";
import { clock, today } from "../lib/clock";
import { formatDateBR, isAcceptedDate } from "../lib/dates";
import { formatBRL, type Cents } from "../lib/money";
import { CliError } from "./cli-error";
import { graceDays as graceDaysInForce } from "../api/company-rules";

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

const WRITTEN = sql<{ nome: string; descricao: string; venc: string; valor: Cents }, { ids: string }>(
  "SELECT c.nome, r.descricao, r.data_vencimento AS venc, r.valor FROM receivables r JOIN clients c ON c.id = r.client_id WHERE r.id IN (SELECT value FROM json_each($ids)) ORDER BY r.id",
);

/** One line per installment the run wrote (`ids`), as they stand. */
const listed = (db: Db, ids: number[]) => WRITTEN.all(db, { ids: JSON.stringify(ids) }).map((r) => `  ${r.nome} — ${r.descricao}, vence ${formatDateBR(r.venc)}, ${formatBRL(r.valor)}`);

export async function runFromShell(databasePath: string, appTz: string, graceDays: number, options: RunOptions): Promise<string> {
  clock.timeZone = appTz;
  const day = today();
  const until = options.date ?? day;
  if (until > latestRunDate()) throw new CliError(`Gere no máximo 62 dias à frente (até ${formatDateBR(latestRunDate())})`);
  const db = openForCommand(databasePath);
  try {
    // BLOCK_GRACE_DAYS until the setting is saved (company-rules.ts).
    const run = startSubscriptionRun(SYSTEM, graceDaysInForce(db, graceDays), until, { listWritten: true });
    let lines: string[] = [];
    if (options.dryRun) {
      try {
        db.transaction(
          () => {
            while (runSubscriptionStep(db, run, Number.POSITIVE_INFINITY));
            lines = listed(db, run.written!);
            throw new DryRun();
          },
          { behavior: "immediate" },
        );
      } catch (error) {
        if (!(error instanceof DryRun)) throw error;
      }
    } else {
      // Today's run is the daily job's: its day is recorded with its last slice.
      await runSubscriptionsInSlices(db, run, { onLastSlice: until === day ? () => recordJobDone(db, SUBSCRIPTIONS_JOB, day) : undefined });
      lines = listed(db, run.written!);
    }
    const geradas = run.result.geradas;
    const head = options.dryRun
      ? `Simulação (nada foi gravado): ${geradas} ${geradas === 1 ? "parcela seria gerada" : "parcelas seriam geradas"} até ${formatDateBR(until)}`
      : `${geradas} ${geradas === 1 ? "parcela gerada" : "parcelas geradas"} até ${formatDateBR(until)}`;
    return [head, ...lines].join("\n");
  } finally {
    db.$client.close();
  }
}
