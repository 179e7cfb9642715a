// The outbox (DECISIONS §11, docs/decisions.md "Jobs and the outbox"): work that talks to the
// network — e-mail first — is decided inside a transaction and written there as a row
// (`enqueue`), so the decision and the duty to act commit or roll back together; a sender then
// does it outside any transaction (a network call must never hold the write lock).
//
//   pendente ──claim──▶ enviando ──ok──▶ enviada
//      ▲                   │ ├──error, retryable, attempts left──▶ pendente (1 min, 5 min, 30 min, 2 h)
//      │                   │ └──error, final──▶ falhou
//      │                   └──its process died (or it is stale)──▶ incerta
//      └────────────── requeue (a person) ◀── falhou / incerta
//
// At most once: a row is claimed by one atomic UPDATE … WHERE estado = 'pendente' RETURNING,
// whichever of several servers and CLI runs asks first; the others get nothing. A row left
// `enviando` by a process that died may or may not have gone out: it becomes `incerta` and is
// never sent again without a person (requeueOutbox).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { isBusyError, type Db, type Tx } from "../../../db/client";
import { outbox, OUTBOX_STATES, type OutboxRow, type OutboxState } from "../../../db/schema";
import { HttpError } from "../../http/errors";
import { clock } from "../../lib/clock";

export type { OutboxRow, OutboxState };

/** What a transport answers: sent, or why not in pt-BR and whether trying later may help. */
export type SendResult = { ok: true } | { ok: false; error: string; retryable: boolean };

/** How one kind of row goes out (e-mail: SMTP, in the next issue). Tests pass a double. */
export interface Transport {
  send(payload: unknown): Promise<SendResult>;
}

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final (`falhou`). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * A row `enviando` longer than this is taken as lost even if its process still runs (a send
 * that hung, a PID reused by another program): far beyond any transport's own timeout.
 */
export const STALE_AFTER_MS = 15 * 60_000;

export const INTERRUPTED =
  "O envio foi interrompido (o Cofre parou durante o envio) e não se sabe se chegou ao destino: confira antes de reenviar";

/**
 * This process, as written in `enviando_por`: its PID (to see whether it still runs) and a token
 * of this life (a container restarts the server with the same PID).
 */
// The global Web Crypto, not node:crypto: importing that module cost every start-up a few ms.
export const SENDER = `${process.pid}/${crypto.randomUUID().slice(0, 8)}`;

const nowMs = () => clock.now().getTime();
const iso = (ms: number) => new Date(ms).toISOString();

export interface Enqueue {
  /** Which transport sends it: "email". */
  kind: string;
  /** The decision's identity ("lembrete:parcela:42:D+3"): a second enqueue of it inserts nothing. */
  key: string;
  /** What the transport needs, JSON-safe. */
  payload: unknown;
}

/**
 * Records work to be sent, in the caller's transaction — the one that made the decision, so a
 * rollback leaves no row. Answers the row's id and whether this call created it (false: the
 * same key was decided before, whatever became of it).
 */
export function enqueue(tx: Db | Tx, { kind, key, payload }: Enqueue): { id: number; created: boolean } {
  if ("$client" in tx && !tx.$client.inTransaction) throw new Error("enqueue: grave a saída na transação que tomou a decisão");
  const now = iso(nowMs());
  const created = tx
    .insert(outbox)
    .values({ tipo: kind, chave: key, payload: JSON.stringify(payload), proximaTentativa: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: outbox.chave })
    .returning({ id: outbox.id })
    .get();
  if (created) return { id: created.id, created: true };
  const existing = tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.chave, key)).get();
  return { id: existing!.id, created: false };
}

/**
 * Takes a due `pendente` row for this process (pendente → enviando, one more attempt), or
 * answers null when another sender took it first or it is not due: the UPDATE's WHERE is the
 * whole race, one statement, so two senders can never both get it.
 */
export function claimOutbox(db: Db, id: number, sender = SENDER): OutboxRow | null {
  const now = iso(nowMs());
  return (
    db
      .update(outbox)
      .set({ estado: "enviando", tentativas: sql`${outbox.tentativas} + 1`, enviandoPor: sender, enviandoDesde: now, updatedAt: now })
      .where(and(eq(outbox.id, id), eq(outbox.estado, "pendente"), lte(outbox.proximaTentativa, now)))
      .returning()
      .get() ?? null
  );
}

/**
 * Writes a claimed row's fate. Only while this sender still holds it: a row a person requeued
 * meanwhile is theirs. One found stale and marked `incerta` gets its real fate, since it is known.
 */
export function settleOutbox(db: Db, row: Pick<OutboxRow, "id" | "tentativas">, result: SendResult, sender = SENDER): OutboxState | null {
  const at = nowMs();
  const mine = and(eq(outbox.id, row.id), eq(outbox.enviandoPor, sender), inArray(outbox.estado, ["enviando", "incerta"]));
  let changes: Partial<OutboxRow>;
  if (result.ok) changes = { estado: "enviada", enviadaEm: iso(at), ultimoErro: null };
  else if (result.retryable && row.tentativas < MAX_ATTEMPTS)
    changes = { estado: "pendente", proximaTentativa: iso(at + RETRY_DELAYS_MS[row.tentativas - 1]!), ultimoErro: result.error };
  else changes = { estado: "falhou", ultimoErro: result.error };
  const settled = db
    .update(outbox)
    .set({ ...changes, enviandoPor: null, enviandoDesde: null, updatedAt: iso(at) })
    .where(mine)
    .returning({ estado: outbox.estado })
    .get();
  return settled?.estado ?? null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM"; // it runs, as another user
  }
}

/**
 * Rows whose sender died mid-send (or that are stale) become `incerta`: at every start and at
 * each of the sender's passes. A live process's row is left alone — several servers and CLI runs
 * share the file, and SQLite's file locking means they share the machine, so a PID says enough.
 */
export function markInterrupted(db: Db, sender = SENDER): number {
  const [myPid] = sender.split("/");
  const staleBefore = iso(nowMs() - STALE_AFTER_MS);
  const sending = db.select({ id: outbox.id, enviandoPor: outbox.enviandoPor, enviandoDesde: outbox.enviandoDesde }).from(outbox).where(eq(outbox.estado, "enviando")).all();
  let marked = 0;
  for (const row of sending) {
    const owner = row.enviandoPor ?? "";
    const [pid] = owner.split("/");
    const lost =
      owner === ""
        ? true
        : owner === sender
          ? false
          : pid === myPid // this PID in an earlier life
            ? true
            : !isAlive(Number(pid));
    if (!lost && (row.enviandoDesde ?? "") >= staleBefore) continue;
    const updated = db
      .update(outbox)
      .set({ estado: "incerta", ultimoErro: INTERRUPTED, updatedAt: iso(nowMs()) })
      .where(and(eq(outbox.id, row.id), eq(outbox.estado, "enviando"), owner ? eq(outbox.enviandoPor, owner) : sql`${outbox.enviandoPor} IS NULL`))
      .returning({ id: outbox.id })
      .get();
    if (updated) marked++;
  }
  return marked;
}

export const NOT_FOUND = "Envio não encontrado";
export const NOT_REQUEUABLE = "Só um envio que falhou ou ficou incerto pode ser enviado de novo";

/**
 * A person decided: a `falhou` or `incerta` row goes back to `pendente`, due now, with its
 * attempts from zero (the whole backoff again). 404 / 409 in pt-BR otherwise.
 */
export function requeueOutbox(db: Db | Tx, id: number): OutboxRow {
  const now = iso(nowMs());
  const row = db
    .update(outbox)
    .set({ estado: "pendente", tentativas: 0, proximaTentativa: now, enviandoPor: null, enviandoDesde: null, updatedAt: now })
    .where(and(eq(outbox.id, id), inArray(outbox.estado, ["falhou", "incerta"])))
    .returning()
    .get();
  if (row) return row;
  const exists = db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id)).get();
  throw new HttpError(exists ? 409 : 404, exists ? NOT_REQUEUABLE : NOT_FOUND);
}

/** How many rows are in each state: for GET /api/health. */
export function outboxCounts(db: Db): Record<OutboxState, number> {
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
  for (const { estado, n } of db.select({ estado: outbox.estado, n: sql<number>`count(*)` }).from(outbox).groupBy(outbox.estado).all()) counts[estado] = n;
  return counts;
}

type Log = Pick<Console, "log" | "error">;

async function attempt(transport: Transport, payload: string): Promise<SendResult> {
  try {
    return await transport.send(JSON.parse(payload));
  } catch (error) {
    return { ok: false, error: `Erro inesperado ao enviar: ${String((error as Error)?.message ?? error).split("\n")[0]}`, retryable: true };
  }
}

/** A write after a send must not be lost to a moment's lock: tried again a few times. */
async function settleWithRetries(db: Db, row: OutboxRow, result: SendResult, sender: string, log: Log): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      settleOutbox(db, row, result, sender);
      return;
    } catch (error) {
      if (!isBusyError(error) || tries >= 8) {
        // The row stays `enviando` and becomes `incerta`: what was done is not recorded, a person decides.
        log.error(`[Envios] não foi possível registrar o resultado do envio ${row.id} (${row.tipo}): ${String((error as Error)?.message ?? error).split("\n")[0]}`);
        return;
      }
      await Bun.sleep(250 * tries);
    }
  }
}

export interface SendOptions {
  /** Rows looked at in one pass. */
  limit?: number;
  sender?: string;
  log?: Log;
  /** Asked before each claim: true stops the pass (the server is shutting down). */
  stopping?: () => boolean;
}

/**
 * Takes the next due `pendente` row of these kinds (oldest first) for this process, or null when
 * none is left: one UPDATE whose row is chosen inside it, under the write lock, so senders racing
 * each get a different row and none spends a write on a row another took.
 */
export function claimNextOutbox(db: Db, kinds: readonly string[], sender = SENDER): OutboxRow | null {
  const now = iso(nowMs());
  const next = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.estado, "pendente"), lte(outbox.proximaTentativa, now), inArray(outbox.tipo, [...kinds])))
    .orderBy(asc(outbox.proximaTentativa), asc(outbox.id))
    .limit(1);
  return (
    db
      .update(outbox)
      .set({ estado: "enviando", tentativas: sql`${outbox.tentativas} + 1`, enviandoPor: sender, enviandoDesde: now, updatedAt: now })
      .where(and(eq(outbox.id, sql`(${next})`), eq(outbox.estado, "pendente")))
      .returning()
      .get() ?? null
  );
}

/**
 * One pass of a sender: up to `limit` due `pendente` rows of the kinds it has a transport for,
 * oldest first, each claimed, sent outside any transaction and settled. Returns how many it took.
 */
export async function sendDue(db: Db, transports: Record<string, Transport>, { limit = 50, sender = SENDER, log = console, stopping = () => false }: SendOptions = {}): Promise<number> {
  const kinds = Object.keys(transports);
  if (kinds.length === 0) return 0;
  let claimed = 0;
  while (claimed < limit && !stopping()) {
    const row = claimNextOutbox(db, kinds, sender);
    if (!row) break;
    claimed++;
    const result = await attempt(transports[row.tipo]!, row.payload);
    await settleWithRetries(db, row, result, sender, log);
  }
  return claimed;
}

export interface OutboxSender {
  /** A pass now (after a commit that enqueued, say); one pass at a time. */
  kick(): Promise<void>;
  /** No new claims; resolves once the send in flight (if any) is settled. */
  stop(): Promise<void>;
}

const PASS_EVERY_MS = 15_000;
const PASS_LIMIT = 50;
/** Like the daily jobs' first run: the requests queued at start-up come first. */
const FIRST_PASS_AFTER_MS = 200;

/**
 * The server's sender: marks what a crash left `enviando` as `incerta` at start (after
 * `firstPassAfterMs`), then every `everyMs` sweeps stale rows and sends what is due. A pass that
 * fails (a busy database) is one pt-BR line and the next pass tries again.
 */
/** The running senders' kicks (one per startOutbox in this process). */
const wakers = new Set<() => void>();

/**
 * Work a person is waiting for was queued (the bulk Cobrar's e-mails, "agora"): every sender of
 * this process makes a pass soon rather than at its next tick. On a timer, not now: the caller's
 * transaction commits first (a pass started inside it would read and write in it).
 */
export function wakeSenders(): void {
  for (const wake of wakers) setTimeout(wake, 0);
}

export function startOutbox(db: Db, transports: Record<string, Transport>, { everyMs = PASS_EVERY_MS, firstPassAfterMs = FIRST_PASS_AFTER_MS, log = console as Log } = {}): OutboxSender {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const marked = markInterrupted(db);
      if (marked) log.error(`[Envios] ${marked} envio(s) interrompido(s) ficaram incertos: confira e reenvie se preciso`);
      // A full pass leaves more waiting only when it took its whole limit: then another at once.
      while (!stopped && (await sendDue(db, transports, { log, limit: PASS_LIMIT, stopping: () => stopped })) === PASS_LIMIT);
    } catch (error) {
      log.error(`[Envios] ${isBusyError(error) ? "banco de dados ocupado por outro processo" : String((error as Error)?.message ?? error).split("\n")[0]}: nova tentativa em ${Math.round(everyMs / 1000)} s`);
    }
  };
  const kick = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const first = setTimeout(kick, firstPassAfterMs);
  const timer = setInterval(kick, everyMs);
  timer.unref();
  const wake = () => void kick();
  wakers.add(wake);
  return {
    kick,
    stop() {
      stopped = true;
      wakers.delete(wake);
      clearTimeout(first);
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}
