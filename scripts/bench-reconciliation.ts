// Bench rows for bank reconciliation (issue 19 budgets), on the `seed-demo --scale 50` database
// the binary is serving: importing and matching a 2,000-transaction OFX statement against its
// ~50,000 installments (in this process, through importStatement, the same code the route runs),
// then one page of that statement's transactions served by the binary.
import { openDatabase } from "../db/client";
import { SYSTEM } from "../src/api/history/record";
import { importStatement } from "../src/api/statements/service";
import { clock } from "../src/lib/clock";
import { load, ms, type Row } from "./bench-support";

interface Open {
  valor: number;
  due: string;
  nome: string;
}

/** A bank statement (OFX 1.x SGML) whose credits pay open receivables (most named), plus some debits and noise. */
function statementFor(open: Open[], count: number): Uint8Array {
  const lines = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "CHARSET:1252", "", "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL"];
  lines.push("<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>99999-9<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20261231");
  for (let i = 0; i < count; i++) {
    const o = open[i % open.length]!;
    const valor = i % 10 === 9 ? -((i * 37) % 50_000) - 100 : o.valor;
    const amount = `${valor < 0 ? "-" : ""}${Math.floor(Math.abs(valor) / 100)}.${String(Math.abs(valor) % 100).padStart(2, "0")}`;
    const name = i % 3 === 0 ? "PIX RECEBIDO" : `PIX ${o.nome.toUpperCase()}`;
    lines.push(`<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${o.due.replaceAll("-", "")}<TRNAMT>${amount}<FITID>B${i}<NAME>${name}</STMTTRN>`);
  }
  lines.push("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>");
  return new TextEncoder().encode(lines.join("\n"));
}

export async function benchReconciliation(base: string, cookie: string, dbPath: string, row: Row) {
  clock.timeZone = "America/Sao_Paulo";
  const db = openDatabase(dbPath);
  let statementId = 0;
  try {
    const open = db.$client
      .query(
        `SELECT r.valor, r.data_vencimento AS due, c.nome FROM receivables r JOIN clients c ON c.id = r.client_id
          WHERE r.status = 'em_aberto' AND r.data_vencimento <= date('now', '-1 day') ORDER BY r.id LIMIT 2000`,
      )
      .all() as Open[];
    const { n } = db.$client.query("SELECT count(*) AS n FROM receivables").get() as { n: number };
    const bytes = statementFor(open, 2000);
    const t0 = performance.now();
    const answer = await importStatement(db, SYSTEM, "bench.ofx", bytes);
    const elapsed = performance.now() - t0;
    statementId = answer.id;
    row(`import + match a 2,000-transaction OFX against ${n} installments (${answer.sugestoes} suggestions)`, ms(elapsed), "≤ 1 s");
  } finally {
    db.$client.close();
  }
  for (const path of [`/api/statements/${statementId}/transactions`, `/reconciliation?extrato=${statementId}&situacao=sugerida`]) {
    await load(base + path, cookie, 20, 1);
    const seq = await load(base + path, cookie, 100, 1);
    row(`GET ${path.replace(String(statementId), ":id")} (2,000 transactions): median / p99`, `${ms(seq.median)} / ${ms(seq.p99)}`, "median ≤ 25 ms");
  }
}
