import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { NewClientLink } from "../../src/api/client-page/links";
import { CanWrite } from "../lib/can-write";
import { button, json, mockFetch, settle, type Call } from "../../tests/islands";
import { cleanup, click, render } from "../../tests/ui";
import { ClientLinkDialog } from "./ClientLinkDialog";

let calls: Call[];
let copied: string[];
beforeEach(() => {
  calls = [];
  copied = [];
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
});
afterEach(cleanup);

const URL_MADE = "https://cofre.empresa.com.br/c/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
const MADE: NewClientLink = { message: "Link gerado.", url: URL_MADE, criadoEm: "2026-03-15T13:00:00.000Z" };

const show = (canWrite = true) =>
  render(
    <CanWrite.Provider value={canWrite}>
      <ClientLinkDialog clientId={7} clientName="Padaria Pão Quente" onClose={() => {}} />
    </CanWrite.Provider>,
  );
const text = () => document.querySelector("dialog")!.textContent ?? "";

describe("ClientLinkDialog", () => {
  test("no link: says so; Gerar link shows the URL once, with Copiar link", async () => {
    mockFetch(calls, (call) => (call.method === "POST" ? json(MADE, 201) : json({ ativo: false, criadoEm: null })));
    show();
    await settle();
    expect(text()).toContain("Este cliente não tem link ativo.");
    expect(document.querySelector("#client-link-url")).toBeNull();
    click(button("Gerar link"));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/clients/7/link", "POST /api/clients/7/link"]);
    expect((document.querySelector("#client-link-url") as HTMLInputElement).value).toBe(URL_MADE);
    expect(text()).toContain("Link ativo, gerado em");
    click(button("Copiar link"));
    await settle();
    expect(copied).toEqual([URL_MADE]);
  });

  test("a live link: never the URL, 'Gerar novo link' and 'Revogar link' (asks once more)", async () => {
    mockFetch(calls, (call) => (call.method === "DELETE" ? json({ message: "Link revogado: a página do cliente deixou de abrir" }) : json({ ativo: true, criadoEm: MADE.criadoEm })));
    show();
    await settle();
    expect(text()).toContain("Link ativo, gerado em");
    expect(text()).toContain("Gerar um novo link faz o atual deixar de funcionar.");
    expect(document.querySelector("#client-link-url")).toBeNull();
    button("Gerar novo link");
    click(button("Revogar link"));
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
    click(button("Confirmar revogação"));
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: "/api/clients/7/link" });
    expect(text()).toContain("Este cliente não tem link ativo.");
    button("Gerar link");
  });

  test("a consulta reads whether a link works, with no button that writes", async () => {
    mockFetch(calls, () => json({ ativo: true, criadoEm: MADE.criadoEm }));
    show(false);
    await settle();
    expect(text()).toContain("Link ativo, gerado em");
    expect([...document.querySelectorAll("dialog button")].map((b) => b.textContent?.trim() || b.getAttribute("aria-label"))).toEqual(["Fechar", "Fechar"]);
  });
});
