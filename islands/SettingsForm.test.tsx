import { afterEach, beforeEach, expect, test } from "bun:test";
import { act } from "react";
import { DEFAULT_MESSAGE, type SettingsJson } from "../src/api/settings/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { cleanup, click, get, render, typeInto } from "../tests/ui";
import SettingsForm from "./SettingsForm";
import { json, mockFetch, settle, type Call } from "../tests/islands";

const EMPTY: SettingsJson = { empresa: "", cidade: "", cnpjEmpresa: "", enderecoEmpresa: "", chavePix: null, tipoChavePix: null, modeloMensagem: DEFAULT_MESSAGE, antecedenciaDias: 10, vencimentoEmDiaUtil: true,
  multaPercentual: 2,
  jurosMensalPercentual: 1,
  diasCarencia: 0, updatedAt: null };

let calls: Call[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const input = (name: string) => get<HTMLInputElement>(`[name=${name}]`);
const errorOf = (name: string) => {
  const ids = input(name).getAttribute("aria-describedby") ?? "";
  return ids.split(" ").map((id) => document.getElementById(id)).find((el) => el?.classList.contains("ui-field__error"))?.textContent ?? null;
};
const save = () => click([...document.querySelectorAll("button")].find((b) => b.textContent === "Salvar configurações")!);

test("checks as the API does before sending: an invalid key, and the company and city a key needs", async () => {
  mockFetch(calls, () => json({}));
  render(<SettingsForm initial={EMPTY} />);
  typeInto(input("chavePix"), "(11) 3456-7890");
  save();
  await settle();
  expect(calls).toEqual([]);
  expect(errorOf("chavePix")).toBe("Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória");
  expect(errorOf("empresa")).toBe("Informe o nome da empresa para gerar o PIX");
  expect(errorOf("cidade")).toBe("Informe a cidade para gerar o PIX");
});

test("sends the values as typed, then shows the key as saved with its kind", async () => {
  const saved: SettingsJson = { empresa: "Padaria Pão Quente", cidade: "Campinas", cnpjEmpresa: "11.222.333/0001-81", enderecoEmpresa: "Rua das Flores, 123 — Centro, Campinas/SP", chavePix: "+5511987654321", tipoChavePix: "Celular", modeloMensagem: DEFAULT_MESSAGE, antecedenciaDias: 5, vencimentoEmDiaUtil: false,
        multaPercentual: 2,
        jurosMensalPercentual: 1,
        diasCarencia: 0, updatedAt: "2026-03-15T13:00:00.000Z" };
  mockFetch(calls, () => json({ message: "Configurações salvas", settings: saved }));
  render(<SettingsForm initial={EMPTY} />);
  typeInto(input("empresa"), "Padaria Pão Quente");
  typeInto(input("cidade"), "Campinas");
  typeInto(input("cnpjEmpresa"), "11222333000181");
  typeInto(input("enderecoEmpresa"), "Rua das Flores, 123 — Centro, Campinas/SP");
  typeInto(input("chavePix"), "(11) 98765-4321");
  typeInto(input("antecedenciaDias"), "5");
  click(input("vencimentoEmDiaUtil"));
  save();
  await settle();
  expect(calls).toEqual([
    {
      method: "PUT",
      url: "/api/settings",
      body: { empresa: "Padaria Pão Quente", cidade: "Campinas", cnpjEmpresa: "11.222.333/0001-81", enderecoEmpresa: "Rua das Flores, 123 — Centro, Campinas/SP", chavePix: "(11) 98765-4321", modeloMensagem: DEFAULT_MESSAGE, antecedenciaDias: "5", vencimentoEmDiaUtil: false, multaPercentual: "2", jurosMensalPercentual: "1", diasCarencia: "0" },
    },
  ]);
  // The key as saved, in its kind's format (issue 37 §15).
  expect(input("chavePix").value).toBe("+55 (11) 98765-4321");
  expect(input("cnpjEmpresa").value).toBe("11.222.333/0001-81");
  expect(input("antecedenciaDias").value).toBe("5");
  expect(input("vencimentoEmDiaUtil").checked).toBe(false);
  expect(document.body.textContent).toContain("Chave salva: Celular");
  expect(toastSignal.value?.title).toBe("Configurações salvas");
});

test("the server's field messages land under the fields; Restaurar texto padrão puts the default back", async () => {
  mockFetch(calls, () => json({ message: "Marcador desconhecido: {nome}", errors: { modeloMensagem: "Marcador desconhecido: {nome}" } }, 400));
  render(<SettingsForm initial={{ ...EMPTY, modeloMensagem: "Olá {cliente}" }} />);
  save();
  await settle();
  const template = get<HTMLTextAreaElement>("[name=modeloMensagem]");
  expect(document.getElementById(template.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe("Marcador desconhecido: {nome}");
  expect(toastSignal.value).toMatchObject({ title: "Erro", variant: "destructive" });
  click([...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Restaurar texto padrão"))!);
  expect(template.value).toBe(DEFAULT_MESSAGE);
});

test("a lead time outside 0–60 days is refused before sending, in the API's words", async () => {
  mockFetch(calls, () => json({}));
  render(<SettingsForm initial={EMPTY} />);
  typeInto(input("antecedenciaDias"), "90");
  save();
  await settle();
  expect(calls).toEqual([]);
  expect(errorOf("antecedenciaDias")).toBe("Antecedência deve ser um número inteiro de dias entre 0 e 60");
});

test("the company's CNPJ is masked as typed (letters too) and checked as the API does", async () => {
  mockFetch(calls, () => json({ message: "Configurações salvas", settings: { ...EMPTY, cnpjEmpresa: "12.ABC.345/01DE-35" } }));
  render(<SettingsForm initial={EMPTY} />);
  typeInto(input("cnpjEmpresa"), "11.222.333/0001-80");
  save();
  await settle();
  expect(calls).toEqual([]);
  expect(errorOf("cnpjEmpresa")).toBe("CNPJ inválido");
  typeInto(input("cnpjEmpresa"), "12abc34501de35");
  expect(input("cnpjEmpresa").value).toBe("12.ABC.345/01DE-35");
  save();
  await settle();
  expect(calls.map((call) => (call.body as { cnpjEmpresa: string }).cnpjEmpresa)).toEqual(["12.ABC.345/01DE-35"]);
});

test("a saved key shows formatted by its kind; an e-mail and a random key as they are (issue 37 §15)", () => {
  const cases: [string, string, string][] = [
    ["11222333000181", "CNPJ", "11.222.333/0001-81"],
    ["12345678909", "CPF", "123.456.789-09"],
    ["+5511987654321", "Celular", "+55 (11) 98765-4321"],
    ["financeiro@padaria.com.br", "E-mail", "financeiro@padaria.com.br"],
    ["123e4567-e12b-12d1-a456-426655440000", "Chave aleatória", "123e4567-e12b-12d1-a456-426655440000"],
  ];
  for (const [chavePix, tipoChavePix, shown] of cases) {
    render(<SettingsForm initial={{ ...EMPTY, empresa: "Padaria", cidade: "Campinas", chavePix, tipoChavePix }} />);
    expect(input("chavePix").value).toBe(shown);
    expect(document.body.textContent).toContain(`Chave salva: ${tipoChavePix}`);
    cleanup();
  }
});
