import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateOfx } from "../../tests/fixtures/ofx/generate";
import { MAX_OFX_DEPTH, MAX_OFX_TEXT, OFX_WORK_PER_YIELD, OfxError, ofxSteps, parseOfx, parseOfxAmount, parseOfxDate, parseOfxStatements, type OfxStatement } from "./ofx";

// Each quirk has its own small file in tests/fixtures/ofx (README there lists them).
const DIR = join(import.meta.dir, "../../tests/fixtures/ofx");
const fixture = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const read = (name: string) => parseOfx(fixture(name));
const sum = (s: OfxStatement) => s.transacoes.reduce((total, t) => total + t.valorCentavos, 0);

function refusal(name: string): string {
  try {
    parseOfxStatements(fixture(name));
  } catch (error) {
    expect(error).toBeInstanceOf(OfxError);
    return (error as OfxError).message;
  }
  throw new Error(`${name} was read, but should have been refused`);
}

describe("OFX 1.x SGML and OFX 2.x XML", () => {
  test("SGML with unclosed leaves, CHARSET 1252, latin-1 bytes, CRLF", () => {
    const s = read("sgml-1252.ofx");
    expect(s).toMatchObject({
      bancoId: "341",
      agencia: "1234",
      conta: "56789-0",
      moeda: "BRL",
      periodoInicio: "2026-11-01",
      periodoFim: "2026-11-30",
      saldo: { valorCentavos: 123456, data: "2026-11-30" },
    });
    expect(s.transacoes).toHaveLength(3);
    expect(sum(s)).toBe(144175);
    expect(s.transacoes[0]).toEqual({
      fitid: "20261103001",
      data: "2026-11-03",
      valorCentavos: -4590,
      tipo: "debito",
      nome: "Pagamento Padaria São João",
      memo: "Pão & café",
      trntype: "DEBIT",
    });
    expect(s.transacoes[1]?.memo).toBe("Conceição Açaí Ltda");
    // 0x80 is € in windows-1252 (a C1 control in strict ISO-8859-1).
    expect(s.transacoes[2]).toMatchObject({ nome: "Tarifa pacote serviços €", memo: null, tipo: "debito" });
  });

  test("XML with closed tags, UTF-8, entities (named and numeric), <MEMO></MEMO> and <MEMO/>", () => {
    const s = read("xml-utf8.ofx");
    expect(s).toMatchObject({ bancoId: "260", agencia: "0001", conta: "9876543-2", moeda: "BRL" });
    expect([s.periodoInicio, s.periodoFim]).toEqual(["2026-11-01", "2026-11-30"]);
    // LEDGERBAL, not AVAILBAL.
    expect(s.saldo).toEqual({ valorCentavos: 100000, data: "2026-11-30" });
    expect(s.transacoes).toHaveLength(3);
    expect(sum(s)).toBe(14510);
    expect(s.transacoes.map((t) => [t.nome, t.memo])).toEqual([
      ["Pagamento Padaria São João", null],
      ['Pix recebido "Zé" <Ltda>', "João & Maria 'Café' &c"],
      ["Tarifa", null],
    ]);
    expect(s.transacoes.map((t) => t.trntype)).toEqual(["DEBIT", "CREDIT", "FEE"]);
  });

  test("XML declared ISO-8859-1 with latin-1 bytes reads the same as the UTF-8 one", () => {
    expect(read("xml-latin1.ofx")).toEqual(read("xml-utf8.ofx"));
  });
});

describe("encodings: the bytes decide, not the CHARSET header", () => {
  test("says 1252, is UTF-8", () => {
    const s = read("charset-1252-but-utf8.ofx");
    expect(s.transacoes.map((t) => t.nome)).toEqual(["Pagamento Padaria São João", "Devolução Açaí"]);
    expect(s.transacoes).toHaveLength(2);
    expect(sum(s)).toBe(-3590);
    expect(s).toMatchObject({ bancoId: "237", agencia: "0123", conta: "0012345-6" });
  });

  test("says UTF-8, is latin-1", () => {
    const s = read("charset-utf8-but-latin1.ofx");
    expect(s.transacoes.map((t) => t.nome)).toEqual(["Pagamento Padaria São João", "Devolução Açaí"]);
    expect(s.transacoes).toHaveLength(2);
    expect(sum(s)).toBe(-3590);
    expect(s).toMatchObject({ bancoId: "033", agencia: "4321", conta: "01002003-4" });
  });
});

describe("amounts", () => {
  test("every spelling in one file, to the cent", () => {
    const s = read("amounts.ofx");
    expect(s.transacoes.map((t) => t.valorCentavos)).toEqual([
      600000000, // 6000.000,00
      -15254114, // -152541,14
      123456, // 1.234,56
      123456, // 1,234.56
      10000, // 100
      -550, // -5.5
      -725, // "   -7,25   "
      310, // +3.10
      -1, // -0,01
      123400, // 1.234 (three digits: thousands)
      -123456789, // -1,234,567.89
      -50, // -.50
    ]);
    expect(s.transacoes).toHaveLength(12);
    expect(sum(s)).toBe(461668393);
    expect(s.saldo).toEqual({ valorCentavos: -123456, data: "2026-11-30" });
  });

  test("the last '.' or ',' before 1–2 final digits is the decimal mark; the others group thousands", () => {
    const cases: [string, number | null][] = [
      ["0", 0],
      ["-0,00", 0],
      ["12,3", 1230],
      ["1 234,56", null], // spaces group nothing: a space inside is garbage
      ["1.234.567", 123456700],
      ["1.234.567,8", 123456780],
      ["1.234,567", null], // two kinds of thousands separator
      ["1.234.56", null], // the decimal mark also used for thousands
      ["1,,5", null],
      ["1.", null],
      ["", null],
      ["-", null],
      ["R$ 10,00", null],
      ["10,00-", null],
      ["1e3", null],
      ["0x10", null],
      ["90071992547409,91", 9007199254740991],
      ["90071992547409,92", null], // past Number.MAX_SAFE_INTEGER cents
      ["\u00a0-7,25\t", -725],
    ];
    for (const [raw, cents] of cases) expect([raw, parseOfxAmount(raw)]).toEqual([raw, cents]);
  });

  test("garbage is refused naming the tag and the line", () => {
    expect(refusal("garbage-amount.ofx")).toBe('Valor inválido em <TRNAMT> na linha 50: "12,34abc".');
  });
});

describe("dates", () => {
  test("with or without time, fraction and zone: the date as written (no zone shift); postings outside DTSTART–DTEND kept", () => {
    const s = read("dates.ofx");
    expect(s.transacoes.map((t) => t.data)).toEqual([
      "2026-11-05", // 20261105
      "2026-11-06", // 20261106120000
      "2026-11-07", // 20261107120000.000[-3:BRT]
      "2026-11-08", // 20261108120000[-03:EST]
      "2026-11-09", // 20261109000000[-3:GMT]
      "2026-11-10", // 20261110000000[0:GMT] (still the 10th, not São Paulo's 9th)
      "2026-10-31", // before DTSTART
      "2026-12-01", // after DTEND
    ]);
    expect([s.periodoInicio, s.periodoFim]).toEqual(["2026-11-01", "2026-11-30"]);
    expect(s.transacoes).toHaveLength(8);
    expect(sum(s)).toBe(-800);
  });

  test("calendar and shape are checked", () => {
    expect(parseOfxDate("20240229")).toBe("2024-02-29");
    expect(parseOfxDate(" 202611051200 ")).toBe("2026-11-05");
    expect(parseOfxDate("20261105120000.123456[+5.30:IST]")).toBe("2026-11-05");
    for (const bad of ["20250229", "20261131", "20261305", "2026110", "20261105250000", "2026-11-05", "20261105[BRT]", "20261105x"]) {
      expect(() => parseOfxDate(bad)).toThrow(OfxError);
    }
    expect(refusal("garbage-date.ofx")).toBe('Data inválida em <DTPOSTED> na linha 42: "05/11/2026".');
  });
});

describe("names, memos and line endings", () => {
  test("NAME and/or MEMO, empty MEMO open or closed (also mid-transaction), values trimmed", () => {
    const s = read("name-memo.ofx");
    expect(s.transacoes.map((t) => [t.fitid, t.nome, t.memo])).toEqual([
      ["N1", "Só nome", null],
      ["N2", null, "Só memo"],
      ["N3", "Nome", "Memo"],
      ["N4", "Memo vazio aberto", null],
      ["N5", "Com espaços", null],
      ["N6", "Memo vazio no meio", null],
    ]);
    expect(s.transacoes).toHaveLength(6);
    expect(sum(s)).toBe(-2100);
  });

  test("a BOM and 'OFXHEADER: 100' with a space", () => {
    const s = read("header-bom-space.ofx");
    expect(s).toMatchObject({ bancoId: "104", agencia: "0987", conta: "00012345-0" });
    expect(s.transacoes.map((t) => t.nome)).toEqual(["Com BOM e espaço", "Depósito"]);
    expect(sum(s)).toBe(1000);
  });

  test("lines ended by a bare CR (old Mac), line numbers counted right", () => {
    const s = read("bare-cr.ofx");
    expect(s).toMatchObject({ bancoId: "001", agencia: "1234-5", conta: "98765-4" });
    expect(s.transacoes).toHaveLength(2);
    expect(sum(s)).toBe(1050);
    expect(s.transacoes[1]?.nome).toBe("Crédito");
    expect(refusal("bare-cr-bad-amount.ofx")).toBe('Valor inválido em <TRNAMT> na linha 50: "R$ 30,50".');
  });
});

describe("accounts", () => {
  test("BANKID 1 → 001, no BRANCHID → null", () => {
    const s = read("bankid-1-no-branch.ofx");
    expect([s.bancoId, s.agencia, s.conta]).toEqual(["001", null, "12345-X"]);
    expect(sum(s)).toBe(-2000);
  });

  test("BANKID 0104 → 104, an empty <BRANCHID> → null", () => {
    const s = read("bankid-0104-empty-branch.ofx");
    expect([s.bancoId, s.agencia, s.conta]).toEqual(["104", null, "000123-4"]);
    expect(s.transacoes).toHaveLength(1);
  });
});

describe("transactions", () => {
  test("typed OTHER or PAYMENT: credit or debit from the sign alone; TRNTYPE kept", () => {
    const s = read("other-payment.ofx");
    expect(s.transacoes.map((t) => [t.trntype, t.valorCentavos, t.tipo])).toEqual([
      ["OTHER", -10000, "debito"],
      ["OTHER", 25000, "credito"],
      ["PAYMENT", -3000, "debito"],
      ["PAYMENT", 4510, "credito"],
    ]);
    expect(sum(s)).toBe(16510);
  });

  test("FITIDs kept exactly (free text with spaces and colons, 39 digits); a reused FITID keeps every posting", () => {
    const s = read("fitids.ofx");
    expect(s.transacoes.map((t) => t.fitid)).toEqual([
      "PIX 2026-11-05 10:32:11 E00000000202611051032",
      "202611050000000000000000000000000000001",
      "000123",
      "000123",
      "000123",
    ]);
    expect(s.transacoes).toHaveLength(5);
    expect(sum(s)).toBe(26000);
  });

  test("an empty BANKTRANLIST is an empty statement", () => {
    const s = read("empty-banktranlist.ofx");
    expect(s.transacoes).toEqual([]);
    expect(s.saldo).toEqual({ valorCentavos: 123456, data: "2026-11-30" });
  });
});

describe("several statements in one file", () => {
  // parseOfxStatements reads them all; parseOfx, which the import uses for one account,
  // refuses rather than pick one.
  test("parseOfxStatements returns each, in order", () => {
    const all = parseOfxStatements(fixture("two-statements.ofx"));
    expect(all.map((s) => [s.conta, s.transacoes.length, sum(s), s.saldo?.valorCentavos])).toEqual([
      ["11111-1", 1, -2000, 123456],
      ["22222-2", 2, 512, 50012],
    ]);
  });

  test("parseOfx refuses, naming the accounts", () => {
    expect(() => read("two-statements.ofx")).toThrow(
      new OfxError("O arquivo traz 2 extratos (banco 341, conta 11111-1; banco 341, conta 22222-2); envie um arquivo por extrato."),
    );
  });
});

describe("files refused whole, with the reason", () => {
  test("a credit-card statement", () => {
    expect(refusal("credit-card.ofx")).toBe(
      "Este arquivo é um extrato de cartão de crédito (<CCSTMTRS> na linha 29); a conciliação lê apenas extratos de conta bancária.",
    );
  });

  test("not OFX at all", () => {
    expect(refusal("empty.ofx")).toBe("O arquivo está vazio.");
    expect(refusal("page.html")).toBe("O arquivo é uma página HTML (talvez a tela de login ou de erro do banco), não um extrato OFX.");
    expect(refusal("statement.pdf")).toBe(
      "O arquivo é um PDF, não um extrato OFX: no site do banco, exporte o extrato no formato OFX (Money/Quicken).",
    );
    expect(refusal("extrato.csv")).toBe("O arquivo não é um extrato OFX: não há a tag <OFX>.");
    expect(() => parseOfx(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toThrow("O arquivo é compactado (ZIP)");
    expect(() => parseOfx(new TextEncoder().encode("\uFEFF \r\n"))).toThrow("O arquivo está vazio.");
  });

  test("cut mid-transaction", () => {
    expect(refusal("truncated.ofx")).toBe(
      "O arquivo termina antes de fechar <STMTTRN>, aberta na linha 47: parece cortado. Baixe o extrato do banco de novo.",
    );
    const cutAfterOpening = new TextEncoder().encode("<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<BANKTRANLIST>\n<STMTTRN>\n");
    expect(() => parseOfx(cutAfterOpening)).toThrow("O arquivo termina antes de fechar <STMTTRN>, aberta na linha 6");
    const cutInTag = new TextEncoder().encode("OFXHEADER:100\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<BANKTRANLIST>\n<STMTTRN>\n<TRNA");
    expect(() => parseOfx(cutInTag)).toThrow(
      new OfxError("O arquivo termina no meio de uma tag (linha 9) antes de fechar <STMTTRN>, aberta na linha 8: parece cortado. Baixe o extrato do banco de novo."),
    );
  });

  test("a transaction missing TRNAMT, DTPOSTED or FITID: which one, where", () => {
    expect(refusal("missing-trnamt.ofx")).toBe("A 2ª transação (<STMTTRN> na linha 47) não tem <TRNAMT>, o valor.");
    expect(refusal("missing-dtposted.ofx")).toBe("A 1ª transação (<STMTTRN> na linha 40) não tem <DTPOSTED>, a data do lançamento.");
    expect(refusal("missing-fitid.ofx")).toBe("A 3ª transação (<STMTTRN> na linha 54) não tem <FITID>, o identificador do lançamento.");
  });

  test("no BANKTRANLIST", () => {
    expect(refusal("no-banktranlist.ofx")).toBe(
      "O extrato (<STMTRS> na linha 29) não tem a lista de lançamentos: falta <BANKTRANLIST>.",
    );
  });

  test("a closing tag that closes nothing", () => {
    const stray = new TextEncoder().encode("<OFX>\n<BANKMSGSRSV1>\n</STMTTRN>\n</BANKMSGSRSV1>\n</OFX>\n");
    expect(() => parseOfx(stray)).toThrow(new OfxError("Tag de fechamento </STMTTRN> na linha 3 sem a abertura correspondente."));
  });
});

test("a generated 2,000-posting statement: exact count and sum", () => {
  const generated = generateOfx(2000);
  const started = performance.now();
  const s = parseOfx(generated.bytes);
  const ms = performance.now() - started;
  console.log(`parseOfx: ${generated.count} postings, ${(generated.bytes.length / 1024).toFixed(0)} KB in ${ms.toFixed(1)} ms`);
  expect(s.transacoes).toHaveLength(2000);
  expect(sum(s)).toBe(generated.sumCents);
  expect(generated.sumCents).toBe(98781000);
  expect(s.transacoes[1999]).toEqual({
    fitid: "2026001999",
    data: "2026-08-12",
    valorCentavos: 130081,
    tipo: "credito",
    nome: "Lançamento nº 2000",
    memo: "Conciliação & cia 1999",
    trntype: "CREDIT",
  });
  expect(s.transacoes.filter((t) => t.memo === null)).toHaveLength(667);
});

// Issue 31 §10–11 (DECISIONS §9): bounds, and hostile or broken files that cost no more than good ones.
describe("bounds: dates, amounts, text", () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  /** A statement whose one posting has `dtposted`/`trnamt`/`name`; the posting's tags are on lines 6–10. */
  const onePosting = ({ dtposted = "20261105", trnamt = "10.00", name = "PIX", fitid = "1", dtstart = "20261101" } = {}) =>
    encode(
      [
        "OFXHEADER:100",
        "",
        "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL",
        "<BANKACCTFROM><BANKID>341<ACCTID>1</BANKACCTFROM>",
        `<BANKTRANLIST><DTSTART>${dtstart}<DTEND>20261130`,
        "<STMTTRN>",
        `<DTPOSTED>${dtposted}`,
        `<TRNAMT>${trnamt}`,
        `<FITID>${fitid}`,
        `<NAME>${name}`,
        "</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
      ].join("\r\n"),
    );
  const refused = (bytes: Uint8Array) => {
    try {
      parseOfx(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(OfxError);
      return (error as Error).message;
    }
    throw new Error("read, but should have been refused");
  };

  test("a date outside 1900–2199 refuses the file, naming the tag and the line (9999, 0000, 0001 and 1000 alike)", () => {
    for (const [dtposted, shown] of [["99991231", "99991231"], ["00000101", "00000101"], ["00010101", "00010101"], ["10000101120000[-3:BRT]", "10000101120000[-3:BRT]"], ["18991231", "18991231"], ["22000101", "22000101"]]) {
      expect(refused(onePosting({ dtposted }))).toBe(`Data fora dos anos aceitos (1900 a 2199) em <DTPOSTED> na linha 7: ${JSON.stringify(shown)}.`);
    }
    expect(refused(onePosting({ dtstart: "00000101" }))).toBe('Data fora dos anos aceitos (1900 a 2199) em <DTSTART> na linha 5: "00000101".');
    expect(parseOfx(onePosting({ dtposted: "19000101" })).transacoes[0]?.data).toBe("1900-01-01");
    expect(parseOfx(onePosting({ dtposted: "21991231" })).transacoes[0]?.data).toBe("2199-12-31");
    // Year 0 is not read as 1900 by date math: 0000-02-29 is no date at all.
    expect(() => parseOfxDate("00000229")).toThrow(OfxError);
  });

  test("an amount above the money cap (R$ 999.999.999.999,99) refuses the file, naming the line; the cap itself is read", () => {
    expect(parseOfx(onePosting({ trnamt: "999999999999.99" })).transacoes[0]?.valorCentavos).toBe(99_999_999_999_999);
    expect(parseOfx(onePosting({ trnamt: "-999.999.999.999,99" })).transacoes[0]?.valorCentavos).toBe(-99_999_999_999_999);
    for (const trnamt of ["1000000000000.00", "90000000000000.00", "-1000000000000", "9".repeat(30), "1".repeat(100_000)]) {
      expect(refused(onePosting({ trnamt }))).toStartWith("Valor acima do limite de R$ 999.999.999.999,99 em <TRNAMT> na linha 8: ");
    }
    // Quoted short: a 100,000-digit amount is not repeated in the message.
    expect(refused(onePosting({ trnamt: "1".repeat(100_000) })).length).toBeLessThan(200);
  });

  test("text fields are cut at 255 characters (a 100,000-character NAME; a FITID too); a pair of surrogates is never split", () => {
    const s = parseOfx(onePosting({ name: "N".repeat(100_000), fitid: "F".repeat(300) }));
    expect(MAX_OFX_TEXT).toBe(255);
    expect(s.transacoes[0]?.nome).toBe("N".repeat(255));
    expect(s.transacoes[0]?.fitid).toBe("F".repeat(255));
    const emoji = parseOfx(onePosting({ name: `${"a".repeat(254)}😀tail` })).transacoes[0]?.nome;
    expect(emoji).toBe("a".repeat(254));
  });
});

describe("hostile or broken files: linear, bounded, never a crash", () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  const HEAD = "OFXHEADER:100\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>341<ACCTID>1</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20260131\r\n";
  const TAIL = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
  /** About `bytes` of file, the shape repeated: never-closed STMTTRNs, nested tags, one long tag, many leaves under few unclosed aggregates, a valid statement. */
  const SHAPES: Record<string, (bytes: number) => Uint8Array> = {
    "STMTTRN never closed": (bytes) => encode(HEAD + "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105<TRNAMT>10.00<FITID>1<NAME>X\r\n".repeat(bytes / 71) + TAIL),
    "nested tags": (bytes) => encode(HEAD + "<A>".repeat(bytes / 3) + TAIL),
    "one endless tag": (bytes) => encode(HEAD + "<" + "A".repeat(bytes) + "<B>" + TAIL),
    "leaves under 90 unclosed aggregates": (bytes) => encode(HEAD + "<G>".repeat(90) + "<L>1\r\n".repeat(bytes / 6) + TAIL),
    "a valid statement": (bytes) => generateOfx(Math.round(bytes / 165)).bytes,
  };

  /** Yields of ofxSteps: one per OFX_WORK_PER_YIELD units of work (characters, nodes moved, postings). */
  function work(bytes: Uint8Array): { yields: number; outcome: string } {
    const steps = ofxSteps(bytes);
    let yields = 0;
    try {
      for (let next = steps.next(); !next.done; next = steps.next()) yields++;
      return { yields, outcome: "lido" };
    } catch (error) {
      expect(error).toBeInstanceOf(OfxError);
      return { yields, outcome: (error as Error).message };
    }
  }

  /** `work` of a shape at a size, once per file: a 4 MB parse is ~0.3 s, and three tests read the same ones. */
  const measured = new Map<string, { yields: number; outcome: string }>();
  function workOf(shape: string, bytes: number): { yields: number; outcome: string } {
    const key = `${shape}:${bytes}`;
    let result = measured.get(key);
    if (!result) measured.set(key, (result = work(SHAPES[shape]!(bytes))));
    return result;
  }

  test.each(Object.keys(SHAPES))("%s: 1 MB and 4 MB are parsed or refused, the work growing linearly", (shape) => {
    const small = workOf(shape, 1_000_000);
    const large = workOf(shape, 4_000_000);
    expect(large.outcome).toBe(shape === "a valid statement" ? "lido" : large.outcome);
    // Four times the bytes: at most about four times the work (a quadratic parser does sixteen).
    expect(large.yields).toBeLessThanOrEqual(Math.max(4.5 * small.yields, 8));
  });

  test("a STMTTRN never closed is refused in pt-BR, naming it; a few of them are refused as postings without FITID", () => {
    expect(workOf("STMTTRN never closed", 1_000_000).outcome).toBe(
      "Tags abertas umas dentro das outras demais na linha 99 (mais de 100 níveis): o arquivo parece corrompido — a tag <STMTTRN> da linha 4 não foi fechada?",
    );
    expect(work(SHAPES["STMTTRN never closed"]!(71 * 5)).outcome).toBe("A 1ª transação (<STMTTRN> na linha 4) não tem <FITID>, o identificador do lançamento.");
  });

  test("700,000 nested tags are refused in pt-BR, not a stack overflow", () => {
    expect(MAX_OFX_DEPTH).toBe(100);
    expect(() => parseOfx(encode(HEAD + "<A>".repeat(700_000) + TAIL))).toThrow(
      new OfxError("Tags abertas umas dentro das outras demais na linha 4 (mais de 100 níveis): o arquivo parece corrompido — a tag <A> da linha 4 não foi fechada?"),
    );
    // As deep as allowed still reads (the empty tags are dissolved into the list).
    const deep = HEAD + "<STMTTRN><DTPOSTED>20260105<TRNAMT>1<FITID>1" + "<A>".repeat(90) + "</STMTTRN>" + TAIL;
    expect(parseOfx(encode(deep)).transacoes).toHaveLength(1);
  });

  test("work comes in small steps: a 4 MB file yields hundreds of times", () => {
    const { yields, outcome } = workOf("a valid statement", 4_000_000);
    expect(outcome).toBe("lido");
    expect(OFX_WORK_PER_YIELD).toBe(8_192);
    expect(yields).toBeGreaterThan(400);
  });
});
