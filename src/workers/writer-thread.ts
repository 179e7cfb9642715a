// The writer thread's entry (src/http/writer.ts starts it for a job and keeps it for the jobs
// that follow). Each job opens its own connection to the server's database file, takes the
// server's clock (zone and instant), runs with the services' own code, closes the connection
// and answers its result, or its error as plain data.
// An entry point of the build too (scripts/build.ts, tests/cofre-bundle.ts): the compiled
// binary carries it as /$bunfs/root/workers/writer-thread.js.
import { openWorkerConnection, type Db } from "../../db/client";
import { bulkJob, type LedgerBulkJob } from "../api/bulk";
import { runClientsImportJob, type ClientsImportJob } from "../api/imports/clients";
import { runSubscriptionsStartJob, type SubscriptionsStartJob } from "../api/subscriptions/bulk";
import { errorAsData, type WriterAnswer, type WriterRequest } from "../http/writer";
import { clock } from "../lib/clock";

declare const self: Worker;

type WriteJob = ClientsImportJob | LedgerBulkJob | SubscriptionsStartJob;

function run(db: Db, job: WriteJob): unknown {
  switch (job.kind) {
    case "clients-import":
      return runClientsImportJob(db, job);
    case "ledger-bulk":
      return bulkJob(db, job);
    case "subscriptions-start":
      return runSubscriptionsStartJob(db, job);
  }
}

self.onmessage = async ({ data }: MessageEvent<WriterRequest<WriteJob>>) => {
  clock.timeZone = data.timeZone;
  clock.now = () => new Date(data.nowMs);
  let db: Db | null = null;
  let answer: WriterAnswer;
  try {
    db = openWorkerConnection(data.path);
    answer = { ok: true, value: await run(db, data.job) };
  } catch (error) {
    answer = { ok: false, error: errorAsData(error) };
  }
  // The job's transaction is over (committed or rolled back): the lock is free before the answer
  // is read. No checkpoint here (closeDatabase's): the server's connection stays open and does it.
  db?.$client.close();
  postMessage(answer);
};
