import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { ImportPreview } from "../src/api/imports/model";
import { dismissToast } from "../src/ui/toast";
import { button, settle } from "../tests/islands";
import { cleanup, click, get, render, serverRenderAndHydrate } from "../tests/ui";
import ClientImport from "./ClientImport";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  act(() => dismissToast());
  cleanup();
});

/** Records each upload (its URL and the file's name) and answers from `answers` in order. */
function stubUploads(answers: Response[]): { url: string; file: string }[] {
  const calls: { url: string; file: string }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const file = (init.body as FormData).get("arquivo") as File;
    calls.push({ url, file: file.name });
    return answers.shift()!;
  }) as unknown as typeof fetch;
  return calls;
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function choose(name: string) {
  const input = get<HTMLInputElement>('input[type="file"]');
  const file = new File(["Nome;CNPJ\r\n"], name, { type: "text/csv" });
  Object.defineProperty(input, "files", { configurable: true, value: [file] });
  act(() => void input.dispatchEvent(new Event("change", { bubbles: true })));
}

const row = (linha: number, valida: boolean) => ({ linha, nome: `Cliente ${linha}`, cnpj: "11222333000181", codigoCliente: `C-${linha}`, valorMensalidade: valida ? "150.00" : null, isTrial: false, assinatura: null, atrasadas: null, valida });
const preview = (erros: ImportPreview["erros"], rows: ReturnType<typeof row>[]): ImportPreview => ({
  linhas: rows.length,
  validas: rows.filter((r) => r.valida).length,
  erros,
  clientes: rows,
  assinaturas: 0,
  codificacao: "windows-1252",
  separador: ";",
});

describe("ClientImport", () => {
  test("hydrates without a mismatch, with the template's link and the 'salve como CSV' steps", () => {
    const { container, errors } = serverRenderAndHydrate(<ClientImport today="2026-11-16" />);
    expect(errors).toEqual([]);
    expect(container.querySelector('a[href="/clients/import/modelo-clientes.csv"]')).not.toBeNull();
    expect(container.textContent).toContain("salve como CSV");
  });

  test("a preview with errors shows them under their row and keeps 'Importar' disabled; a clean one imports and says what it did", async () => {
    const calls = stubUploads([
      json(preview([{ linha: 3, campo: "Mensalidade", mensagem: "Valor inválido" }], [row(2, true), row(3, false)]), 200),
      json(preview([], [row(2, true), row(3, true)]), 200),
      json({ message: "2 clientes importados", importados: 2, assinaturas: 0, geradas: 0 }, 201),
    ]);
    render(<ClientImport today="2026-11-16" />);
    choose("clientes.csv");
    await settle();
    expect(document.body.textContent).toContain("2 linhas: 1 válida, 1 com erro.");
    expect(document.body.textContent).toContain("(Windows-1252, separador “;”)");
    const wrong = [...document.querySelectorAll("tbody tr")].find((tr) => tr.textContent?.includes("Cliente 3"))!;
    expect(wrong.textContent).toContain("Mensalidade: Valor inválido");
    expect(button("Importar 1 cliente").disabled).toBe(true);

    choose("corrigido.csv");
    await settle();
    const importar = button("Importar 2 clientes");
    expect(importar.disabled).toBe(false);
    click(importar);
    await settle();
    expect(calls).toEqual([
      { url: "/api/clients/import", file: "clientes.csv" },
      { url: "/api/clients/import", file: "corrigido.csv" },
      { url: "/api/clients/import?confirmar=1", file: "corrigido.csv" },
    ]);
    expect(document.body.textContent).toContain("2 clientes importados");
    expect(document.querySelector('a[href="/clients"]')?.textContent).toBe("Ver clientes");
  });

  test("a refused file (400) says the server's reason", async () => {
    stubUploads([json({ message: "Planilhas do Excel (.xlsx) não são lidas: salve como CSV." }, 400)]);
    render(<ClientImport today="2026-11-16" />);
    choose("clientes.xlsx");
    await settle();
    expect(get('[role="alert"]').textContent).toContain("Planilhas do Excel (.xlsx) não são lidas: salve como CSV.");
  });
});
