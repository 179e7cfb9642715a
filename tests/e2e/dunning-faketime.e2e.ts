import { expect, test } from "bun:test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../../db/client";
import { DEFAULT_DUNNING } from "../../src/api/dunning/model";
import { cnpjCheckDigits } from "../../src/lib/brazil";
import { isBusinessDay } from "../../src/lib/business-days";
import { addDays } from "../../src/lib/dates";
import { BASE_ENV, cofreCommand, databaseWithUser } from "../serve";
import { ADMIN } from "../support";

// The régua's calendar with the process's own clock moved (issue 33, "Tests with real parts"):
// `cofre serve` (the bundle the binary carries) started under Debian's faketime (libfaketime,
// LD_PRELOAD: Bun's Date.now and clock_gettime follow it), one start per day, each asked to run
// the day (POST /api/dunning/run without a date: the day is the server's own today()). The steps,
// worked by hand from DECISIONS §8, skip Carnaval Monday and Tuesday (8–9 February 2027), the
// weekends and Tiradentes (Wednesday 21 April 2027, a national holiday); Ash Wednesday counts.
// libfaketime preloaded directly, as the `faketime` wrapper would, but without the wrapper's named
// semaphore: a server this test kills leaves that semaphore behind, and a later process given the
// same PID then fails to start ("sem_open: File exists").
const LIBFAKETIME = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"].find((path) => existsSync(path));
const SLOW = 600_000;

/** `cofre serve` with its clock at `day` 10:00 in São Paulo (13:00 UTC), until it listens. */
async function serveOn(day: string, path: string) {
  const proc = Bun.spawn(await cofreCommand("serve"), {
    // "@…": the clock starts at that instant and runs on from there.
    env: { ...BASE_ENV, LD_PRELOAD: LIBFAKETIME!, FAKETIME: `@${day} 13:00:00`, TZ: "UTC", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: path },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let output = "";
  while (!/http:\/\/127\.0\.0\.1:\d+/.test(output)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${output}${await new Response(proc.stderr).text()}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const url = output.match(/http:\/\/127\.0\.0\.1:\d+/)![0];
  // A new day's start runs its daily jobs 200 ms after listening: on a busy machine a sign-in may
  // meet their write lock and get the documented 503 with Retry-After — as a person would, try again.
  let login = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  for (let tries = 0; login.status === 503 && tries < 20; tries++) {
    await Bun.sleep(250);
    login = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  }
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const call = async (route: string, body: object, method = "POST") => {
    const send = () => fetch(`${url}${route}`, { method, headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
    let response = await send();
    // The documented busy answer (503, Retry-After) while a daily job's slice holds the lock: again.
    for (let tries = 0; response.status === 503 && tries < 20; tries++) response = await Bun.sleep(250).then(send);
    return { status: response.status, json: (await response.json()) as any };
  };
  return {
    call,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

test.skipIf(!LIBFAKETIME)("under faketime, day by day: the steps fall on §8's business days across Carnaval and Tiradentes", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "cofre-faketime-")), "app.db");
  await databaseWithUser(path, ADMIN);
  const first = await serveOn("2027-01-29", path);
  const ids: Record<string, number> = {};
  try {
    const company = { empresa: "Cofre Serviços Ltda", cidade: "Campinas", chavePix: "financeiro@cofre.com.br", modeloMensagem: "", cnpjEmpresa: "11.444.777/0001-61", enderecoEmpresa: "Rua das Acácias, 123, Campinas/SP" };
    expect((await first.call("/api/settings", company, "PUT")).status).toBe(200);
    // D−5, D0, D+3, D+7 by WhatsApp (no SMTP needed), no repeats after D+7.
    const etapas = DEFAULT_DUNNING.etapas.map((e) => ({ ...e, canal: "whatsapp", assunto: "" }));
    expect((await first.call("/api/dunning", { ...DEFAULT_DUNNING, etapas, repetirCadaDias: 0, ativa: true }, "PUT")).status).toBe(200);
    // One client per installment: each message is one installment's step.
    const dues = { fridayAfterCarnaval: "2027-02-12", carnavalTuesday: "2027-02-09", fridayAfterTiradentes: "2027-04-23", tiradentes: "2027-04-21" };
    let n = 0;
    for (const [name, due] of Object.entries(dues)) {
      const base = String(50_000_000 + n).padStart(8, "0") + "0001";
      const client = await first.call("/api/clients", { nome: `Cliente ${name}`, cnpj: base + cnpjCheckDigits(base), contato: "Maria", telefone: `(11) 98765-432${n}`, email: `c${n}@exemplo.com.br`, valorMensalidade: "150.00", codigoCliente: `FT-${n++}`, isTrial: false });
      expect(client.status).toBe(201);
      const generated = await first.call("/api/installments/generate", { clientId: client.json.id, numParcelas: 1, valor: "150.00", primeiroVencimento: due, descricao: "Mensalidade" });
      expect(generated.status).toBe(201);
    }
  } finally {
    await first.stop();
  }
  const db = openDatabase(path);
  for (const row of db.$client.query("SELECT r.id, c.nome FROM receivables r JOIN clients c ON c.id = r.client_id").all() as { id: number; nome: string }[]) ids[row.nome.replace("Cliente ", "")] = row.id;

  // Carnaval's weeks, then Tiradentes' (the server is off in between: nothing is due then).
  const days: string[] = [];
  for (let d = "2027-01-29"; d <= "2027-02-26"; d = addDays(d, 1)) days.push(d);
  for (let d = "2027-04-09"; d <= "2027-05-05"; d = addDays(d, 1)) days.push(d);
  for (const day of days) {
    const server = await serveOn(day, path);
    try {
      const answer = await server.call("/api/dunning/run", {});
      expect(answer.status).toBe(200);
      // The server's own today() is the faked day: libfaketime reached Bun's clock.
      expect(answer.json.data).toBe(day);
    } finally {
      await server.stop();
    }
  }

  const sent = (id: number) => (db.$client.query("SELECT etapa, data FROM mensagem_parcelas WHERE receivable_id = ? ORDER BY data").all(id) as { etapa: string; data: string }[]).map((r) => `${r.etapa} ${r.data}`);
  // Due Friday 12 Feb: D−5 skips Carnaval (8, 9) and the weekend; D+3 and D+7 count Ash Wednesday.
  expect(sent(ids.fridayAfterCarnaval!)).toEqual(["D-5 2027-02-03", "D0 2027-02-12", "D+3 2027-02-17", "D+7 2027-02-23"]);
  // Due on Carnaval Tuesday: the bank's due date is Ash Wednesday (10), and the steps count from it.
  expect(sent(ids.carnavalTuesday!)).toEqual(["D-5 2027-02-01", "D0 2027-02-10", "D+3 2027-02-15", "D+7 2027-02-19"]);
  // Due Friday 23 April: D−5 skips Tiradentes (Wednesday 21) and the weekend.
  expect(sent(ids.fridayAfterTiradentes!)).toEqual(["D-5 2027-04-15", "D0 2027-04-23", "D+3 2027-04-28", "D+7 2027-05-04"]);
  // Due on Tiradentes: counted from Thursday 22.
  expect(sent(ids.tiradentes!)).toEqual(["D-5 2027-04-14", "D0 2027-04-22", "D+3 2027-04-27", "D+7 2027-05-03"]);
  for (const { data } of db.$client.query("SELECT DISTINCT data FROM mensagens").all() as { data: string }[]) expect(isBusinessDay(data)).toBe(true);
  closeDatabase(db);
}, SLOW);
