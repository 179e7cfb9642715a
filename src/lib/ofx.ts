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

export interface OfxTransaction {
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
  const text = decode(bytes);
  refuseNonOfx(text);
  const root = buildTree(text);
  const ofx = root.children.find((n) => n.name === "OFX");
  if (!ofx) throw new OfxError("O arquivo não é um extrato OFX: falta a tag <OFX>.");
  const card = findAll(ofx, "CCSTMTRS")[0];
  if (card) {
    throw new OfxError(
      `Este arquivo é um extrato de cartão de crédito (<CCSTMTRS> na linha ${card.line}); a conciliação lê apenas extratos de conta bancária.`,
    );
  }
  const statements = findAll(ofx, "STMTRS");
  if (statements.length === 0) {
    throw new OfxError("O arquivo OFX não traz extrato de conta bancária: falta a tag <STMTRS>.");
  }
  return statements.map(readStatement);
}

/**
 * The file's one bank statement. A file with several is refused (with the accounts named):
 * importing one of them silently would look like lost postings. parseOfxStatements reads all.
 */
export function parseOfx(bytes: Uint8Array): OfxStatement {
  const statements = parseOfxStatements(bytes);
  const [only] = statements;
  if (only && statements.length === 1) return only;
  const contas = statements.map((s) => `banco ${s.bancoId}, conta ${s.conta}`).join("; ");
  throw new OfxError(`O arquivo traz ${statements.length} extratos (${contas}); envie um arquivo por extrato.`);
}

// ---------------------------------------------------------------------------------------------
// Text

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const WINDOWS_1252 = new TextDecoder("windows-1252");

/**
 * The CHARSET header lies often enough (says 1252, is UTF-8; or the reverse) that the bytes
 * decide: valid UTF-8 is UTF-8, anything else is windows-1252 (a superset of latin-1's
 * printable range, so ISO-8859-1 files read the same).
 */
function decode(bytes: Uint8Array): string {
  // A UTF-8 BOM goes first, also before a latin-1 body (editors add one to anything).
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return UTF8.decode(body);
  } catch {
    return WINDOWS_1252.decode(body);
  }
}

function refuseNonOfx(text: string): void {
  if (text.trim() === "") throw new OfxError("O arquivo está vazio.");
  const start = text.trimStart();
  if (start.startsWith("%PDF")) {
    throw new OfxError("O arquivo é um PDF, não um extrato OFX: no site do banco, exporte o extrato no formato OFX (Money/Quicken).");
  }
  if (start.startsWith("PK\u0003\u0004")) {
    throw new OfxError("O arquivo é compactado (ZIP), não um extrato OFX: extraia o arquivo .ofx de dentro dele.");
  }
  const head = text.slice(0, ofxTagAt(text) ?? 4096);
  if (/<!doctype\s+html|<html[\s>]/i.test(head)) {
    throw new OfxError("O arquivo é uma página HTML (talvez a tela de login ou de erro do banco), não um extrato OFX.");
  }
  if (ofxTagAt(text) === null) {
    throw new OfxError("O arquivo não é um extrato OFX: não há a tag <OFX>.");
  }
}

function ofxTagAt(text: string): number | null {
  const m = /<OFX[\s>]/i.exec(text);
  return m ? m.index : null;
}

/** 1-based line of each offset; a line ends with CRLF, LF or a bare CR (old Mac files). */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) {
      starts.push(i + 1);
    }
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
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

function buildTree(text: string): Node {
  const lineOf = lineIndex(text);
  const root: Node = { name: "", line: 0, value: null, children: [] };
  const stack: Node[] = [root];
  const top = (): Node => stack[stack.length - 1] ?? root;
  const tagRe = /<(\/?)([A-Za-z_][\w.:-]*)[^<>]*?(\/?)>/y;
  // The header (OFXHEADER:100 lines, or <?xml?><?OFX?>) is not read: it says nothing we need
  // (CHARSET lies; see decode) and its absence is harmless.
  let pos = ofxTagAt(text) ?? 0;

  while (pos < text.length) {
    const lt = text.indexOf("<", pos);
    if (lt === -1) {
      if (text.slice(pos).trim() !== "") {
        throw new OfxError(`Texto solto após a última tag, na linha ${lineOf(pos)}: o arquivo parece corrompido.`);
      }
      break;
    }
    if (text.startsWith("<!--", lt) || text.startsWith("<?", lt) || text.startsWith("<!", lt)) {
      const close = text.startsWith("<!--", lt) ? "-->" : text.startsWith("<?", lt) ? "?>" : ">";
      const end = text.indexOf(close, lt);
      if (end === -1) throw cutAt(stack, lineOf(lt));
      pos = end + close.length;
      continue;
    }
    tagRe.lastIndex = lt;
    const m = tagRe.exec(text);
    if (!m) {
      if (text.indexOf(">", lt) === -1) throw cutAt(stack, lineOf(lt));
      throw new OfxError(`Tag malformada na linha ${lineOf(lt)}: ${JSON.stringify(text.slice(lt, lt + 30))}.`);
    }
    const [whole, slash, rawName = "", selfClose] = m;
    const name = rawName.toUpperCase();
    const line = lineOf(lt);
    pos = lt + whole.length;

    if (slash) {
      closeTag(stack, name, line);
      // Past </OFX> comes nothing we read (some banks pad files with NULs or blank lines).
      if (stack.length === 1) break;
      continue;
    }
    if (selfClose) {
      top().children.push({ name, line, value: "", children: [] });
      continue;
    }
    // Text up to the next tag decides: something → a leaf (SGML leaves are never closed, XML
    // ones are: skip a matching close); nothing → an aggregate or an empty leaf, known later.
    const next = text.indexOf("<", pos);
    const content = text.slice(pos, next === -1 ? text.length : next);
    if (content.trim() !== "") {
      top().children.push({ name, line, value: decodeEntities(content).trim(), children: [] });
      pos = next === -1 ? text.length : next;
      const closing = `</${name}>`;
      if (next !== -1 && text.slice(next, next + closing.length).toUpperCase() === closing) pos = next + closing.length;
      continue;
    }
    const node: Node = { name, line, value: null, children: [] };
    top().children.push(node);
    stack.push(node);
  }

  if (stack.length > 1) throw cutAt(stack, null);
  return root;
}

/**
 * Closes `name`; tags still open above it were empty leaves (SGML `<MEMO>` with nothing), so
 * their "children" are handed up to where they belong.
 */
function closeTag(stack: Node[], name: string, line: number): void {
  let at = stack.length - 1;
  while (at > 0 && stack[at]?.name !== name) at--;
  if (at === 0) throw new OfxError(`Tag de fechamento </${name}> na linha ${line} sem a abertura correspondente.`);
  while (stack.length - 1 > at) {
    const open = stack.pop();
    const parent = stack[stack.length - 1];
    if (!open || !parent) break;
    const moved = open.children;
    open.children = [];
    open.value = "";
    parent.children.push(...moved);
  }
  const closed = stack.pop();
  if (closed && closed.children.length === 0) closed.value = "";
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

function findAll(node: Node, name: string, into: Node[] = []): Node[] {
  for (const child of node.children) {
    if (child.name === name) into.push(child);
    else findAll(child, name, into);
  }
  return into;
}

function child(node: Node, name: string): Node | undefined {
  return node.children.find((c) => c.name === name);
}

/** A leaf's text; null when missing or empty. */
function leaf(node: Node, name: string): string | null {
  const value = child(node, name)?.value;
  return value ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Statement

function readStatement(stmt: Node): OfxStatement {
  const account = child(stmt, "BANKACCTFROM");
  if (!account) throw new OfxError(`O extrato (<STMTRS> na linha ${stmt.line}) não tem a conta: falta <BANKACCTFROM>.`);
  const bankId = leaf(account, "BANKID");
  if (!bankId) throw new OfxError(`A conta (<BANKACCTFROM> na linha ${account.line}) não tem o banco: falta <BANKID>.`);
  const conta = leaf(account, "ACCTID");
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
  const transacoes = list.children
    .filter((n) => n.name === "STMTTRN")
    .map((trn) => readTransaction(trn, ++ordinal));

  return {
    bancoId: normaliseBankId(bankId),
    agencia: leaf(account, "BRANCHID"),
    conta,
    moeda: leaf(stmt, "CURDEF"),
    periodoInicio: optionalDate(list, "DTSTART"),
    periodoFim: optionalDate(list, "DTEND"),
    saldo,
    transacoes,
  };
}

function readTransaction(trn: Node, ordinal: number): OfxTransaction {
  const who = `A ${ordinal}ª transação (<STMTTRN> na linha ${trn.line})`;
  const fitid = leaf(trn, "FITID");
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
    nome: leaf(trn, "NAME") ?? payeeName(trn),
    memo: leaf(trn, "MEMO"),
    trntype: (leaf(trn, "TRNTYPE") ?? "OTHER").toUpperCase(),
  };
}

function payeeName(trn: Node): string | null {
  const payee = child(trn, "PAYEE");
  return payee ? leaf(payee, "NAME") : null;
}

function amountOf(parent: Node, tag: string, who: string): number {
  const node = child(parent, tag);
  if (!node?.value) throw new OfxError(`${who} não tem <${tag}>, o valor.`);
  const cents = parseOfxAmount(node.value);
  if (cents === null) {
    throw new OfxError(`Valor inválido em <${tag}> na linha ${node.line}: ${JSON.stringify(node.value)}.`);
  }
  return cents;
}

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
  const digits = integer.replace(/[.,]/g, "");
  if (digits === "" && fraction === "") return null;
  const total = BigInt((digits || "0") + fraction.padEnd(2, "0"));
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) return null;
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
  const m = DATE_RE.exec(raw.trim());
  const [, y = "", mo = "", d = "", h, mi, s] = m ?? [];
  const month = Number(mo);
  const day = Number(d);
  const valid =
    m !== null &&
    month >= 1 && month <= 12 &&
    day >= 1 && day <= new Date(Date.UTC(Number(y), month, 0)).getUTCDate() &&
    (h === undefined || Number(h) <= 23) &&
    (mi === undefined || Number(mi) <= 59) &&
    (s === undefined || Number(s) <= 60);
  if (!valid) {
    const place = where ? ` em <${where.name}> na linha ${where.line}` : "";
    throw new OfxError(`Data inválida${place}: ${JSON.stringify(raw)}.`);
  }
  return `${y}-${mo}-${d}`;
}
