import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { ChargeJson } from "../../src/api/charges/model";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { cleanup, click, get, render, typeInto } from "../../tests/ui";
import { apiLedgerRow, json, mockFetch, pause, rowAction, rowActions, settle, type Call } from "../../tests/islands";
import type { LedgerListProps } from "../LedgerList";
import { CanWrite } from "../lib/can-write";
import { ChargeDialog } from "./ChargeDialog";
import type { LedgerRow } from "./kinds";

const ROW: LedgerRow = {
  id: 42,
  partyId: 7,
  partyName: "Padaria Pão Quente",
  numerosParcela: "1/3",
  categoriaId: 3,
  categoriaNome: "Receitas de serviços › Serviços avulsos",
  centroCustoId: null,
  centroCustoNome: null,
  descricao: "Mensalidade",
  dataVencimento: "2026-03-10",
  valor: "100.00",
  status: "vencido",
  dataPagamento: null,
  valorPago: null,
  saldo: "100.00",
  desconto: "0.00",
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M1,1h1v1h-1z"/></svg>';

/** What the server answers for an amount (payload and message carry it, so a refetch is visible). */
function charge(valor = "102.17", overrides: Partial<ChargeJson> = {}): ChargeJson {
  const payload = `000201…54${String(valor.length).padStart(2, "0")}${valor}…6304ABCD`;
  const mensagem = `Olá, Maria Souza! Parcela 1/3: R$ ${valor.replace(".", ",")}.\n\n${payload}`;
  return {
    valor,
    parcela: { id: 42, numerosParcela: "1/3", descricao: "Mensalidade", dataVencimento: "2026-03-10", valor: "100.00", diasAtraso: 5, multa: "2.00", juros: "0.17", total: "102.17" },
    cliente: { id: 7, nome: "Padaria Pão Quente", contato: "Maria Souza", telefone: "11987654321", email: "contato@paoquente.com.br" },
    pix: { payload, valor, txid: "COFRE000042P1", qrSvg: SVG },
    semPix: null,
    mensagem,
    assunto: "Cobrança da parcela 1/3 com vencimento em 10/03/2026",
    whatsappUrl: `https://wa.me/5511987654321?text=${encodeURIComponent(mensagem)}`,
    mailtoUrl: `mailto:contato@paoquente.com.br?subject=x&body=${encodeURIComponent(mensagem)}`,
    ...overrides,
  };
}

let calls: Call[];
let copied: string[];
beforeEach(() => {
  calls = [];
  copied = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

function serve(answer: (valor: string | null) => Response) {
  mockFetch(calls, (call) => answer(new URL(call.url, "http://cofre.test").searchParams.get("valor")));
}

async function open(onClose = () => {}) {
  render(<ChargeDialog row={ROW} onClose={onClose} />);
  await settle();
  return get<HTMLDialogElement>("dialog[open]");
}

const byText = (selector: string, text: string, scope: ParentNode = document) => {
  const found = [...scope.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text);
  if (!found) throw new Error(`No ${selector} "${text}"`);
  return found;
};
const link = (text: string) => byText("a", text) as HTMLAnchorElement;
const queryLink = (text: string) => [...document.querySelectorAll("a")].find((a) => a.textContent?.trim() === text) ?? null;
const textareaLabelled = (label: string) => {
  const labelElement = byText("label", label);
  return document.getElementById((labelElement as HTMLLabelElement).htmlFor) as HTMLTextAreaElement;
};

describe("ChargeDialog", () => {
  test("asks the server once, shows the amount with fees, the QR, the code, the message and both links", async () => {
    serve(() => json(charge()));
    const dialog = await open();
    expect(calls.map((c) => c.url)).toEqual(["/api/installments/42/charge"]);
    expect(dialog.querySelector("h2")?.textContent).toBe("Cobrar parcela");
    expect(get("[data-testid=charge-fees]").textContent).toBe("5 dias de atraso: multa R$\u00a02,00 + juros R$\u00a00,17 = R$\u00a0102,17");
    expect(get<HTMLInputElement>("input[name=valor]").value).toBe("102,17");
    const qr = get(".charge-qr");
    expect(qr.getAttribute("role")).toBe("img");
    expect(qr.getAttribute("aria-label")).toBe("QR Code PIX de R$\u00a0102,17");
    expect(qr.querySelector("svg path")).not.toBeNull();
    expect(textareaLabelled("PIX copia e cola").value).toBe(charge().pix!.payload);
    expect(textareaLabelled("Mensagem").value).toBe(charge().mensagem);
    expect(link("Enviar pelo WhatsApp").href).toBe(charge().whatsappUrl!);
    expect(link("Enviar pelo WhatsApp").target).toBe("_blank");
    expect(link("Enviar pelo WhatsApp").rel).toBe("noopener noreferrer");
    expect(link("Enviar por e-mail").href).toBe(charge().mailtoUrl!);
  });

  test("opening WhatsApp or the mail client records the charge (channel and amount) in the messages' log", async () => {
    serve(() => json(charge()));
    await open();
    const whatsapp = link("Enviar pelo WhatsApp");
    // The link's own navigation is the browser's; the test only wants the click's handler.
    whatsapp.addEventListener("click", (e) => e.preventDefault());
    click(whatsapp);
    const mail = link("Enviar por e-mail");
    mail.addEventListener("click", (e) => e.preventDefault());
    click(mail);
    await settle();
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.url, c.body])).toEqual([
      ["/api/installments/42/charge-log", { canal: "whatsapp", valor: charge().valor }],
      ["/api/installments/42/charge-log", { canal: "email", valor: charge().valor }],
    ]);
  });

  test("Copiar and Copiar mensagem put the text on the clipboard and say so", async () => {
    serve(() => json(charge()));
    await open();
    click(byText("button", "Copiar"));
    await settle();
    expect(copied).toEqual([charge().pix!.payload]);
    expect(toastSignal.value?.title).toBe("Código PIX copiado");
    click(byText("button", "Copiar mensagem"));
    await settle();
    expect(copied.at(-1)).toBe(charge().mensagem);
    expect(toastSignal.value?.title).toBe("Mensagem copiada");
  });

  test("a new amount asks for its own PIX; until it arrives nothing can be copied or sent", async () => {
    serve((valor) => json(charge(valor ?? "102.17")));
    await open();
    pause(450, () => {
      typeInto(get<HTMLInputElement>("input[name=valor]"), "50,00");
      // Still the old code on screen: copying it would charge the wrong amount.
      expect((byText("button", "Copiar") as HTMLButtonElement).disabled).toBe(true);
      expect(queryLink("Enviar pelo WhatsApp")).toBeNull();
      expect(calls).toHaveLength(1);
    });
    await settle();
    expect(calls.map((c) => c.url)).toEqual(["/api/installments/42/charge", "/api/installments/42/charge?valor=50.00"]);
    expect(textareaLabelled("PIX copia e cola").value).toContain("540550.00");
    expect(textareaLabelled("Mensagem").value).toContain("R$ 50,00");
    expect((byText("button", "Copiar") as HTMLButtonElement).disabled).toBe(false);
    expect(link("Enviar pelo WhatsApp").href).toContain("50%2C00");
  });

  test("zero or unreadable amounts are refused under the field and not sent", async () => {
    serve(() => json(charge()));
    await open();
    const input = get<HTMLInputElement>("input[name=valor]");
    pause(450, () => typeInto(input, "0"));
    await settle();
    expect(get(".ui-field__error").textContent).toBe("Valor deve ser maior que zero");
    pause(450, () => typeInto(input, "12,345"));
    await settle();
    expect(get(".ui-field__error").textContent).toBe("Valor inválido");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(1);
  });

  test("without a PIX key: says so with a link to Configurações; the message still goes", async () => {
    const answer = charge("102.17", { pix: null, semPix: "Configure a chave PIX em Configurações", mensagem: "Olá, Maria Souza!" });
    serve(() => json(answer));
    await open();
    expect(document.querySelector(".charge-qr")).toBeNull();
    expect(get(".charge-no-pix").textContent).toContain("Configure a chave PIX em Configurações");
    expect(link("Abrir Configurações").getAttribute("href")).toBe("/settings");
    expect(textareaLabelled("Mensagem").value).toBe("Olá, Maria Souza!");
    expect(link("Enviar pelo WhatsApp").href).toBe(answer.whatsappUrl!);
  });

  test("a client without a phone gets no WhatsApp button, and the reason", async () => {
    serve(() => json(charge("102.17", { whatsappUrl: null })));
    await open();
    expect(queryLink("Enviar pelo WhatsApp")).toBeNull();
    expect(document.body.textContent).toContain("Cliente sem telefone cadastrado");
    expect(link("Enviar por e-mail").href).toBe(charge().mailtoUrl!);
  });

  test("a paid installment (409): the server's message in the dialog and a toast", async () => {
    serve(() => json({ message: "Esta parcela já está paga" }, 409));
    await open();
    expect(get("[role=alert]").textContent).toBe("Esta parcela já está paga");
    expect(toastSignal.value).toMatchObject({ title: "Erro", description: "Esta parcela já está paga", variant: "destructive" });
  });

  test("Fechar closes", async () => {
    serve(() => json(charge()));
    let closed = 0;
    await open(() => closed++);
    click(byText("button", "Fechar"));
    expect(closed).toBe(1);
  });
});

describe("the Cobrar action in Contas a Receber", () => {
  const paid: LedgerRow = { ...ROW, id: 43, numerosParcela: "2/3", status: "pago", dataPagamento: "2026-03-01", valorPago: "100.00" };
  const open3: LedgerRow = { ...ROW, id: 44, numerosParcela: "3/3", status: "em_aberto", dataVencimento: "2026-05-10" };
  const props = (kind: "receber" | "pagar") => ({
    kind,
    initial: { rows: [ROW, paid, open3].map((row) => apiLedgerRow(kind, row)) as LedgerListProps["initial"]["rows"], total: 3 },
    params: { status: "", mes: "", ordem: "vencimento", pagina: "1", porPagina: "50" },
    today: "2026-03-15",
    partyName: null,
    choices: { categorias: [], centros: [] },
  });

  test("is on every unpaid receivable row, opens the dialog for that row", async () => {
    const { default: LedgerList } = await import("../LedgerList");
    serve(() => json(charge()));
    render(<LedgerList {...props("receber")} />);
    expect(rowActions("Padaria Pão Quente parcela 1/3")).toContain("Cobrar");
    expect(rowActions("Padaria Pão Quente parcela 3/3")).toContain("Cobrar");
    click(rowAction("Cobrar", "Padaria Pão Quente parcela 3/3"));
    await settle();
    expect(calls.at(-1)?.url).toBe("/api/installments/44/charge");
    expect(get("dialog[open] h2").textContent).toBe("Cobrar parcela");
  });

  test("is not offered to a consulta (the charge and PIX routes are finance-only)", async () => {
    const { default: LedgerList } = await import("../LedgerList");
    const cobrar = () => document.querySelectorAll('[aria-label^="Cobrar "], [aria-label^="Mais ações"]');
    render(<LedgerList {...props("receber")} />);
    expect(rowActions("Padaria Pão Quente parcela 1/3")).toContain("Cobrar");
    cleanup();

    render(
      <CanWrite.Provider value={false}>
        <LedgerList {...props("receber")} />
      </CanWrite.Provider>,
    );
    expect(cobrar()).toHaveLength(0);
    expect([...document.querySelectorAll("button")].some((b) => b.textContent?.includes("Cobrar"))).toBe(false);
    expect(calls).toEqual([]);
  });

  test("is not offered on payables", async () => {
    const { default: LedgerList } = await import("../LedgerList");
    render(<LedgerList {...props("pagar")} />);
    expect(document.querySelectorAll('[aria-label^="Mais ações"]').length).toBeGreaterThan(0);
    for (const trigger of document.querySelectorAll<HTMLElement>('[aria-label^="Mais ações"]')) {
      expect(rowActions(trigger.getAttribute("aria-label")!.replace("Mais ações para ", ""))).not.toContain("Cobrar");
    }
  });
});
