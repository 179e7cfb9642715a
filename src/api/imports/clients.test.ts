import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { cnpjCheckDigits } from "../../lib/brazil";
import type { ImportPreview, ImportResult } from "./model";

// Today is Monday 16 November 2026 in São Paulo.
const t = useTestApp({
  tables: ["subscription_months", "subscriptions", "receivables", "history_events", "clients", "settings", "idempotency_keys"],
  now: "2026-11-16T10:00:00-03:00",
});

/** A valid CNPJ from a 12-digit base. */
const cnpj = (base: string) => base + cnpjCheckDigits(base);
const HEADER = "Nome;CNPJ;Código do cliente;Contato;Telefone;E-mail;Mensalidade";
const row = (i: number, fee = "1.234,56") => `Cliente ${i};${cnpj(String(10_000_000 + i).padStart(8, "0") + "0001")};C-${i};Pessoa ${i};(11) 98765-43${String(i % 100).padStart(2, "0")};c${i}@exemplo.com.br;${fee}`;
const csv = (lines: string[], eol = "\r\n") => lines.join(eol) + eol;
const utf8 = (text: string) => new TextEncoder().encode(text);

async function send(bytes: Uint8Array | string, options: { confirm?: boolean; name?: string } = {}): Promise<Response> {
  const data = (typeof bytes === "string" ? utf8(bytes) : bytes) as Uint8Array<ArrayBuffer>;
  const form = new FormData();
  form.append("arquivo", new File([data], options.name ?? "clientes.csv", { type: "text/csv" }));
  return t.app.handle(
    new Request(`http://cofre.test/api/clients/import${options.confirm ? "?confirmar=1" : ""}`, { method: "POST", headers: { cookie: t.cookie, host: "cofre.test" }, body: form }),
  );
}

async function preview(bytes: Uint8Array | string, name?: string): Promise<ImportPreview> {
  const response = await send(bytes, { name });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body as ImportPreview;
}

const count = (table: string) => (t.db.$client.query(`select count(*) n from ${table}`).get() as { n: number }).n;

describe("preview", () => {
  test("reads every row, writes nothing, and says what is wrong per line in SPEC's words", async () => {
    const file = csv([HEADER, row(1), `;${cnpj("112223330001").slice(0, 13)}9;C-2;;(11) 98765-4321;nao-e-email;`, row(3, "abc")]);
    const answer = await preview(file);
    expect(answer.linhas).toBe(3);
    expect(answer.validas).toBe(1);
    expect(answer.erros).toEqual(
      expect.arrayContaining([
        { linha: 3, campo: "Nome", mensagem: "Nome é obrigatório" },
        { linha: 3, campo: "CNPJ", mensagem: "CNPJ inválido" },
        { linha: 3, campo: "Contato", mensagem: "Contato é obrigatório" },
        { linha: 3, campo: "E-mail", mensagem: "Email inválido" },
        { linha: 3, campo: "Mensalidade", mensagem: "Valor de mensalidade é obrigatório para clientes não-trial" },
        { linha: 4, campo: "Mensalidade", mensagem: "Valor inválido" },
      ]),
    );
    expect(answer.clientes[0]).toMatchObject({ linha: 2, nome: "Cliente 1", valorMensalidade: "1234.56", valida: true });
    expect(count("clients")).toBe(0);
    expect(count("history_events")).toBe(0);
  });

  test("CNPJ: digits a spreadsheet shortened get their zeros back; punctuated and alphanumeric ones are kept", async () => {
    const zeros = cnpj("001234560001");
    const alpha = "12ABC34501DE" + cnpjCheckDigits("12ABC34501DE");
    const file = csv([HEADER, `A;${Number(zeros)};A-1;Ana;(11) 3333-4444;a@a.com.br;100`, `B;${alpha.toLowerCase()};B-1;Bia;(11) 3333-4445;b@b.com.br;100`, `C;1,23457E+13;C-1;Cia;(11) 3333-4446;c@c.com.br;100`]);
    const answer = await preview(file);
    expect(String(Number(zeros)).length).toBeLessThan(14);
    expect(answer.clientes.map((c) => c.cnpj).slice(0, 2)).toEqual([zeros, alpha]);
    expect(answer.erros).toEqual([{ linha: 4, campo: "CNPJ", mensagem: "CNPJ em notação científica (1,23E+13): formate a coluna como texto e digite-o de novo" }]);
  });

  test("duplicates within the file and against the register (CNPJ, código whatever its case)", async () => {
    expect((await t.api("/api/clients", { method: "POST", body: PADARIA })).status).toBe(201);
    const file = csv([
      HEADER,
      row(1),
      row(1).replace("C-1", "C-9"),
      `Outra;${PADARIA.cnpj};X-1;Ana;(11) 3333-4444;a@a.com.br;100`,
      `Mais uma;${cnpj("998887770001")};pao-001;Ana;(11) 3333-4444;a@a.com.br;100`,
    ]);
    const { erros } = await preview(file);
    expect(erros).toEqual([
      { linha: 3, campo: "CNPJ", mensagem: "CNPJ repetido no arquivo (linha 2)" },
      { linha: 4, campo: "CNPJ", mensagem: "CNPJ já cadastrado" },
      { linha: 5, campo: "Código do cliente", mensagem: "Código do cliente já existe" },
    ]);
  });

  test("encodings and separators: Windows-1252 bytes, UTF-8 with BOM, ',' with quoted cells holding commas and line breaks", async () => {
    // "Ótica São João;…" in Windows-1252: Ó = 0xD3, ã = 0xE3, ç = 0xE7.
    const latin = `Código do Cliente;NOME;cnpj;contato;telefone;email;mensalidade\r\nOT-1;Ótica São João;${cnpj("112223330001")};Conceição;(11) 3333-4444;o@o.com.br;99,90\r\n`;
    const bytes = new Uint8Array([...latin].map((c) => c.charCodeAt(0)));
    expect(bytes.includes(0xd3)).toBe(true);
    const fromLatin = await preview(bytes);
    expect(fromLatin).toMatchObject({ codificacao: "windows-1252", separador: ";", validas: 1 });
    expect(fromLatin.clientes[0]).toMatchObject({ nome: "Ótica São João", codigoCliente: "OT-1", valorMensalidade: "99.90" });

    const bom = await preview(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(csv([HEADER, row(1)]))]));
    expect(bom).toMatchObject({ codificacao: "utf-8", validas: 1 });

    const comma = csv([HEADER.replaceAll(";", ","), `"Silva, Souza & Cia",${cnpj("112223330001")},S-1,"Ana\nMaria",(11) 3333-4444,s@s.com.br,"1.500,00"`]);
    const fromComma = await preview(comma);
    expect(fromComma).toMatchObject({ separador: ",", validas: 1, erros: [] });
    expect(fromComma.clientes[0]).toMatchObject({ nome: "Silva, Souza & Cia", valorMensalidade: "1500.00" });
  });

  test("a file that is not the clients' CSV is refused whole in pt-BR, and nothing is written", async () => {
    const refused = async (bytes: Uint8Array | string, name?: string) => {
      const response = await send(bytes, { name, confirm: true });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    const xlsx = await refused(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0]), "clientes.xlsx");
    expect(xlsx.status).toBe(400);
    expect(xlsx.message).toContain("salve como CSV");
    expect(await refused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), "foto.csv")).toEqual({ status: 400, message: "O arquivo não é um CSV: envie a planilha salva como CSV" });
    const wrong = await refused(csv(["Razão;Documento", "a;b"]));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe(
      'Cabeçalho inválido: faltam as colunas "Nome", "CNPJ", "Código do cliente", "Contato", "Telefone", "E-mail", "Mensalidade"; colunas desconhecidas: "Razão", "Documento". A primeira linha deve ter os nomes das colunas do modelo (modelo-clientes.csv).',
    );
    const wide = await refused(csv([Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(";"), "a"]));
    expect(wide).toMatchObject({ status: 400, message: expect.stringContaining("colunas demais") });
    expect(await refused(csv([HEADER]))).toEqual({ status: 400, message: "O arquivo não tem clientes: só o cabeçalho" });
    expect(await refused(`${HEADER}\r\n"Aberta;${cnpj("112223330001")}`)).toMatchObject({ status: 400, message: "O arquivo não é um CSV válido: Aspas abertas na linha 2 não foram fechadas" });
    const tooMany = await refused(csv([HEADER, ...Array.from({ length: 5_001 }, (_, i) => row(i + 1))]));
    expect(tooMany).toEqual({ status: 400, message: "O arquivo tem mais de 5.000 clientes: divida-o em arquivos menores" });
    expect(count("clients")).toBe(0);
  });

  test("20 MB is refused by the route's own limit (413), before the file is read", async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 70 * 1024).fill(0x41);
    const response = await send(big);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Arquivo muito grande: o limite é 20 MB" });
    // Another route keeps the 64 KB limit.
    const other = await t.app.handle(new Request("http://cofre.test/api/clients", { method: "POST", headers: { cookie: t.cookie, host: "cofre.test", "content-type": "application/json" }, body: "x".repeat(70 * 1024) }));
    expect(other.status).toBe(413);
  });

  test("the template has the columns the import reads, and reads back as a valid preview", async () => {
    const response = await t.api("/clients/import/modelo-clientes.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("modelo-clientes.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const answer = await preview(bytes);
    expect(answer).toMatchObject({ linhas: 1, validas: 1, erros: [], assinaturas: 1 });
    // Dia 10 and no Início: the first month whose due date has not passed (the single dialog's default).
    expect(answer.clientes[0]!.assinatura).toEqual({ diaVencimento: 10, inicio: "2026-12", trialAte: null });
  });
});

describe("import", () => {
  test("all or nothing: one wrong row is a 422 with the preview's errors and writes nothing", async () => {
    const response = await send(csv([HEADER, row(1), row(2, "")]), { confirm: true });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ImportPreview & { message: string };
    expect(body.message).toBe("Nada foi importado: 1 erro no arquivo. Corrija a planilha e envie de novo.");
    expect(body.erros).toEqual([{ linha: 3, campo: "Mensalidade", mensagem: "Valor de mensalidade é obrigatório para clientes não-trial" }]);
    expect(count("clients")).toBe(0);
    expect(count("history_events")).toBe(0);
  });

  test("writes every client with its event, starts the subscriptions asked for, and records the import", async () => {
    const header = `${HEADER};Trial;Dia de vencimento;Início;Trial até`;
    const file = csv([
      header,
      `${row(1)};;;;`,
      `${row(2, "")};Sim;;;`,
      // Started in September: three months already overdue (5/9, 5/10, 5/11), generated by the start.
      `${row(3, "200,00")};;5;09/2026;`,
      // LibreOffice pt-BR writes a date cell with a two-digit year.
      `${row(4, "300,00")};Sim;20;;31/12/26`,
    ]);
    const before = await preview(file);
    expect(before.erros).toEqual([]);
    expect(before.clientes[2]!.atrasadas).toEqual({ quantidade: 3, total: "600.00" });
    expect(before.clientes[3]).toMatchObject({ isTrial: true, assinatura: { diaVencimento: 20, inicio: "2026-11", trialAte: "2026-12-31" } });

    const response = await send(file, { confirm: true, name: "planilha.csv" });
    expect(response.status).toBe(201);
    const result = (await response.json()) as ImportResult;
    expect(result).toMatchObject({ message: "4 clientes importados; 2 assinaturas iniciadas", importados: 4, assinaturas: 2 });
    const stored = t.db.$client.query("select codigo_cliente c, valor_mensalidade v, is_trial t from clients order by codigo_cliente").all();
    expect(stored).toEqual([
      { c: "C-1", v: 123456, t: 0 },
      { c: "C-2", v: 0, t: 1 },
      { c: "C-3", v: 20000, t: 0 },
      { c: "C-4", v: 30000, t: 1 },
    ]);
    expect(t.db.$client.query("select competencia from receivables order by competencia").all()).toEqual([{ competencia: "2026-09" }, { competencia: "2026-10" }, { competencia: "2026-11" }]);
    const events = t.db.$client.query("select action, entity, label from history_events where action in ('create', 'import') order by id").all() as { action: string; entity: string; label: string }[];
    expect(events.filter((e) => e.action === "create" && e.entity === "client")).toHaveLength(4);
    expect(events.filter((e) => e.action === "create" && e.entity === "subscription")).toHaveLength(2);
    expect(events.at(-1)).toEqual({ action: "import", entity: "client", label: "planilha.csv" });
    // The history says it in one sentence (the panel, /history and its CSV alike).
    const history = (await (await t.api("/api/history?porPagina=100")).json()) as { texto: string }[];
    expect(history.map((h) => h.texto).filter((text) => text.includes("importou"))).toEqual(["financeiro@cofre.test importou 4 clientes do arquivo planilha.csv e iniciou 2 assinaturas"]);

    // The same file again: every row is now a duplicate; nothing more is written.
    const again = await send(file, { confirm: true });
    expect(again.status).toBe(422);
    expect(count("clients")).toBe(4);
  });

  test("a subscription's own rules refuse the row: a trial client needs 'Trial até', a day out of 1–31", async () => {
    const header = `${HEADER};Trial;Dia de vencimento;Início;Trial até`;
    const { erros } = await preview(csv([header, `${row(1)};Sim;10;;`, `${row(2)};;32;12/2026;`, `${row(3)};;10;13/2026;`]));
    expect(erros).toEqual([
      { linha: 2, campo: "Trial até", mensagem: 'Cliente em trial: preencha "Trial até" para iniciar a assinatura (o trial é o da assinatura)' },
      { linha: 3, campo: "Dia de vencimento", mensagem: "Dia de vencimento deve ser um número de 1 a 31" },
      { linha: 4, campo: "Início", mensagem: "Início inválido: use MM/AAAA" },
    ]);
  });
});

describe("all or nothing, on the writer thread", () => {
  const header = `${HEADER};Dia de vencimento`;

  test("a row that fails inside the transaction, midway (a rule of the database), leaves nothing written: no client, no subscription, no event", async () => {
    // The third client's insert is refused by the database itself, after two were written in the transaction.
    t.db.$client.exec("CREATE TRIGGER test_refuse_c3 BEFORE INSERT ON clients WHEN new.codigo_cliente = 'C-3' BEGIN SELECT RAISE(ABORT, 'recusado pelo teste'); END");
    try {
      const response = await send(csv([header, `${row(1)};10`, `${row(2)};10`, `${row(3)};10`, `${row(4)};10`]), { confirm: true });
      expect(response.status).toBe(500);
      expect(count("clients")).toBe(0);
      expect(count("subscriptions")).toBe(0);
      expect(count("history_events")).toBe(0);
    } finally {
      t.db.$client.exec("DROP TRIGGER test_refuse_c3");
    }
    // The same file imports whole once the database takes it.
    const again = await send(csv([header, `${row(1)};10`, `${row(2)};10`, `${row(3)};10`, `${row(4)};10`]), { confirm: true });
    expect(again.status).toBe(201);
    expect(count("clients")).toBe(4);
    expect(count("subscriptions")).toBe(4);
  });

  test("a client with the same CNPJ saved after the file was checked is found inside the transaction: the whole import is refused (422) and nothing of it written", async () => {
    const { importClients } = await import("./clients");
    const { SYSTEM } = await import("../history/record");
    const file = utf8(csv([HEADER, row(1), row(2), row(3)]));
    // The file is read and checked up to its first turn of the event loop (the register's keys
    // included); the client saved now is not in what the check read.
    const importing = importClients(t.db, SYSTEM, file, "clientes.csv", 0);
    const second = /^[^;]*;([^;]*);/.exec(row(2))![1]!;
    t.db.$client.run(
      "INSERT INTO clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, created_at, updated_at) VALUES ('Salvo agora', ?, 'Ana', '11987654321', 'a@b.com.br', 100, 'OUTRO', '2026-11-16T13:00:00.000Z', '2026-11-16T13:00:00.000Z')",
      [second],
    );
    const refused = await importing.then(
      () => null,
      (error: { status: number; preview: ImportPreview }) => error,
    );
    expect(refused?.status).toBe(422);
    expect(refused?.preview.erros).toEqual([{ linha: 3, campo: "CNPJ", mensagem: "CNPJ já cadastrado" }]);
    expect(t.db.$client.query("select nome from clients").all()).toEqual([{ nome: "Salvo agora" }]);
    expect(count("history_events")).toBe(0);
  });

  test("a client saved by another request while the import runs waits for it (the loop free), then meets the imported CNPJ: 409, and the import is whole", async () => {
    const { writingOffLoop } = await import("../../http/writer");
    const { BUSY_TIMEOUT_MS, BUSY_WHILE_WORKER_MS } = await import("../../../db/client");
    const busyTimeout = () => (t.db.$client.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout;
    const lines = [header, ...Array.from({ length: 300 }, (_, i) => `${row(i + 1)};${(i % 28) + 1}`)];
    const importing = send(csv(lines), { confirm: true });
    while (!writingOffLoop()) await Bun.sleep(1);
    // Meanwhile the server's own writes wait at most BUSY_WHILE_WORKER_MS for the thread's lock.
    expect(busyTimeout()).toBe(BUSY_WHILE_WORKER_MS);
    const same = /^[^;]*;([^;]*);/.exec(row(150))![1]!;
    const created = await t.api("/api/clients", { method: "POST", body: { ...PADARIA, cnpj: same, codigoCliente: "OUTRO-1" } });
    // It ran after the import's transaction: the CNPJ is the import's now.
    expect(writingOffLoop()).toBe(false);
    expect(created.status).toBe(409);
    expect((await importing).status).toBe(201);
    expect(count("clients")).toBe(300);
    expect(busyTimeout()).toBe(BUSY_TIMEOUT_MS);
    // One event per client, one per subscription started, one per month it generated, one for the import.
    const events = t.db.$client.query("select entity, action, count(*) n from history_events group by entity, action order by entity, action").all();
    expect(events).toEqual([
      { entity: "client", action: "create", n: 300 },
      { entity: "client", action: "import", n: 1 },
      { entity: "installment", action: "subscription_generate", n: count("receivables") },
      { entity: "subscription", action: "create", n: 300 },
    ]);
  });
  test("the thread is kept for the job that follows and ended once idle: a quiet server holds no writer thread", async () => {
    const { writerThreadAlive, writerThreadOptions, writerThreadsStarted } = await import("../../http/writer");
    const idleMs = writerThreadOptions.idleMs;
    try {
      const before = writerThreadsStarted();
      const aliveBefore = writerThreadAlive();
      expect((await send(csv([HEADER, row(1)]), { confirm: true })).status).toBe(201);
      expect(writerThreadAlive()).toBe(true);
      expect(writerThreadsStarted()).toBe(before + (aliveBefore ? 0 : 1));
      // The next job, and one refused inside the thread (a CNPJ already there: 422), run on the same thread.
      writerThreadOptions.idleMs = 20;
      expect((await send(csv([HEADER, row(1)]), { confirm: true })).status).toBe(422);
      expect((await send(csv([HEADER, row(2)]), { confirm: true })).status).toBe(201);
      expect(writerThreadsStarted()).toBe(before + (aliveBefore ? 0 : 1));
      // Quiet for idleMs: ended (its heap with it); the next job starts another.
      for (let waited = 0; writerThreadAlive() && waited < 10_000; waited += 5) await Bun.sleep(5);
      expect(writerThreadAlive()).toBe(false);
      expect((await send(csv([HEADER, row(3)]), { confirm: true })).status).toBe(201);
      expect(writerThreadsStarted()).toBe(before + (aliveBefore ? 1 : 2));
      expect(count("clients")).toBe(3);
    } finally {
      writerThreadOptions.idleMs = idleMs;
    }
  });
});

test("a start that bills months already overdue blocks its client in the same import (the automatic rule, run once for the file)", async () => {
  const header = `${HEADER};Dia de vencimento;Início`;
  const response = await send(csv([header, `${row(1)};5;09/2026`, `${row(2)};20;`]), { confirm: true });
  expect(response.status).toBe(201);
  expect(t.db.$client.query("select codigo_cliente c, status_bloqueio b, bloqueio_origem o from clients order by codigo_cliente").all()).toEqual([
    { c: "C-1", b: 1, o: "automatico" },
    { c: "C-2", b: 0, o: null },
  ]);
  expect(t.db.$client.query("select label from history_events where action = 'auto_block'").all()).toEqual([{ label: "Cliente 1" }]);
});
