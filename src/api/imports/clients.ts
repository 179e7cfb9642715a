// Clients from a spreadsheet (issue 35 §1, DECISIONS §14). The file is read and every row checked
// a slice per turn of the event loop (src/http/turns.ts), with the client form's own schema and
// messages; the preview writes nothing. The import is all or nothing: one immediate transaction
// that inserts each client with its "create" event and starts its subscription through the
// subscriptions' saveSubscription (nested as a savepoint: §8's rules are theirs), plus one event
// for the import itself. The import runs on the writer thread (src/http/writer.ts), its own
// connection to the file: the transaction never holds the server's event loop.
import { asc, gt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients } from "../../../db/schema";
import { badRequest, HttpError } from "../../http/errors";
import { turn } from "../../http/turns";
import { nowISO, today } from "../../lib/clock";
import { csvRecords, CsvSyntaxError, decodeCsv, decodeCsvInSlices, DECODE_SLICE_BYTES, detectSeparator } from "../../lib/csv-read";
import { isAcceptedDate, isAcceptedMonth } from "../../lib/dates";
import { centsToDecimal, parseBRL, sumCents, type Cents } from "../../lib/money";
import { billedOnStart, firstMonthNotPast } from "../../lib/subscription-schedule";
import { fold } from "../../lib/text";
import { clientSchema, type ClientInput } from "../clients/model";
import { recordEvent, type Actor } from "../history/record";
import { sql } from "../prepared";
import { getSettings } from "../settings/service";
import { registerSearchColumns } from "../../../db/search-columns";
import { subscriptionSchema, type SubscriptionInput } from "../subscriptions/model";
import { saveSubscription } from "../subscriptions/service";
import { applyAutomaticBlocking } from "../clients/blocking";
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  SAVE_AS_CSV,
  type ImportColumn,
  type ImportError,
  type ImportKey,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from "./model";

/** Work per turn of the event loop, as the streamed exports (src/http/stream.ts). */
const SLICE_MS = 5;
/** The register's keys read per turn (~3 ms). */
const KEYS_PER_SLICE = 5_000;

const LABEL: Record<string, string> = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.label]));

/** "Código do Cliente", "CODIGO_DO_CLIENTE", "código do cliente " → "codigo do cliente". */
const headerKey = (name: string) =>
  fold(name)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const BY_HEADER = new Map<string, ImportColumn>();
for (const column of IMPORT_COLUMNS) for (const name of [column.label, ...column.aliases]) BY_HEADER.set(headerKey(name), column);

/** The template a person downloads: the header and one example row, as Excel pt-BR reads it. */
export function importTemplate(): string {
  const line = (cells: string[]) => cells.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(";") + "\r\n";
  return "\uFEFF" + line(IMPORT_COLUMNS.map((c) => c.label)) + line(IMPORT_COLUMNS.map((c) => c.example));
}

/** The checked rows: the preview's answer and, when every row is valid, what the import writes. */
interface Checked {
  preview: ImportPreview;
  writes: { linha: number; client: ClientInput; subscription: SubscriptionInput | null }[];
}

/** Refuses what is not a CSV before reading it as one. */
function refuseNonCsv(bytes: Uint8Array, name: string): void {
  if (bytes.byteLength === 0) throw badRequest("O arquivo está vazio", { arquivo: "O arquivo está vazio" });
  // .xlsx/.ods are zip files ("PK"), .xls an OLE document: a spreadsheet, not its CSV.
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (zip || ole || /\.(xlsx|xls|ods)$/i.test(name)) throw badRequest(SAVE_AS_CSV, { arquivo: SAVE_AS_CSV });
  // A NUL in the first kilobytes: a binary file (an image, a PDF), not text.
  if (bytes.subarray(0, 4096).includes(0) || (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)) {
    throw badRequest("O arquivo não é um CSV: envie a planilha salva como CSV", { arquivo: "O arquivo não é um CSV" });
  }
}

/** The header's columns in file order (null: a blank column, ignored), or a 400 saying what is wrong. */
function readHeader(fields: string[]): (ImportColumn | null)[] {
  if (fields.length > IMPORT_MAX_COLUMNS) {
    throw badRequest(`O arquivo tem colunas demais (mais de ${IMPORT_MAX_COLUMNS}): não é a planilha de clientes. Use o modelo.`, { arquivo: "Colunas demais" });
  }
  const seen = new Set<ImportKey>();
  const unknown: string[] = [];
  const columns = fields.map((raw) => {
    const name = raw.replace(/^\uFEFF/, "").trim();
    if (name === "") return null;
    const column = BY_HEADER.get(headerKey(name));
    if (!column) {
      unknown.push(name);
      return null;
    }
    if (seen.has(column.key)) throw badRequest(`A coluna "${column.label}" aparece duas vezes no cabeçalho`, { arquivo: "Coluna repetida" });
    seen.add(column.key);
    return column;
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => c.label);
  if (missing.length || unknown.length) {
    const parts = [
      missing.length ? `faltam as colunas ${missing.map((m) => `"${m}"`).join(", ")}` : "",
      unknown.length ? `colunas desconhecidas: ${unknown.slice(0, 5).map((u) => `"${u.slice(0, 40)}"`).join(", ")}${unknown.length > 5 ? "…" : ""}` : "",
    ].filter(Boolean);
    throw badRequest(`Cabeçalho inválido: ${parts.join("; ")}. A primeira linha deve ter os nomes das colunas do modelo (modelo-clientes.csv).`, { arquivo: "Cabeçalho inválido" });
  }
  return columns;
}

const YES = new Set(["sim", "s", "x", "1", "true", "verdadeiro", "v"]);
const NO = new Set(["", "nao", "n", "0", "false", "falso", "f"]);

/** "12345678000195" from a cell: digits-only CNPJs a spreadsheet shortened get their zeros back. */
function cnpjCell(text: string): string {
  const bare = text.replace(/[.\-/\s]/g, "");
  return /^\d{1,13}$/.test(bare) ? bare.padStart(14, "0") : text;
}

/** "1.234,56", "R$ 1234,56", "1234.56" → "1234.56" for the form's schema; anything else as typed (the schema refuses it). */
function moneyCell(text: string): string {
  const cents = parseBRL(text);
  return cents === null ? text : centsToDecimal(cents);
}

/** "03/2026", "2026-03", "01/03/2026" (a spreadsheet turned the month into a date) → "2026-03"; null when none of these. */
function monthCell(text: string): string | null {
  const ym = monthShape(text);
  return ym !== null && isAcceptedMonth(ym) ? ym : null;
}

function monthShape(text: string): string | null {
  let m = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return `${m[2]}-${m[1]!.padStart(2, "0")}`;
  m = /^(\d{4})-(\d{2})$/.exec(text);
  if (m) return text;
  m = /^\d{1,2}\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return `${m[2]}-${m[1]!.padStart(2, "0")}`;
  m = /^(\d{4})-(\d{2})-\d{2}$/.exec(text);
  if (m) return `${m[1]}-${m[2]}`;
  return null;
}

/**
 * "31/01/2027", "31/01/27" (LibreOffice pt-BR writes a date cell with two digits) or "2027-01-31"
 * → "2027-01-31"; null when none or not a date. Two-digit years as spreadsheets read them: 00–29
 * are 20xx, 30–99 are 19xx.
 */
function dateCell(text: string): string | null {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  const year = br ? (br[3]!.length === 4 ? br[3]! : `${Number(br[3]) < 30 ? "20" : "19"}${br[3]}`) : "";
  const iso = br ? `${year}-${br[2]!.padStart(2, "0")}-${br[1]!.padStart(2, "0")}` : text;
  return isAcceptedDate(iso) ? iso : null;
}

/** Reads and checks a whole file, a slice of rows per turn; throws the 400 of a file that is not the clients' CSV. */
async function checkFile(db: Db, bytes: Uint8Array, name: string): Promise<Checked> {
  refuseNonCsv(bytes, name);
  // A file of up to a megabyte (5,000 ordinary rows) decodes in ~1 ms; a larger one a slice per turn.
  const { text, encoding } = bytes.byteLength <= DECODE_SLICE_BYTES ? decodeCsv(bytes) : await decodeCsvInSlices(bytes, turn);
  const separator = detectSeparator(text);
  const records = csvRecords(text, separator, IMPORT_MAX_COLUMNS);
  let header: (ImportColumn | null)[];
  try {
    const first = records.next();
    if (first.done) throw badRequest("O arquivo está vazio", { arquivo: "O arquivo está vazio" });
    header = readHeader(first.value.fields);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(`O arquivo não é um CSV válido: ${error.message}`, { arquivo: "CSV inválido" });
    throw error;
  }

  const day = today();
  const settings = getSettings(db);
  // Who is already registered (CNPJ; code whatever its case, as createClient compares it), read
  // by pages of ids with a turn between them: one read of the whole register grows with it.
  const takenCnpj = new Set<string>();
  const takenCode = new Set<string>();
  for (let after = 0; ; ) {
    const page = db
      .select({ id: clients.id, cnpj: clients.cnpj, codigoCliente: clients.codigoCliente })
      .from(clients)
      .where(gt(clients.id, after))
      .orderBy(asc(clients.id))
      .limit(KEYS_PER_SLICE)
      .all();
    for (const c of page) {
      takenCnpj.add(c.cnpj);
      takenCode.add(c.codigoCliente.toLowerCase());
    }
    if (page.length < KEYS_PER_SLICE) break;
    after = page.at(-1)!.id;
    await turn();
  }
  const fileCnpj = new Map<string, number>();
  const fileCode = new Map<string, number>();

  const erros: ImportError[] = [];
  const rows: ImportRow[] = [];
  const writes: Checked["writes"] = [];
  let assinaturas = 0;
  // Decoding and the register's keys were this turn's work: the rows start on the next.
  await turn();
  let until = performance.now() + SLICE_MS;

  for (;;) {
    let next: IteratorResult<{ line: number; fields: string[] }>;
    try {
      next = records.next();
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw badRequest(`O arquivo não é um CSV válido: ${error.message}`, { arquivo: "CSV inválido" });
      throw error;
    }
    if (next.done) break;
    const { line, fields } = next.value;
    if (fields.every((f) => f.trim() === "")) continue;
    if (rows.length >= IMPORT_MAX_ROWS) {
      throw badRequest(`O arquivo tem mais de ${IMPORT_MAX_ROWS.toLocaleString("pt-BR")} clientes: divida-o em arquivos menores`, { arquivo: "Linhas demais" });
    }
    if (fields.length > IMPORT_MAX_COLUMNS) {
      throw badRequest(`A linha ${line} tem colunas demais (mais de ${IMPORT_MAX_COLUMNS}): não é a planilha de clientes`, { arquivo: "Colunas demais" });
    }
    const rowErrors: ImportError[] = [];
    const fail = (key: string, mensagem: string) => rowErrors.push({ linha: line, campo: LABEL[key] ?? key, mensagem });
    const cell: Partial<Record<ImportKey, string>> = {};
    header.forEach((column, index) => {
      if (column) cell[column.key] = (fields[index] ?? "").trim();
    });
    if (fields.length > header.length && fields.slice(header.length).some((f) => f.trim() !== "")) {
      fail("arquivo", `A linha tem ${fields.length} colunas e o cabeçalho ${header.length}: confira o separador e as aspas`);
    }

    const trialText = fold(cell.isTrial ?? "");
    const isTrial = YES.has(trialText);
    if (!isTrial && !NO.has(trialText)) fail("isTrial", 'Trial: use "Sim" ou "Não"');
    const subscriptionAsked = Boolean(cell.diaVencimento || cell.inicio || cell.trialAte);
    const rawCnpj = cell.cnpj ?? "";
    const form = {
      nome: cell.nome ?? "",
      cnpj: cnpjCell(rawCnpj),
      contato: cell.contato ?? "",
      telefone: cell.telefone ?? "",
      email: cell.email ?? "",
      url: cell.url ?? "",
      valorMensalidade: moneyCell(cell.valorMensalidade ?? ""),
      codigoCliente: cell.codigoCliente ?? "",
      // A subscription's trial is its "Trial até" (DECISIONS §8): the client keeps its fee, and the start marks the trial.
      isTrial: subscriptionAsked ? false : isTrial,
    };
    const parsed = clientSchema.safeParse(form);
    let client: ClientInput | null = null;
    if (parsed.success) client = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path?.[0] ?? "arquivo");
        // A number a spreadsheet wrote in scientific notation lost the CNPJ's digits for good.
        const message = key === "cnpj" && /e\+/i.test(rawCnpj) ? "CNPJ em notação científica (1,23E+13): formate a coluna como texto e digite-o de novo" : issue.message;
        fail(key, message);
      }
    }

    // Unique in the file and against the register (the transaction checks again: createClient).
    if (client) {
      const code = client.codigoCliente.toLowerCase();
      const cnpjLine = fileCnpj.get(client.cnpj);
      const codeLine = fileCode.get(code);
      if (takenCnpj.has(client.cnpj)) fail("cnpj", "CNPJ já cadastrado");
      else if (cnpjLine !== undefined) fail("cnpj", `CNPJ repetido no arquivo (linha ${cnpjLine})`);
      else fileCnpj.set(client.cnpj, line);
      if (takenCode.has(code)) fail("codigoCliente", "Código do cliente já existe");
      else if (codeLine !== undefined) fail("codigoCliente", `Código do cliente repetido no arquivo (linha ${codeLine})`);
      else fileCode.set(code, line);
    }

    // The subscription started with the client (DECISIONS §8), checked by its own schema.
    let subscription: SubscriptionInput | null = null;
    let atrasadas: ImportRow["atrasadas"] = null;
    if (subscriptionAsked) {
      const dia = cell.diaVencimento ?? "";
      if (!dia) fail("diaVencimento", "Dia de vencimento é obrigatório para iniciar a assinatura");
      if (isTrial && !cell.trialAte) fail("trialAte", 'Cliente em trial: preencha "Trial até" para iniciar a assinatura (o trial é o da assinatura)');
      const trialAte = cell.trialAte ? dateCell(cell.trialAte) : null;
      if (cell.trialAte && !trialAte) fail("trialAte", "Data inválida: use DD/MM/AAAA");
      const inicioTyped = cell.inicio ? monthCell(cell.inicio) : null;
      if (cell.inicio && !inicioTyped) fail("inicio", "Início inválido: use MM/AAAA");
      const diaNumber = /^\d{1,2}$/.test(dia) ? Number(dia) : NaN;
      // Left blank, the first month whose due date has not passed (the single dialog's default).
      const inicio = inicioTyped ?? (diaNumber >= 1 && diaNumber <= 31 ? firstMonthNotPast(day, diaNumber, settings.vencimentoEmDiaUtil) : "");
      if (dia) {
        const sub = subscriptionSchema.safeParse({
          status: "ativa",
          valor: client ? centsToDecimal(client.valorMensalidade) : form.valorMensalidade || null,
          diaVencimento: dia,
          inicio: inicio || null,
          fim: null,
          trialAte: cell.trialAte ? trialAte : null,
        });
        if (sub.success) {
          subscription = sub.data;
          const { overdue } = billedOnStart({ diaVencimento: sub.data.diaVencimento, inicio: sub.data.inicio, fim: null, trialAte: sub.data.trialAte }, settings, day);
          if (overdue.length) atrasadas = { quantidade: overdue.length, total: centsToDecimal(sumCents(overdue.map(() => sub.data.valor as Cents))) };
        } else {
          for (const issue of sub.error.issues) {
            const key = String(issue.path?.[0] ?? "arquivo");
            // The fee is the client's column: its own message already says what is wrong.
            if (key === "valor") {
              if (client) fail("valorMensalidade", "Informe a mensalidade para iniciar a assinatura");
            } else if (!(key === "inicio" && cell.inicio && !inicioTyped) && !(key === "trialAte" && cell.trialAte && !trialAte)) fail(key, issue.message);
          }
        }
      }
    }

    const valida = rowErrors.length === 0;
    erros.push(...rowErrors);
    rows.push({
      linha: line,
      nome: client?.nome ?? form.nome,
      cnpj: client?.cnpj ?? form.cnpj,
      codigoCliente: client?.codigoCliente ?? form.codigoCliente,
      valorMensalidade: client ? centsToDecimal(client.valorMensalidade) : null,
      isTrial: subscription ? subscription.trialAte !== null && subscription.trialAte > day : isTrial,
      assinatura: subscription ? { diaVencimento: subscription.diaVencimento, inicio: subscription.inicio, trialAte: subscription.trialAte } : null,
      atrasadas,
      valida,
    });
    if (valida && client) {
      writes.push({ linha: line, client, subscription });
      if (subscription) assinaturas++;
    }
    if (performance.now() > until) {
      await turn();
      until = performance.now() + SLICE_MS;
    }
  }
  if (rows.length === 0) throw badRequest("O arquivo não tem clientes: só o cabeçalho", { arquivo: "Nenhum cliente no arquivo" });
  return {
    preview: { linhas: rows.length, validas: writes.length, erros, clientes: rows, assinaturas, codificacao: encoding, separador: separator },
    writes,
  };
}

/** POST /api/clients/import: every row checked, nothing written. */
export async function previewClientImport(db: Db, bytes: Uint8Array, name: string): Promise<ImportPreview> {
  return (await checkFile(db, bytes, name)).preview;
}

/**
 * A refused import: 422 with the preview's rows and errors beside the message (the error
 * handler writes `extra` into the answer), also when thrown on the writer thread.
 */
class ImportRefused extends HttpError {
  constructor(readonly preview: ImportPreview) {
    super(
      422,
      preview.erros.length === 1
        ? "Nada foi importado: 1 erro no arquivo. Corrija a planilha e envie de novo."
        : `Nada foi importado: ${preview.erros.length} erros no arquivo. Corrija a planilha e envie de novo.`,
      undefined,
      undefined,
      { ...preview },
    );
  }
}

/** POST /api/clients/import?confirmar=1 as the writer thread runs it (src/http/writer.ts). */
export interface ClientsImportJob {
  kind: "clients-import";
  actor: Actor;
  bytes: Uint8Array;
  name: string;
  graceDays: number;
}

export const runClientsImportJob = (db: Db, job: ClientsImportJob): Promise<ImportResult> => importClients(db, job.actor, job.bytes, job.name, job.graceDays);

// The client's insert, as createClient writes it (src/api/clients/service.ts: the form's fields,
// the search columns, both timestamps). The import writes it here, a prepared statement per row:
// createClient's per-row uniqueness check scans the register (its case-folded code) and Drizzle
// prepares each statement anew, ~1 ms a row at 5,000 rows, past the 2 s budget (docs/decisions.md
// "Client import"). The rule it checks is the same, once for the file, inside the transaction.
const INSERT_CLIENT = sql<{ id: number }, { nome: string; cnpj: string; contato: string; telefone: string; email: string; url: string | null; valor: number; codigo: string; trial: number; nomeOrdem: string; busca: string; now: string }>(
  `INSERT INTO clients (nome, cnpj, contato, telefone, email, url, valor_mensalidade, codigo_cliente, is_trial, nome_ordem, busca, created_at, updated_at)
   VALUES ($nome, $cnpj, $contato, $telefone, $email, $url, $valor, $codigo, $trial, $nomeOrdem, $busca, $now, $now) RETURNING id`,
);
const REGISTER_KEYS = sql<{ cnpj: string; codigo: string }>("SELECT cnpj, codigo_cliente AS codigo FROM clients");

/**
 * POST /api/clients/import?confirmar=1: all or nothing. Any row wrong → ImportRefused (nothing
 * written). Otherwise one immediate transaction: the CNPJs and codes checked again against the
 * register, each client inserted with its "create" event (the registers' snapshot, as
 * createClient records it), its subscription through saveSubscription (§8's rules, the overlap
 * check, the months due generated, blocking), then the import's own event.
 */
export async function importClients(db: Db, actor: Actor, bytes: Uint8Array, name: string, graceDays: number): Promise<ImportResult> {
  const { preview, writes } = await checkFile(db, bytes, name);
  if (preview.erros.length) throw new ImportRefused(preview);
  // One transaction for the whole file (the issue's all or nothing): it cannot yield, or other
  // writes would join it. On the writer thread it holds that thread, not the server's loop
  // (docs/decisions.md "Writes off the event loop").
  return db.transaction(
    () => {
      // A client another request saved since the preview: the whole import is refused, naming the row.
      const cnpjs = new Set<string>();
      const codes = new Set<string>();
      for (const key of REGISTER_KEYS.iterate(db)) {
        cnpjs.add(key.cnpj);
        codes.add(key.codigo.toLowerCase());
      }
      const late = writes.flatMap(({ linha, client }) => [
        ...(cnpjs.has(client.cnpj) ? [{ linha, campo: "CNPJ", mensagem: "CNPJ já cadastrado" }] : []),
        ...(codes.has(client.codigoCliente.toLowerCase()) ? [{ linha, campo: "Código do cliente", mensagem: "Código do cliente já existe" }] : []),
      ]);
      if (late.length) throw new ImportRefused({ ...preview, validas: preview.validas - new Set(late.map((e) => e.linha)).size, erros: late });

      const now = nowISO();
      let geradas = 0;
      let assinaturas = 0;
      const blockingAfter: number[] = [];
      for (const { client, subscription } of writes) {
        const { id } = INSERT_CLIENT.get(db, {
          nome: client.nome,
          cnpj: client.cnpj,
          contato: client.contato,
          telefone: client.telefone,
          email: client.email,
          url: client.url,
          valor: client.valorMensalidade,
          codigo: client.codigoCliente,
          trial: client.isTrial ? 1 : 0,
          ...registerSearchColumns("clients", client),
          now,
        })!;
        const registro = {
          nome: client.nome,
          cnpj: client.cnpj,
          contato: client.contato,
          telefone: client.telefone,
          email: client.email,
          url: client.url,
          valorMensalidade: centsToDecimal(client.valorMensalidade),
          codigoCliente: client.codigoCliente,
          isTrial: client.isTrial,
          statusBloqueio: 0,
        };
        recordEvent(db, actor, { entity: "client", entityId: id, clientId: id, label: client.nome, action: "create", details: { registro, pela: "importação" } });
        if (subscription) {
          geradas += saveSubscription(db, actor, id, subscription, graceDays, { blockingAfter }).geradas;
          assinaturas++;
        }
      }
      applyAutomaticBlocking(db, { graceDays, clientIds: blockingAfter });
      recordEvent(db, actor, { action: "import", entity: "client", entityId: null, label: name.slice(0, 200), details: { clientes: writes.length, assinaturas, geradas } });
      const message =
        `${writes.length} ${writes.length === 1 ? "cliente importado" : "clientes importados"}` +
        (assinaturas ? `; ${assinaturas} ${assinaturas === 1 ? "assinatura iniciada" : "assinaturas iniciadas"}` : "");
      return { message, importados: writes.length, assinaturas, geradas };
    },
    { behavior: "immediate" },
  );
}
