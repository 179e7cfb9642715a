// GET /api/clients without parameters answers the whole register (issue 38 §3): up to 5,000
// clients read in the first slice as one array (src/http/stream.ts jsonArrayResponse), more
// streamed a slice of rows at a time; either way the text is exactly JSON.stringify of the
// clients GET /api/clients/:id answers (getClient: Drizzle and toClientJson, a path of its own),
// in pt-BR name order, and of the in-memory list (listClients).
import { beforeAll, expect, test } from "bun:test";
import { cnpjCheckDigits } from "../../lib/brazil";
import { useTestApp } from "../../../tests/support";
import { SYSTEM } from "../history/record";
import { createClient, getClient, listClients } from "./service";
import { clientSchema } from "./model";
import { registerSearchColumns } from "../../../db/search-columns";

const t = useTestApp();

/** The whole list's text, built apart from it: each client as its own GET answers it, in the list's order. */
function expectedList(): string {
  const ids = t.db.$client.query<{ id: number }, []>("select id from clients order by nome_ordem, id").all();
  const text = JSON.stringify(ids.map(({ id }) => getClient(t.db, id)));
  expect(JSON.stringify(listClients(t.db))).toBe(text);
  return text;
}

const cnpj = (n: number) => {
  const base = `${String(20_000_000 + n).padStart(8, "0")}0001`;
  return base + cnpjCheckDigits(base);
};

beforeAll(() => {
  // More than two of the stream's slices of rows (200 a slice), with what JSON escapes: quotes,
  // a backslash, accents; trials, blocked clients, clients with no URL.
  for (let n = 1; n <= 450; n++) {
    const parsed = clientSchema.parse({
      nome: n % 7 === 0 ? `Ótica "Visão" \\ ${n}` : `Empresa ${n} Comércio`,
      cnpj: cnpj(n),
      contato: "Maria Souza",
      telefone: "11987654321",
      email: `c${n}@cofre.test`,
      valorMensalidade: `${n}.${String(n % 100).padStart(2, "0")}`,
      codigoCliente: `C-${n}`,
      isTrial: n % 5 === 0,
      ...(n % 3 === 0 ? { url: `https://c${n}.com.br` } : {}),
    });
    createClient(t.db, SYSTEM, parsed);
  }
  t.db.$client.run("update clients set status_bloqueio = 1, bloqueio_origem = 'manual' where id % 11 = 0");
});

test("the whole list in one answer is the same text as the in-memory array's JSON, gzipped or not", async () => {
  const expected = expectedList();
  expect((JSON.parse(expected) as unknown[]).length).toBe(450);
  const plain = await t.api("/api/clients", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers.get("content-type")).toContain("application/json");
  expect(plain.headers.get("x-total-count")).toBeNull();
  expect(await plain.text()).toBe(expected);
  const gzipped = await t.api("/api/clients", { headers: { "accept-encoding": "gzip" } });
  expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(expected);
});

test("past 5,000 clients the list streams, and its text is still the in-memory array's, gzipped or not", async () => {
  // Written by SQL (a save each would take seconds), with the sort and search keys a save writes.
  const insert = t.db.$client.prepare(
    "insert into clients (nome, cnpj, contato, telefone, email, valor_mensalidade, codigo_cliente, is_trial, nao_enviar_cobrancas, nome_ordem, busca) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  t.db.$client.transaction(() => {
    for (let n = 451; n <= 5_600; n++) {
      const nome = n % 13 === 0 ? `Ótica\t"Nova"\n${n}` : `Cliente ${n} Ltda`;
      const columns = registerSearchColumns("clients", { nome, contato: "Ana", codigoCliente: `S-${n}`, email: `s${n}@cofre.test` });
      insert.run(nome, cnpj(n), "Ana", "11987654321", `s${n}@cofre.test`, n * 7, `S-${n}`, n % 4 === 0 ? 1 : 0, n % 6 === 0 ? 1 : 0, columns.nomeOrdem, columns.busca);
    }
  })();
  const expected = expectedList();
  expect((JSON.parse(expected) as unknown[]).length).toBe(5_600);
  const plain = await t.api("/api/clients", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers.get("content-type")).toContain("application/json");
  expect(await plain.text()).toBe(expected);
  const gzipped = await t.api("/api/clients", { headers: { "accept-encoding": "gzip" } });
  expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(expected);
});
