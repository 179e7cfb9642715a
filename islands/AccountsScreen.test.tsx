import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { AccountJson, BankChoice } from "../src/api/accounts/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { button, control, json, lastDialog, mockFetch, settle, type Call } from "../tests/islands";
import { cleanup, click, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import AccountsScreen, { type AccountsScreenProps } from "./AccountsScreen";
import { CanWrite } from "./lib/can-write";
// The dialog loads with its first opening (islands/lib/on-demand.tsx): compiled ahead here.
import "./accounts/AccountDialog";

const BANKS: BankChoice[] = [
  { codigo: "341", nome: "Itaú Unibanco (341)" },
  { codigo: "756", nome: "Sicoob (756)" },
];
const MOVIMENTO: AccountJson = {
  id: 1,
  banco: "341",
  bancoNome: "Itaú Unibanco (341)",
  agencia: "1234",
  conta: "56789-0",
  apelido: "Conta movimento",
  nome: "Conta movimento",
  saldoInicial: "1500.00",
  saldoInicialData: "2026-11-01",
  padrao: true,
  ativa: true,
  emUso: 3,
  saldo: "2345.67",
};
const SICOOB: AccountJson = { ...MOVIMENTO, id: 2, banco: "756", bancoNome: "Sicoob (756)", agencia: "3040", conta: "12345-6", apelido: "", nome: "Sicoob (756) · Ag. 3040 · Conta 12345-6", padrao: false, ativa: false, emUso: 0, saldoInicial: "-20.00", saldo: "-20.00" };

const props = (accounts = [MOVIMENTO, SICOOB]): AccountsScreenProps => ({ accounts, banks: BANKS, today: "2026-11-16" });

let calls: Call[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>(".accounts-table tbody tr")];

describe("Contas bancárias", () => {
  test("lists each account by its name (the numbers under an apelido), default and situation, the opening balance and its date", () => {
    render(<AccountsScreen {...props()} />);
    const [first, second] = rows();
    expect(first!.textContent).toContain("Conta movimento");
    expect(first!.textContent).toContain("Itaú Unibanco (341) · Ag. 1234 · Conta 56789-0");
    expect(first!.textContent).toContain("Padrão");
    expect(first!.textContent).toContain("R$\u00a01.500,00");
    expect(first!.textContent).toContain("em 01/11/2026");
    expect(second!.textContent).toContain("Inativa");
    expect(second!.textContent).toContain("-R$\u00a020,00");
    // Today's balance, negative in the danger colour.
    expect(first!.querySelector(".account-balance")!.textContent).toBe("R$\u00a02.345,67");
    expect(second!.querySelector(".account-balance--negative")!.textContent).toBe("-R$\u00a020,00");
    button("Editar Conta movimento");
    button("Excluir Conta movimento");
  });

  test("Nova conta bancária: the bank picked from the list by name, the form sent as the API takes it, the list reloaded", async () => {
    mockFetch(calls, (call) => (call.method === "POST" ? json({ ...SICOOB, id: 3, ativa: true }, 201) : json([MOVIMENTO])));
    render(<AccountsScreen {...props([])} />);
    expect(document.body.textContent).toContain("Nenhuma conta bancária cadastrada");
    click(button("Nova conta bancária"));
    await settle();
    const dialog = lastDialog();
    const banco = control("Banco", dialog);
    // The picker is a datalist of the server's names: searchable by name or code.
    expect([...document.querySelectorAll(`#${CSS.escape(banco.getAttribute("list")!)} option`)].map((o) => o.getAttribute("value"))).toEqual(["Itaú Unibanco (341)", "Sicoob (756)"]);
    typeInto(banco, "Sicoob (756)");
    typeInto(control("Agência", dialog), "3040");
    typeInto(control("Conta", dialog), "12345-6");
    typeInto(control("Apelido", dialog), "Recebimentos PIX");
    typeInto(control("Saldo inicial", dialog), "2.500,00");
    // The first account is proposed as the default.
    expect(control("Conta padrão (vem escolhida ao dar baixa)", dialog).checked).toBe(true);
    click(button("Salvar", dialog));
    await settle();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe("/api/accounts");
    expect(post.body).toEqual({
      banco: "Sicoob (756)",
      agencia: "3040",
      conta: "12345-6",
      apelido: "Recebimentos PIX",
      saldoInicial: "2500.00",
      saldoInicialData: "2026-11-16",
      padrao: true,
      ativa: true,
    });
    expect(toastSignal.value?.title).toBe("Conta bancária cadastrada");
    expect(calls.some((c) => c.method === "GET" && c.url === "/api/accounts")).toBe(true);
  });

  test("a bank typed that is not in the list is refused before sending, in the schema's words", async () => {
    mockFetch(calls, () => json([]));
    render(<AccountsScreen {...props([])} />);
    click(button("Nova conta bancária"));
    await settle();
    const dialog = lastDialog();
    typeInto(control("Banco", dialog), "Itaú");
    typeInto(control("Conta", dialog), "1");
    click(button("Salvar", dialog));
    await settle();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    expect(dialog.textContent).toContain("Banco inválido: escolha na lista ou digite o código de 3 dígitos (ex.: 341)");
  });

  test("a consulta reads the same table with no control that writes; the markup hydrates as rendered", () => {
    const { html, errors } = serverRenderAndHydrate(
      <CanWrite.Provider value={false}>
        <AccountsScreen {...props()} />
      </CanWrite.Provider>,
    );
    expect(errors).toEqual([]);
    expect(html).toContain("Conta movimento");
    expect(html).not.toContain("Nova conta bancária");
    expect(html).not.toContain("Editar Conta movimento");
  });
});
