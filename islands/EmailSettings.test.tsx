import { afterEach, beforeEach, expect, test } from "bun:test";
import { act } from "react";
import type { EmailSettingsJson } from "../src/api/email/model";
import { dismissToast, toastSignal } from "../src/ui/toast";
import { json, mockFetch, settle, type Call } from "../tests/islands";
import { cleanup, click, get, keyDown, render, serverRenderAndHydrate, typeInto } from "../tests/ui";
import EmailSettings from "./EmailSettings";
// The schemas load with the form's first use (islands/lib/use-form.ts): compiled ahead here, so
// the settle() after a submit is enough for them to check.
import "../src/api/email/model";

const EMPTY: EmailSettingsJson = {
  host: "",
  porta: null,
  seguranca: "starttls",
  usuario: "",
  senhaDefinida: false,
  remetenteNome: "",
  remetenteEmail: "",
  responderPara: "",
  aceitarAutoassinado: false,
  configurado: false,
  updatedAt: null,
};
const SAVED: EmailSettingsJson = {
  ...EMPTY,
  host: "smtp.paoquente.com.br",
  porta: 587,
  usuario: "cobranca@paoquente.com.br",
  senhaDefinida: true,
  remetenteNome: "Padaria Pão Quente",
  remetenteEmail: "cobranca@paoquente.com.br",
  configurado: true,
  updatedAt: "2026-03-15T13:00:00.000Z",
};

let calls: Call[];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const input = (name: string) => get<HTMLInputElement>(`[name=${name}]`);
const button = (text: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === text)!;
const hintOf = (name: string) =>
  (input(name).getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");
const status = () => get('[role="status"]').textContent;

test("the password field starts empty and says '••• definida'; empty keeps it: the PUT sends no password", async () => {
  mockFetch(calls, () => json({ message: "Configurações de e-mail salvas", settings: { ...SAVED, remetenteNome: "Pão Quente" } }));
  render(<EmailSettings initial={SAVED} />);
  expect(input("senha").value).toBe("");
  expect(input("senha").type).toBe("password");
  expect(hintOf("senha")).toContain("••• definida");
  typeInto(input("remetenteNome"), "Pão Quente");
  click(button("Salvar e-mail"));
  await settle();
  expect(calls).toEqual([
    {
      method: "PUT",
      url: "/api/settings/email",
      body: {
        host: "smtp.paoquente.com.br",
        porta: "587",
        seguranca: "starttls",
        usuario: "cobranca@paoquente.com.br",
        senha: "",
        removerSenha: false,
        remetenteNome: "Pão Quente",
        remetenteEmail: "cobranca@paoquente.com.br",
        responderPara: "",
        aceitarAutoassinado: false,
      },
    },
  ]);
  expect(toastSignal.value?.title).toBe("Configurações de e-mail salvas");
  expect(input("senha").value).toBe("");
});

test("a typed password is sent once and cleared after saving; 'Remover senha' empties and locks the field", async () => {
  mockFetch(calls, (call) => json({ message: "Configurações de e-mail salvas", settings: { ...SAVED, senhaDefinida: !(call.body as { removerSenha: boolean }).removerSenha } }));
  render(<EmailSettings initial={SAVED} />);
  typeInto(input("senha"), "nova-senha-smtp");
  click(button("Salvar e-mail"));
  await settle();
  expect((calls[0]!.body as { senha: string }).senha).toBe("nova-senha-smtp");
  expect(input("senha").value).toBe("");
  typeInto(input("senha"), "outra");
  click(input("removerSenha"));
  expect(input("senha").value).toBe("");
  expect(input("senha").disabled).toBe(true);
  expect(hintOf("senha")).toContain("A senha será removida ao salvar");
  click(button("Salvar e-mail"));
  await settle();
  expect(calls[1]!.body).toMatchObject({ senha: "", removerSenha: true });
  // No password stored any more: no "Remover senha" to offer.
  expect(document.querySelector("[name=removerSenha]")).toBeNull();
  expect(hintOf("senha")).toContain("Nenhuma senha salva");
});

test("checked as the API does before sending: a server needs the sender; a bad port; the port's hint follows the security", async () => {
  mockFetch(calls, () => json({}));
  render(<EmailSettings initial={EMPTY} />);
  typeInto(input("host"), "smtp.paoquente.com.br");
  typeInto(input("porta"), "99999");
  click(button("Salvar e-mail"));
  await settle();
  expect(calls).toEqual([]);
  expect(hintOf("remetenteEmail")).toContain("Informe o e-mail do remetente");
  expect(hintOf("porta")).toContain("Porta deve ser um número inteiro entre 1 e 65535");
  expect(input("porta").placeholder).toBe("587");
  const select = get<HTMLSelectElement>("[name=seguranca]");
  act(() => {
    select.value = "tls";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  expect(input("porta").placeholder).toBe("465");
});

test("Enviar e-mail de teste: the server's answer shows in the status line, success or refusal", async () => {
  let answer = json({ message: "O servidor aceitou o e-mail de teste para maria@paoquente.com.br. Resposta: 250 OK" });
  mockFetch(calls, () => answer);
  render(<EmailSettings initial={SAVED} />);
  typeInto(input("para"), "maria@paoquente.com.br");
  click(button("Enviar e-mail de teste"));
  await settle();
  expect(calls).toEqual([{ method: "POST", url: "/api/settings/email/test", body: { para: "maria@paoquente.com.br" } }]);
  expect(status()).toBe("O servidor aceitou o e-mail de teste para maria@paoquente.com.br. Resposta: 250 OK");
  answer = json({ message: "Autenticação recusada: usuário ou senha incorretos. O servidor respondeu: 535 5.7.8 Authentication failed" }, 502);
  // Enter in the address sends the test (not the settings form).
  keyDown(input("para"), "Enter");
  await settle();
  expect(calls.map((c) => c.url)).toEqual(["/api/settings/email/test", "/api/settings/email/test"]);
  expect(status()).toBe("Autenticação recusada: usuário ou senha incorretos. O servidor respondeu: 535 5.7.8 Authentication failed");
  expect(get('[role="status"]').className).toContain("settings-email-outcome--error");
});

test("the test needs a valid address, and the changes saved first", async () => {
  mockFetch(calls, () => json({}));
  render(<EmailSettings initial={SAVED} />);
  typeInto(input("para"), "maria@");
  click(button("Enviar e-mail de teste"));
  await settle();
  expect(hintOf("para")).toContain("E-mail inválido");
  typeInto(input("para"), "maria@paoquente.com.br");
  typeInto(input("host"), "smtp.outro.com.br");
  click(button("Enviar e-mail de teste"));
  await settle();
  expect(calls).toEqual([]);
  expect(status()).toBe("Salve as alterações antes de enviar o teste");
});

test("renders on the server and hydrates without a mismatch", () => {
  const { html, errors } = serverRenderAndHydrate(<EmailSettings initial={SAVED} />);
  expect(errors).toEqual([]);
  expect(html).toContain("E-mail (SMTP)");
  expect(html).toContain('value="smtp.paoquente.com.br"');
});

test("says whether e-mail is on, and through which server", () => {
  render(<EmailSettings initial={SAVED} />);
  expect(get(".settings-email-state").textContent).toBe("Enviando por smtp.paoquente.com.br como cobranca@paoquente.com.br.");
  cleanup();
  render(<EmailSettings initial={EMPTY} />);
  expect(get(".settings-email-state").textContent).toBe("E-mail desligado: informe o servidor e o e-mail do remetente e salve.");
});
