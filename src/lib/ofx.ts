// OFX bank statements for bank reconciliation (issue 19, import). Pure: bytes in, data out.
//
// Ours rather than an npm parser: none of the ones we tried read every quirk of the files
// Brazilian banks export (latin-1 text, bare-CR lines, "6000.000,00" amounts, empty
// unclosed tags…) and refuse the broken ones with a reason — docs/decisions.md,
// "OFX parser: ours, and why".
//
// One parser serves both dialects: OFX 1.x SGML (leaf tags left open: `<TRNAMT>-10.00`) and
// OFX 2.x XML (every tag closed). A tag followed by text is a leaf whether or not it is closed;
// a tag followed by another tag is an aggregate, and one that is never closed turns out to
// have been an empty leaf (`<MEMO>` with nothing) when its parent closes.
//
// Hostile or broken files cost no more than good ones (issue 31 §11): one forward pass, linear
// in the file, nesting bounded (MAX_OFX_DEPTH), and the work in steps (ofxSteps) the server runs
// a slice of time at a time. Bounds (DECISIONS §9): dates outside 1900–2199 and amounts above the
// money cap refuse the file naming the line; text fields are cut at MAX_OFX_TEXT characters.
import { daysInMonth, MAX_YEAR, MIN_YEAR } from "./dates";
import { MAX_MONEY_CENTS } from "./money";
import { stepsToEnd } from "./steps";

interface OfxTransaction {
  /** The bank's id for the posting, trimmed, otherwise exactly as written (free text allowed). */
  fitid: string;
  /** YYYY-MM-DD: the date part of DTPOSTED as the bank wrote it (its local day; no zone shift). */
  data: string;
  /** Integer cents; negative = debit. */
  valorCentavos: number;
  /** From the amount's sign alone (TRNTYPE is unreliable: banks type everything OTHER). 0 is a credit. */
  tipo: "credito" | "debito";
  nome: string | null;
  memo: string | null;
  /** TRNTYPE upper-cased, for information; "OTHER" when the bank left it out. */
  trntype: string;
}

export interface OfxStatement {
  /**
   * BANKID, digits: leading zeros dropped and padded back to 3 ("1", "001", "0001" → "001";
   * "0104" → "104"), the COMPE code's usual form. A longer number keeps its digits after the
   * zeros are dropped; an id that is not all digits is kept as written (trimmed).
   */
  bancoId: string;
  /** BRANCHID as written (trimmed); null when absent or empty. */
  agencia: string | null;
  /** ACCTID as written (trimmed), check digit and dashes included. */
  conta: string;
  moeda: string | null;
  /** DTSTART / DTEND of the list, informational only: postings outside it are kept. */
  periodoInicio: string | null;
  periodoFim: string | null;
  /** LEDGERBAL: BALAMT and the date part of DTASOF. */
  saldo: { valorCentavos: number; data: string | null } | null;
  /** In file order; repeated FITIDs are all kept (real exports reuse them). */
  transacoes: OfxTransaction[];
}

/** A file we cannot read; the message is for the user (pt-BR) and says where it went wrong. */
export class OfxError extends Error {
  override name = "OfxError";
}

/**
 * Every bank statement in the file, in order. A file may hold several (one per account, or
 * one per period): the caller shows or imports each. Refuses credit-card statements.
 */
export function parseOfxStatements(bytes: Uint8Array): OfxStatement[] {
  return stepsToEnd(ofxSteps(bytes));
}

/**
 * The file's one bank statement. A file with several is refused (with the accounts named):
 * importing one of them silently would look like lost postings. parseOfxStatements reads all.
 */
export function parseOfx(bytes: Uint8Array): OfxStatement {
  return onlyStatement(parseOfxStatements(bytes));
}

/** The one statement of `statements`, or the refusal that names the accounts. */
export function onlyStatement(statements: OfxStatement[]): OfxStatement {
  const [only] = statements;
  if (only && statements.length === 1) return only;
  const contas = statements.map((s) => `banco ${s.bancoId}, conta ${s.conta}`).join("; ");
  throw new OfxError(`O arquivo traz ${statements.length} extratos (${contas}); envie um arquivo por extrato.`);
}

/**
 * Deepest nesting of open tags read. A bank's file nests 6–8 deep (OFX › BANKMSGSRSV1 ›
 * STMTTRNRS › STMTRS › BANKTRANLIST › STMTTRN › PAYEE), plus the empty SGML leaves of one
 * aggregate that wait for its close (`<MEMO>` with nothing): far below this. Deeper is a broken
 * or hostile file (an aggregate never closed, 700,000 nested tags), refused before it costs.
 */
export const MAX_OFX_DEPTH = 100;

/** Text fields (NAME, MEMO, FITID, ACCTID…) are cut at this many characters, as every text input is (DECISIONS §4). */
export const MAX_OFX_TEXT = 255;

/**
 * Units of work (characters read, tags moved or walked, postings read) between two yields of
 * ofxSteps: a fraction of a millisecond here. Every loop of the parser counts its steps, so the number of yields
 * measures the work done: it grows linearly with the file (ofx.test.ts checks it).
 */
export const OFX_WORK_PER_YIELD = 8_192;

/**
 * The parser as steps: it yields after every OFX_WORK_PER_YIELD units of work and returns the
 * statements (or throws OfxError). The server runs it a slice of time at a time, so a 5 MB file
 * never holds the event loop; parseOfxStatements runs it at once.
 */
export function* ofxSteps(bytes: Uint8Array): Generator<void, OfxStatement[]> {
  const work = new Work();
  const text = yield* decode(bytes, work);
  const ofxAt = refuseNonOfx(text);
  const root = yield* buildTree(text, ofxAt, work);
  const ofx = root.children.find((n) => n.name === "OFX");
  if (!ofx) throw new OfxError("O arquivo não é um extrato OFX: falta a tag <OFX>.");
  const found = yield* findAll(ofx, ["STMTRS", "CCSTMTRS"], work);
  const card = found.find((n) => n.name === "CCSTMTRS");
  if (card) {
    throw new OfxError(
      `Este arquivo é um extrato de cartão de crédito (<CCSTMTRS> na linha ${card.line}); a conciliação lê apenas extratos de conta bancária.`,
    );
  }
  const statements = found.filter((n) => n.name === "STMTRS");
  if (statements.length === 0) {
    throw new OfxError("O arquivo OFX não traz extrato de conta bancária: falta a tag <STMTRS>.");
  }
  const read: OfxStatement[] = [];
  for (const stmt of statements) read.push(yield* readStatement(stmt, work));
  return read;
}

/** The work counter: `due()` says when a yield is owed. */
class Work {
  done = 0;
  private next = OFX_WORK_PER_YIELD;
  add(units: number): void {
    this.done += units;
  }
  due(): boolean {
    if (this.done < this.next) return false;
    this.next = this.done + OFX_WORK_PER_YIELD;
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Text

/** Bytes decoded per step. */
const DECODE_CHUNK = 64 * 1024;

/**
 * The CHARSET header lies often enough (says 1252, is UTF-8; or the reverse) that the bytes
 * decide: valid UTF-8 is UTF-8, anything else is windows-1252 (a superset of latin-1's
 * printable range, so ISO-8859-1 files read the same). Decoded a chunk at a time.
 */
function* decode(bytes: Uint8Array, work: Work): Generator<void, string> {
  // A UTF-8 BOM goes first, also before a latin-1 body (editors add one to anything).
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const utf8 = yield* decodeWith(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }), body, work);
  if (utf8 !== null) return utf8;
  return (yield* decodeWith(new TextDecoder("windows-1252"), body, work)) ?? "";
}

function* decodeWith(decoder: TextDecoder, body: Uint8Array, work: Work): Generator<void, string | null> {
  const parts: string[] = [];
  try {
    for (let at = 0; at < body.length; at += DECODE_CHUNK) {
      const end = Math.min(at + DECODE_CHUNK, body.length);
      parts.push(decoder.decode(body.subarray(at, end), { stream: end < body.length }));
      work.add((end - at) / 4);
      if (work.due()) yield;
    }
    parts.push(decoder.decode());
  } catch {
    return null;
  }
  return parts.join("");
}

/** Refuses what is not OFX; returns where <OFX> starts. */
function refuseNonOfx(text: string): number {
  const first = text.search(/\S/);
  if (first === -1) throw new OfxError("O arquivo está vazio.");
  if (text.startsWith("%PDF", first)) {
    throw new OfxError("O arquivo é um PDF, não um extrato OFX: no site do banco, exporte o extrato no formato OFX (Money/Quicken).");
  }
  if (text.startsWith("PK\u0003\u0004", first)) {
    throw new OfxError("O arquivo é compactado (ZIP), não um extrato OFX: extraia o arquivo .ofx de dentro dele.");
  }
  const ofxAt = /<OFX[\s>]/i.exec(text)?.index ?? null;
  // An HTML page says so at its top (a 5 MB head is not searched).
  const head = text.slice(0, Math.min(ofxAt ?? 4096, 65_536));
  if (/<!doctype\s+html|<html[\s>]/i.test(head)) {
    throw new OfxError("O arquivo é uma página HTML (talvez a tela de login ou de erro do banco), não um extrato OFX.");
  }
  if (ofxAt === null) {
    throw new OfxError("O arquivo não é um extrato OFX: não há a tag <OFX>.");
  }
  return ofxAt;
}

/** Characters the line counter reads between two looks at the work done. */
const LINE_STEP = 8_192;
/** The longest tag read (`<` to `>`): a statement's are a few dozen characters. */
const MAX_TAG = 1_024;
/** Of a leaf's text, what is read: enough for any field (text is cut at 255; a longer amount or date is refused all the same). */
const MAX_LEAF = 4_096;

/**
 * 1-based line of an offset; a line ends with CRLF, LF or a bare CR (old Mac files). Asked in
 * file order only (the parser reads forward), so each character is counted once.
 */
class LineCounter {
  private at = 0;
  private line = 1;
  constructor(
    private readonly text: string,
    private readonly work: Work,
  ) {}
  /** Counts up to `offset` a step at a time (a long stretch without tags is not one step). */
  *reach(offset: number): Generator<void, void> {
    while (offset - this.at > LINE_STEP) {
      this.of(this.at + LINE_STEP);
      if (this.work.due()) yield;
    }
  }
  of(offset: number): number {
    const { text } = this;
    let i = this.at;
    let line = this.line;
    for (; i < offset; i++) {
      const c = text.charCodeAt(i);
      if (c === 13) {
        line++;
        if (text.charCodeAt(i + 1) === 10) i++;
      } else if (c === 10) {
        line++;
      }
    }
    if (i > this.at) this.work.add(i - this.at);
    this.at = Math.max(i, this.at);
    this.line = line;
    return line;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** At most MAX_OFX_TEXT characters (a surrogate pair is never split). */
function cut(value: string): string {
  if (value.length <= MAX_OFX_TEXT) return value;
  const end = (value.charCodeAt(MAX_OFX_TEXT - 1) & 0xfc00) === 0xd800 ? MAX_OFX_TEXT - 1 : MAX_OFX_TEXT;
  return value.slice(0, end).trimEnd();
}

// ---------------------------------------------------------------------------------------------
// Tree

interface Node {
  name: string;
  line: number;
  /** Leaf text (entities decoded, trimmed); null for an aggregate. */
  value: string | null;
  children: Node[];
}

// Aggregates we name when a file ends inside one (a cut download); an unclosed tag with
// children counts too.
const AGGREGATES = new Set([
  "OFX", "SIGNONMSGSRSV1", "SONRS", "STATUS", "FI", "BANKMSGSRSV1", "STMTTRNRS", "STMTRS",
  "BANKACCTFROM", "BANKTRANLIST", "STMTTRN", "PAYEE", "BANKACCTTO", "LEDGERBAL", "AVAILBAL",
  "BALLIST", "BAL", "CREDITCARDMSGSRSV1", "CCSTMTTRNRS", "CCSTMTRS", "CCACCTFROM",
]);

// A leaf's children: one shared empty list (nothing is ever added to a leaf), so a 5 MB file's
// quarter of a million leaves do not each allocate one; names upper-cased once each.
const NO_CHILDREN: Node[] = [];
Object.freeze(NO_CHILDREN);

// Character classes of a tag's name: [A-Za-z_] to start, then [A-Za-z0-9_.:-].
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 58) || c === 46 || c === 45;

/**
 * The tree, read in one forward pass: every character is looked at a bounded number of times
 * (tags are scanned by hand, not by a regular expression that could backtrack over a long
 * one), every node is moved at most once, and nesting deeper than MAX_OFX_DEPTH is refused.
 */
function* buildTree(text: string, ofxAt: number, work: Work): Generator<void, Node> {
  const lines = new LineCounter(text, work);
  const root: Node = { name: "", line: 0, value: null, children: [] };
  const stack: Node[] = [root];
  const names = new Map<string, string>();
  const n = text.length;
  // The header (OFXHEADER:100 lines, or <?xml?><?OFX?>) is not read: it says nothing we need
  // (CHARSET lies; see decode) and its absence is harmless.
  let pos = ofxAt;

  while (pos < n) {
    if (work.due()) yield;
    const lt = text.indexOf("<", pos);
    if (lt === -1) {
      if (/\S/.test(text.slice(pos))) {
        throw new OfxError(`Texto solto após a última tag, na linha ${lines.of(pos)}: o arquivo parece corrompido.`);
      }
      break;
    }
    yield* lines.reach(lt);
    const line = lines.of(lt);
    if (text.startsWith("<!", lt) || text.startsWith("<?", lt)) {
      const close = text.startsWith("<!--", lt) ? "-->" : text.startsWith("<?", lt) ? "?>" : ">";
      const end = text.indexOf(close, lt);
      if (end === -1) throw cutAt(stack, line);
      pos = end + close.length;
      continue;
    }
    // The tag: `<`, `/`?, a name, anything but `<` up to `>`; `/>` closes it at once. No tag
    // of a statement is longer than MAX_TAG: one that is, is looked at no further.
    const stop = Math.min(n, lt + MAX_TAG);
    let i = lt + 1;
    const slash = text.charCodeAt(i) === 47;
    if (slash) i++;
    const nameStart = i;
    if (isNameStart(text.charCodeAt(i))) {
      i++;
      while (i < stop && isNameChar(text.charCodeAt(i))) i++;
    }
    const nameEnd = i;
    let c = -1;
    while (i < stop) {
      c = text.charCodeAt(i);
      if (c === 62 || c === 60) break;
      i++;
    }
    work.add(i - lt);
    if (nameEnd === nameStart || c !== 62 || i >= stop) {
      if (text.indexOf(">", lt) === -1) throw cutAt(stack, line);
      throw new OfxError(`Tag malformada na linha ${line}: ${JSON.stringify(text.slice(lt, lt + 30))}.`);
    }
    const raw = text.slice(nameStart, nameEnd);
    let name = names.get(raw);
    if (name === undefined) {
      name = raw.toUpperCase();
      if (names.size < 1_000) names.set(raw, name);
    }
    const selfClose = i - 1 >= nameEnd && text.charCodeAt(i - 1) === 47;
    pos = i + 1;
    const top = stack[stack.length - 1]!;

    if (slash) {
      yield* closeTag(stack, name, line, work);
      // Past </OFX> comes nothing we read (some banks pad files with NULs or blank lines).
      if (stack.length === 1) break;
      continue;
    }
    if (selfClose) {
      top.children.push({ name, line, value: "", children: NO_CHILDREN });
      continue;
    }
    // Text up to the next tag decides: something → a leaf (SGML leaves are never closed, XML
    // ones are: skip a matching close); nothing → an aggregate or an empty leaf, known later.
    const next = text.indexOf("<", pos);
    const content = text.slice(pos, next === -1 ? n : next);
    work.add(content.length);
    const textAt = content.search(/\S/);
    if (textAt !== -1) {
      const value = content.length - textAt > MAX_LEAF ? content.slice(textAt, textAt + MAX_LEAF) : content;
      top.children.push({ name, line, value: decodeEntities(value).trim(), children: NO_CHILDREN });
      pos = next === -1 ? n : next;
      const closing = `</${name}>`;
      if (next !== -1 && text.slice(next, next + closing.length).toUpperCase() === closing) pos = next + closing.length;
      continue;
    }
    if (stack.length > MAX_OFX_DEPTH) throw tooDeep(stack, line);
    const node: Node = { name, line, value: null, children: [] };
    top.children.push(node);
    stack.push(node);
  }

  if (stack.length > 1) throw cutAt(stack, null);
  return root;
}

/**
 * Closes `name`; tags still open above it were empty leaves (SGML `<MEMO>` with nothing), so
 * their "children" are handed down to the closed tag, in file order: each open tag is the last
 * child of the one below it, so its children simply follow it. Each node moves once.
 */
function* closeTag(stack: Node[], name: string, line: number, work: Work): Generator<void, void> {
  let at = stack.length - 1;
  while (at > 0 && stack[at]?.name !== name) at--;
  work.add(stack.length - at);
  if (at === 0) throw new OfxError(`Tag de fechamento </${name}> na linha ${line} sem a abertura correspondente.`);
  const closed = stack[at]!;
  for (let k = at + 1; k < stack.length; k++) {
    const open = stack[k]!;
    const moved = open.children;
    open.children = NO_CHILDREN;
    open.value = "";
    for (const node of moved) closed.children.push(node);
    work.add(moved.length);
    if (work.due()) yield;
  }
  stack.length = at;
  if (closed.children.length === 0) closed.value = "";
}

function tooDeep(stack: Node[], line: number): OfxError {
  // The tag opened most often is the one never closed (an unclosed <STMTTRN> per posting).
  const seen = new Map<string, { count: number; line: number }>();
  for (const node of stack.slice(1)) {
    const entry = seen.get(node.name);
    if (entry) entry.count++;
    else seen.set(node.name, { count: 1, line: node.line });
  }
  const [name, { line: first }] = [...seen.entries()].sort((a, b) => b[1].count - a[1].count)[0]!;
  return new OfxError(
    `Tags abertas umas dentro das outras demais na linha ${line} (mais de ${MAX_OFX_DEPTH} níveis): o arquivo parece corrompido — a tag <${name}> da linha ${first} não foi fechada?`,
  );
}

function cutAt(stack: Node[], line: number | null): OfxError {
  let open: Node | undefined;
  for (let i = stack.length - 1; i > 0; i--) {
    const n = stack[i];
    if (n && (AGGREGATES.has(n.name) || n.children.length > 0)) {
      open = n;
      break;
    }
  }
  const where = line === null ? "O arquivo termina" : `O arquivo termina no meio de uma tag (linha ${line})`;
  const inside = open ? ` antes de fechar <${open.name}>, aberta na linha ${open.line}` : "";
  return new OfxError(`${where}${inside}: parece cortado. Baixe o extrato do banco de novo.`);
}

/**
 * The nodes named one of `names` under `node`, in file order, not looking inside them: one walk
 * of the tree, counted as work (a 5 MB file has a quarter of a million nodes).
 */
function* findAll(node: Node, names: readonly string[], work: Work): Generator<void, Node[]> {
  const found: Node[] = [];
  const pending: Node[] = [...node.children].reverse();
  while (pending.length) {
    const next = pending.pop()!;
    if (names.includes(next.name)) {
      found.push(next);
      continue;
    }
    for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i]!);
    work.add(1 + next.children.length);
    if (work.due()) yield;
  }
  return found;
}

function child(node: Node, name: string): Node | undefined {
  return node.children.find((c) => c.name === name);
}

/** A leaf's text; null when missing or empty. */
function leaf(node: Node, name: string): string | null {
  const value = child(node, name)?.value;
  return value ? value : null;
}

/** A text field's leaf, cut at MAX_OFX_TEXT. */
function text(node: Node, name: string): string | null {
  const value = leaf(node, name);
  return value === null ? null : cut(value);
}

// ---------------------------------------------------------------------------------------------
// Statement

function* readStatement(stmt: Node, work: Work): Generator<void, OfxStatement> {
  const account = child(stmt, "BANKACCTFROM");
  if (!account) throw new OfxError(`O extrato (<STMTRS> na linha ${stmt.line}) não tem a conta: falta <BANKACCTFROM>.`);
  const bankId = text(account, "BANKID");
  if (!bankId) throw new OfxError(`A conta (<BANKACCTFROM> na linha ${account.line}) não tem o banco: falta <BANKID>.`);
  const conta = text(account, "ACCTID");
  if (!conta) throw new OfxError(`A conta (<BANKACCTFROM> na linha ${account.line}) não tem o número: falta <ACCTID>.`);

  const list = child(stmt, "BANKTRANLIST");
  if (!list) {
    throw new OfxError(`O extrato (<STMTRS> na linha ${stmt.line}) não tem a lista de lançamentos: falta <BANKTRANLIST>.`);
  }
  const ledger = child(stmt, "LEDGERBAL");
  let saldo: OfxStatement["saldo"] = null;
  if (ledger) {
    saldo = {
      valorCentavos: amountOf(ledger, "BALAMT", `O saldo (<LEDGERBAL> na linha ${ledger.line})`),
      data: optionalDate(ledger, "DTASOF"),
    };
  }

  let ordinal = 0;
  const transacoes: OfxTransaction[] = [];
  for (const node of list.children) {
    if (node.name !== "STMTTRN") continue;
    transacoes.push(readTransaction(node, ++ordinal));
    // A posting costs about what 100 characters of tags do (its date and amount are parsed).
    work.add(100 + node.children.length);
    if (work.due()) yield;
  }

  return {
    bancoId: normaliseBankId(bankId),
    agencia: text(account, "BRANCHID"),
    conta,
    moeda: text(stmt, "CURDEF"),
    periodoInicio: optionalDate(list, "DTSTART"),
    periodoFim: optionalDate(list, "DTEND"),
    saldo,
    transacoes,
  };
}

function readTransaction(trn: Node, ordinal: number): OfxTransaction {
  const who = `A ${ordinal}ª transação (<STMTTRN> na linha ${trn.line})`;
  const fitid = text(trn, "FITID");
  if (!fitid) throw new OfxError(`${who} não tem <FITID>, o identificador do lançamento.`);
  const posted = child(trn, "DTPOSTED");
  if (!posted?.value) throw new OfxError(`${who} não tem <DTPOSTED>, a data do lançamento.`);
  const valorCentavos = amountOf(trn, "TRNAMT", who);
  return {
    fitid,
    data: parseOfxDate(posted.value, posted),
    valorCentavos,
    tipo: valorCentavos < 0 ? "debito" : "credito",
    // NAME may also sit inside a PAYEE aggregate (rare, but valid OFX).
    nome: text(trn, "NAME") ?? payeeName(trn),
    memo: text(trn, "MEMO"),
    trntype: (text(trn, "TRNTYPE") ?? "OTHER").toUpperCase(),
  };
}

function payeeName(trn: Node): string | null {
  const payee = child(trn, "PAYEE");
  return payee ? text(payee, "NAME") : null;
}

function amountOf(parent: Node, tag: string, who: string): number {
  const node = child(parent, tag);
  if (!node?.value) throw new OfxError(`${who} não tem <${tag}>, o valor.`);
  const cents = readAmount(node.value);
  if (cents === null) {
    throw new OfxError(`Valor inválido em <${tag}> na linha ${node.line}: ${JSON.stringify(clip(node.value))}.`);
  }
  if (cents === TOO_LARGE || Math.abs(cents) > MAX_MONEY_CENTS) {
    throw new OfxError(`Valor acima do limite de R$ 999.999.999.999,99 em <${tag}> na linha ${node.line}: ${JSON.stringify(clip(node.value))}.`);
  }
  return cents;
}

/** A value as an error message quotes it: a 100,000-character one is not repeated whole. */
const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

function optionalDate(parent: Node, tag: string): string | null {
  const node = child(parent, tag);
  return node?.value ? parseOfxDate(node.value, node) : null;
}

function normaliseBankId(raw: string): string {
  if (!/^\d+$/.test(raw)) return raw;
  return raw.replace(/^0+/, "").padStart(3, "0");
}

// ---------------------------------------------------------------------------------------------
// Values (exported for their own tests)

/**
 * An OFX amount in integer cents, or null when it is not one. The LAST "." or "," followed by
 * 1–2 digits at the end is the decimal mark; any other "." or "," groups thousands, which
 * must all be the same character and differ from the decimal mark ("6000.000,00",
 * "1,234.56", "-152541,14", "1.234" = 1234,00, "-5.5", "100"). Read as digit strings, never
 * as floats.
 */
export function parseOfxAmount(raw: string): number | null {
  const cents = readAmount(raw);
  return cents === TOO_LARGE ? null : cents;
}

/** Well written but beyond any safe integer of cents. */
const TOO_LARGE: unique symbol = Symbol("too large");

function readAmount(raw: string): number | null | typeof TOO_LARGE {
  const m = /^([+-]?)\s*(\d*(?:[.,]\d+)*)$/.exec(raw.trim());
  if (!m) return null;
  const [, sign = "", body = ""] = m;
  if (body === "") return null;
  let integer = body;
  let fraction = "";
  const dec = /([.,])(\d{1,2})$/.exec(body);
  if (dec) {
    integer = body.slice(0, dec.index);
    fraction = dec[2] ?? "";
  }
  const groups: string[] = integer.match(/[.,]/g) ?? [];
  if (groups.some((g) => g !== groups[0]) || (dec && groups.includes(dec[1] ?? ""))) return null;
  const digits = integer.replace(/[.,]/g, "").replace(/^0+(?=\d)/, "");
  if (digits === "" && fraction === "") return null;
  // Longer than any safe integer: no BigInt of a million digits.
  if (digits.length > 16) return TOO_LARGE;
  const total = BigInt((digits || "0") + fraction.padEnd(2, "0"));
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) return TOO_LARGE;
  const cents = Number(total);
  return sign === "-" && cents !== 0 ? -cents : cents;
}

const DATE_RE = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,6})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:[.:]\d{1,2})?\s*(?::[^\]]*)?\])?$/;

/**
 * The date part (YYYY-MM-DD) of an OFX date/time: "20261105", "20261105120000",
 * "20261105120000.000[-3:BRT]", "20261105000000[0:GMT]". The zone is checked for shape but
 * not applied: a statement's dates are the bank's local days, and shifting midnight postings
 * by three hours would move them to the day before.
 */
export function parseOfxDate(raw: string, where?: { name: string; line: number }): string {
  const m = raw.length > 64 ? null : DATE_RE.exec(raw.trim());
  const [, y = "", mo = "", d = "", h, mi, s] = m ?? [];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const valid =
    m !== null &&
    month >= 1 && month <= 12 &&
    day >= 1 && day <= daysInMonth(year, month) &&
    (h === undefined || Number(h) <= 23) &&
    (mi === undefined || Number(mi) <= 59) &&
    (s === undefined || Number(s) <= 60);
  const place = where ? ` em <${where.name}> na linha ${where.line}` : "";
  if (!valid) throw new OfxError(`Data inválida${place}: ${JSON.stringify(clip(raw))}.`);
  // The years every date of the app takes (DECISIONS §2): 0000 or 9999 is a broken export.
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new OfxError(`Data fora dos anos aceitos (${MIN_YEAR} a ${MAX_YEAR})${place}: ${JSON.stringify(clip(raw))}.`);
  }
  return `${y}-${mo}-${d}`;
}
