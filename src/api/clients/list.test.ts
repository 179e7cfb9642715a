// GET /api/clients with the list's URL parameters (DECISIONS §5): one page in SQL, the total in
// X-Total-Count, pt-BR natural order, accent-insensitive search; no parameters: the whole array.
import { beforeAll, describe, expect, test } from "bun:test";
import { cnpjCheckDigits } from "../../lib/brazil";
import { useTestApp } from "../../../tests/support";
import { SYSTEM } from "../history/record";
import { createClient } from "./service";
import { CLIENT_SORTS, clientSchema, type ClientJson } from "./model";

const t = useTestApp();
const api = (path: string) => t.api(path);

/** A valid CNPJ for the n-th test client. */
const cnpj = (n: number) => {
  const base = `${String(10_000_000 + n).padStart(8, "0")}0001`;
  return base + cnpjCheckDigits(base);
};

let added = 0;
function add(nome: string, extra: Partial<Record<string, unknown>> = {}) {
  const n = ++added;
  const parsed = clientSchema.safeParse({
    nome,
    cnpj: cnpj(n),
    contato: "Maria Souza",
    telefone: "11987654321",
    email: `c${n}@cofre.test`,
    valorMensalidade: "100.00",
    codigoCliente: `C-${n}`,
    ...extra,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return createClient(t.db, SYSTEM, parsed.data);
}

beforeAll(() => {
  for (const nome of ["Cliente 10", "Cliente 2", "Ávila Materiais", "Avila Tintas", "cliente 1", "Zebra Transportes"]) add(nome);
  add("Padaria Pão Quente", { contato: "João Lima", codigoCliente: "PPQ-77", email: "financeiro@paoquente.com.br", valorMensalidade: "355.00" });
  add("Ótica Visão Clara", { isTrial: true, cnpj: "12ABC34501DE35" });
  const blocked = add("Mercado Bom Preço", { valorMensalidade: "99.90" });
  t.db.$client.query("update clients set status_bloqueio = 1 where id = ?").run(blocked.id);
});

const names = async (path: string) => ((await (await api(path)).json()) as ClientJson[]).map((c) => c.nome);

describe("GET /api/clients as a list page", () => {
  test("without parameters: every client as an array in pt-BR natural order, no total header", async () => {
    const response = await api("/api/clients");
    expect(response.headers.get("x-total-count")).toBeNull();
    expect(await names("/api/clients")).toEqual([
      "Ávila Materiais",
      "Avila Tintas",
      "cliente 1",
      "Cliente 2",
      "Cliente 10",
      "Mercado Bom Preço",
      "Ótica Visão Clara",
      "Padaria Pão Quente",
      "Zebra Transportes",
    ]);
  });

  test("pagina/porPagina give one page and the total", async () => {
    const response = await api("/api/clients?pagina=2&porPagina=4");
    expect(response.headers.get("x-total-count")).toBe("9");
    expect(((await response.json()) as ClientJson[]).map((c) => c.nome)).toEqual([
      "Cliente 10",
      "Mercado Bom Preço",
      "Ótica Visão Clara",
      "Padaria Pão Quente",
    ]);
    expect(await names("/api/clients?pagina=9&porPagina=4")).toEqual([]);
  });

  test("every page, whichever end it is counted from, is its slice of the whole list, for each sort", async () => {
    // Pages past the middle are read from the end in the reversed order (pageWindow).
    for (const sort of CLIENT_SORTS) {
      for (const ordem of [sort, `-${sort}`]) {
        const whole = await names(`/api/clients?ordem=${ordem}`);
        const pages = await Promise.all([1, 2, 3, 4, 5].map((pagina) => names(`/api/clients?ordem=${ordem}&pagina=${pagina}&porPagina=2`)));
        expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 1]);
        expect(pages.flat()).toEqual(whole);
      }
    }
  });

  test("q finds by name, contact, code or e-mail, without accents or case", async () => {
    for (const q of ["pao", "PÃO", "joão", "ppq-77", "financeiro@pao"]) {
      expect(await names(`/api/clients?q=${encodeURIComponent(q)}`)).toEqual(["Padaria Pão Quente"]);
    }
    expect(await names("/api/clients?q=avila")).toEqual(["Ávila Materiais", "Avila Tintas"]);
    // LIKE's own wildcards typed in the box are plain characters.
    expect(await names("/api/clients?q=%25")).toEqual([]);
    expect(await names("/api/clients?q=_")).toEqual([]);
  });

  test("cnpj matches with or without punctuation, letters too; status filters", async () => {
    expect(await names("/api/clients?cnpj=12.abc")).toEqual(["Ótica Visão Clara"]);
    expect(await names("/api/clients?status=1")).toEqual(["Mercado Bom Preço"]);
    const response = await api("/api/clients?status=0&porPagina=50");
    expect(response.headers.get("x-total-count")).toBe("8");
  });

  test("ordem sorts by fee, CNPJ or status (Ativo, TRIAL, Bloqueado), either direction", async () => {
    // Equal fees keep the name order, whichever the direction.
    expect((await names("/api/clients?ordem=-mensalidade")).slice(0, 3)).toEqual(["Padaria Pão Quente", "Ávila Materiais", "Avila Tintas"]);
    expect((await names("/api/clients?ordem=mensalidade"))[0]).toBe("Ótica Visão Clara");
    expect((await names("/api/clients?ordem=-status")).slice(0, 2)).toEqual(["Mercado Bom Preço", "Ótica Visão Clara"]);
  });

  test("values no one could mean answer 400 in pt-BR, never a 500", async () => {
    for (const [query, message] of [
      ["ordem=senha", "Ordenação inválida: use nome, cnpj, mensalidade, status"],
      ["pagina=0", "Página inválida"],
      ["pagina=abc", "Página inválida"],
      ["porPagina=-5", "Tamanho de página inválido"],
    ]) {
      const response = await api(`/api/clients?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });

  test("the page route hands its island the view and exactly what the list API answers for the same URL", async () => {
    const html = await (await api("/clients?q=pao&ordem=-mensalidade")).text();
    const props = JSON.parse(html.match(/<script type="application\/json" id="[^"]+">(\{"initial".*?)<\/script>/)![1]!.replace(/\\u003c/g, "<"));
    expect(props.params).toEqual({ q: "pao", cnpj: "", status: "", ordem: "-mensalidade", pagina: "1", porPagina: "50" });
    const fromApi = await api("/api/clients?q=pao&ordem=-mensalidade");
    expect(props.initial).toEqual({ rows: await fromApi.json(), total: Number(fromApi.headers.get("x-total-count")) });
    expect(props.initial.total).toBe(1);
    // A view no one could have meant falls back to the default one.
    const fallback = await api("/clients?ordem=senha");
    expect(fallback.status).toBe(302);
    expect(fallback.headers.get("location")).toBe("/clients?aviso=1");
  });
});
