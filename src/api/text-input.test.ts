import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../tests/support";
import { cleanText } from "./fields";

const t = useTestApp({ tables: ["clients", "partners"] });

const floricultura = { ...PADARIA, nome: "Floricultura Ipê", cnpj: "11.444.777/0001-61", codigoCliente: "FLO-001" };
const mercado = { ...PADARIA, nome: "Mercadinho Bom Preço", cnpj: "11.222.333/0002-62", codigoCliente: "MER-001" };
const post = (body: unknown) => t.request("/api/clients", { method: "POST", body, cookie: t.cookie });

const NFC = "JOSÉ-1".normalize("NFC");
const NFD = "JOSÉ-1".normalize("NFD");

describe("cleanText", () => {
  test("composes accents and trims spaces and zero-width characters at the ends only", () => {
    expect(cleanText(` \u200B${NFD}\uFEFF\u2060 `)).toBe(NFC);
    expect(cleanText("\u200B\u200C\u200D")).toBe("");
    expect(cleanText("Pão\u200DQuente")).toBe("Pão\u200DQuente");
  });
});

describe("text input", () => {
  test("codigoCliente is unique whatever its Unicode form and case", async () => {
    expect(NFC).not.toBe(NFD);
    expect((await post({ ...PADARIA, codigoCliente: NFC })).status).toBe(201);
    for (const code of [NFD, "josé-1", "José-1".normalize("NFD"), " JOSÉ-1\u200B"]) {
      const duplicate = await post({ ...floricultura, codigoCliente: code });
      expect({ code, status: duplicate.status, body: await duplicate.json() }).toEqual({
        code,
        status: 409,
        body: { message: "Código do cliente já existe" },
      });
    }
    expect((await post({ ...floricultura, codigoCliente: "pao-001" })).status).toBe(201);
    expect((await post({ ...mercado, codigoCliente: "PAO-001" })).status).toBe(409);
    const rows = t.db.$client.query("select codigo_cliente as c from clients order by id").all() as { c: string }[];
    expect(rows.map((r) => r.c)).toEqual([NFC, "pao-001"]);
  });

  test("a client keeps its own code when saved with another case", async () => {
    const created = await (await post({ ...PADARIA, codigoCliente: NFC })).json();
    const saved = await t.request(`/api/clients/${created.id}`, { method: "PUT", body: { ...PADARIA, codigoCliente: "josé-1" }, cookie: t.cookie });
    expect(saved.status).toBe(200);
    expect((await saved.json()).codigoCliente).toBe("josé-1");
  });

  test("text is stored NFC and trimmed, zero-width characters included", async () => {
    const created = await (await post({ ...PADARIA, nome: `\u200B ${"Padaria Pão Quente".normalize("NFD")} \uFEFF`, contato: "Maria\u00A0" })).json();
    expect(created.nome).toBe("Padaria Pão Quente".normalize("NFC"));
    expect(created.contato).toBe("Maria");
  });

  test("a name of only zero-width characters is empty: 'Nome é obrigatório'", async () => {
    for (const nome of ["\u200B", "\u200B\u200C\u200D\u2060\uFEFF", " \u200B "]) {
      const response = await post({ ...PADARIA, nome });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.nome).toBe("Nome é obrigatório");
    }
  });

  test("NUL bytes are refused in required and optional fields and in other registers", async () => {
    const required = await post({ ...PADARIA, nome: "Padaria\u0000Pão" });
    expect(required.status).toBe(400);
    expect((await required.json()).errors.nome).toBe("Caractere inválido no texto");
    const optional = await post({ ...PADARIA, url: "https://pao\u0000.com.br" });
    expect(optional.status).toBe(400);
    expect((await optional.json()).errors.url).toBe("Caractere inválido no texto");
    const partner = await t.request("/api/partners", {
      method: "POST",
      cookie: t.cookie,
      body: { nome: "Luciana\u0000", empresa: "Prado", email: "l@prado.com.br", telefone: "11976543210" },
    });
    expect(partner.status).toBe(400);
    expect(t.db.$client.query("select count(*) as n from clients").get()).toEqual({ n: 0 });
  });
});
