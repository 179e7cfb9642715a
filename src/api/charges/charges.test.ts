import { getPixPayloadInfo, isValidPixPayload } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "bun:test";
import { PADARIA, useTestApp } from "../../../tests/support";
import { sweepIds, type SweepTarget } from "../../../tests/sweep";
import type { ClientJson } from "../clients/model";
import type { InstallmentJson } from "../installments/model";
import type { ChargeJson, PixJson } from "./model";

// Today is Sunday 15 March 2026 in São Paulo.
const t = useTestApp({ tables: ["receivables", "clients", "settings"], now: "2026-03-15T10:00:00-03:00" });
const api = t.api;

const settings = {
  empresa: "Cofre Serviços Financeiros Ltda",
  cidade: "São José dos Campos",
  chavePix: "financeiro@cofre.com.br",
  modeloMensagem: "",
};

async function configure(body: object = settings) {
  expect((await api("/api/settings", { method: "PUT", body })).status).toBe(200);
}

/** Three installments of R$ 100,00 for the Padaria: 10 Mar (overdue 5 days), 10 Apr, 10 May; the first one of 12 numbers "1/3". */
async function installments(): Promise<InstallmentJson[]> {
  const client = (await (await api("/api/clients", { method: "POST", body: PADARIA })).json()) as ClientJson;
  const response = await api("/api/installments/generate", {
    method: "POST",
    body: { clientId: client.id, numParcelas: 3, valor: "300.00", primeiroVencimento: "2026-03-10", descricao: "Mensalidade" },
  });
  return ((await response.json()) as { installments: InstallmentJson[] }).installments;
}

async function pix(id: number, query = ""): Promise<{ status: number; body: PixJson & { message?: string; errors?: object } }> {
  const response = await api(`/api/installments/${id}/pix${query}`);
  return { status: response.status, body: await response.json() };
}

describe("GET /api/installments/:id/pix", () => {
  test("an installment not yet due: the face value, its txid and description, the company and city in ASCII", async () => {
    await configure();
    const [, april] = await installments();
    const { status, body } = await pix(april!.id);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["payload", "qrSvg", "txid", "valor"]);
    expect(body.valor).toBe("100.00");
    expect(body.txid).toBe(`COFRE${String(april!.id).padStart(6, "0")}P2`);
    expect(isValidPixPayload(body.payload)).toBe(true);
    expect(getPixPayloadInfo(body.payload)).toEqual({
      key: "financeiro@cofre.com.br",
      merchantName: "Cofre Servicos Financeiro",
      merchantCity: "Sao Jose dos Ca",
      amount: 100,
      txid: body.txid,
      description: "Parcela 2/3",
      pointOfInitiation: "static",
    });
    expect(body.qrSvg).toStartWith("<svg");
  });

  test("an overdue installment: valor + multa + juros as of today (lateFees)", async () => {
    await configure();
    const [march] = await installments();
    // 5 days late: multa 2% = 2,00; juros 1% a month pro rata = 100 × 5 / 3000 = 0,17.
    const { body } = await pix(march!.id);
    expect(body.valor).toBe("102.17");
    expect(getPixPayloadInfo(body.payload)?.amount).toBe(102.17);
    expect(body.payload).toContain("5406102.17");
  });

  test("?valor= overrides the amount (API money format)", async () => {
    await configure();
    const [march] = await installments();
    expect((await pix(march!.id, "?valor=100.00")).body.valor).toBe("100.00");
    expect((await pix(march!.id, "?valor=0.01")).body.payload).toContain("54040.01");
    expect((await pix(march!.id, "?valor=1234.5")).body.valor).toBe("1234.50");
    expect((await pix(march!.id, "?valor=")).body.valor).toBe("102.17");
  });

  const badAmounts: [string, string][] = [
    ["0", "Valor deve ser maior que zero"],
    ["0.00", "Valor deve ser maior que zero"],
    ["-5", "Valor deve ser maior que zero"],
    ["1,50", "Valor inválido"],
    ["12.345", "Valor inválido"],
    ["abc", "Valor inválido"],
    ["10000000000.00", "Valor máximo para PIX: R$\u00a09.999.999.999,99"],
  ];
  for (const [valor, message] of badAmounts) {
    test(`?valor=${valor} is a 400 '${message}'`, async () => {
      await configure();
      const [march] = await installments();
      const { status, body } = await pix(march!.id, `?valor=${encodeURIComponent(valor)}`);
      expect(status).toBe(400);
      expect(body).toEqual({ message, errors: { valor: message } } as never);
    });
  }

  test("a paid installment is a 409", async () => {
    await configure();
    const [march] = await installments();
    await api(`/api/installments/${march!.id}/pay`, { method: "PATCH" });
    const { status, body } = await pix(march!.id);
    expect(status).toBe(409);
    expect(body).toEqual({ message: "Esta parcela já está paga" } as never);
    expect((await api(`/api/installments/${march!.id}/charge`)).status).toBe(409);
  });

  test("without a PIX key: 409 'Configure a chave PIX em Configurações'", async () => {
    const [march] = await installments();
    const { status, body } = await pix(march!.id);
    expect(status).toBe(409);
    expect(body).toEqual({ message: "Configure a chave PIX em Configurações" } as never);
  });

  test("needs a session", async () => {
    const [march] = await installments();
    expect((await t.request(`/api/installments/${march!.id}/pix`)).status).toBe(401);
    expect((await t.request(`/api/installments/${march!.id}/charge`)).status).toBe(401);
  });

  const target: SweepTarget = {
    send: (path, init) => api(path, init),
    snapshot: () => t.db.$client.query("select * from receivables").all(),
  };
  sweepIds(
    target,
    () => installments(),
    [
      { method: "GET", path: (id) => `/api/installments/${id}/pix` },
      { method: "GET", path: (id) => `/api/installments/${id}/charge` },
    ],
    "Parcela não encontrada",
  );
});

describe("GET /api/installments/:id/charge (the Cobrar dialog)", () => {
  test("amount with fees, the client's contacts, the PIX, the filled message and both links", async () => {
    await configure();
    const [march] = await installments();
    const response = await api(`/api/installments/${march!.id}/charge`);
    expect(response.status).toBe(200);
    const charge = (await response.json()) as ChargeJson;
    expect(charge.valor).toBe("102.17");
    expect(charge.parcela).toEqual({
      id: march!.id,
      numerosParcela: "1/3",
      descricao: "Mensalidade",
      dataVencimento: "2026-03-10",
      valor: "100.00",
      diasAtraso: 5,
      multa: "2.00",
      juros: "0.17",
      total: "102.17",
    });
    expect(charge.cliente).toMatchObject({ nome: "Padaria Pão Quente", contato: "Maria Souza", telefone: "11987654321", email: "contato@paoquente.com.br" });
    expect(charge.semPix).toBeNull();
    expect(charge.pix?.payload).toBe((await pix(march!.id)).body.payload);
    expect(charge.mensagem).toBe(
      [
        "Olá, Maria Souza! Tudo bem?",
        "",
        "Segue a cobrança da parcela 1/3 de Padaria Pão Quente, no valor de R$\u00a0102,17, com vencimento em 10/03/2026.",
        "",
        "Para pagar, use o PIX copia e cola abaixo:",
        charge.pix!.payload,
        "",
        "Qualquer dúvida, estamos à disposição.",
        "Cofre Serviços Financeiros Ltda",
      ].join("\n"),
    );
    expect(charge.assunto).toBe("Cobrança da parcela 1/3 com vencimento em 10/03/2026 · Cofre Serviços Financeiros Ltda");
    expect(new URL(charge.whatsappUrl!).searchParams.get("text")).toBe(charge.mensagem);
    expect(charge.whatsappUrl).toStartWith("https://wa.me/5511987654321?text=");
    const mail = new URL(charge.mailtoUrl!);
    expect(mail.protocol + mail.pathname).toBe("mailto:contato@paoquente.com.br");
    expect(mail.searchParams.get("subject")).toBe(charge.assunto);
    expect(mail.searchParams.get("body")).toBe(charge.mensagem.replaceAll("\n", "\r\n"));
  });

  test("a typed amount goes into the PIX and the message", async () => {
    await configure();
    const [march] = await installments();
    const charge = (await (await api(`/api/installments/${march!.id}/charge?valor=50.00`)).json()) as ChargeJson;
    expect(charge.valor).toBe("50.00");
    expect(charge.parcela.total).toBe("102.17");
    expect(getPixPayloadInfo(charge.pix!.payload)?.amount).toBe(50);
    expect(charge.mensagem).toContain("no valor de R$\u00a050,00");
  });

  test("fees pushing an overdue amount past the BR Code's limit: /charge answers without PIX and says why, /pix a 409", async () => {
    await configure();
    const [march, april] = await installments();
    // R$ 9.999.999.999,99 (the most a BR Code holds), 5 days late: multa and juros go past it.
    t.db.$client.exec(`update receivables set valor = 999999999999 where id in (${march!.id}, ${april!.id})`);
    const response = await api(`/api/installments/${march!.id}/charge`);
    expect(response.status).toBe(200);
    const charge = (await response.json()) as ChargeJson;
    expect(charge.pix).toBeNull();
    expect(charge.semPix).toBe("Valor acima do limite de um PIX (R$\u00a09.999.999.999,99): cobre por outro meio ou informe um valor menor");
    // multa 2% = R$ 200.000.000,00; juros 1% a month × 5/30 = R$ 16.666.666,67.
    expect(charge.mensagem).toContain("R$\u00a010.216.666.666,66");
    const over = await pix(march!.id);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(charge.semPix!);
    // Not yet due: exactly the limit, which a BR Code holds.
    expect(getPixPayloadInfo((await pix(april!.id)).body.payload)?.amount).toBe(9999999999.99);
  });

  test("without a PIX key: no PIX, the reason, and the message without its PIX paragraph", async () => {
    await configure({ empresa: "Cofre", cidade: "", chavePix: "", modeloMensagem: "" });
    const [march] = await installments();
    const charge = (await (await api(`/api/installments/${march!.id}/charge`)).json()) as ChargeJson;
    expect(charge.pix).toBeNull();
    expect(charge.semPix).toBe("Configure a chave PIX em Configurações");
    expect(charge.mensagem).not.toContain("PIX");
    expect(charge.mensagem).toContain("no valor de R$\u00a0102,17");
    expect(charge.whatsappUrl).not.toBeNull();
  });

  test("a custom template is filled; a client without a phone gets no WhatsApp link", async () => {
    await configure({ ...settings, modeloMensagem: "{cliente}|{contato}|{parcela}|{valor}|{vencimento}|{empresa}\n\n{pix}" });
    const [march] = await installments();
    t.db.$client.exec("update clients set telefone = ''");
    const charge = (await (await api(`/api/installments/${march!.id}/charge`)).json()) as ChargeJson;
    expect(charge.mensagem).toBe(`Padaria Pão Quente|Maria Souza|1/3|R$\u00a0102,17|10/03/2026|Cofre Serviços Financeiros Ltda\n\n${charge.pix!.payload}`);
    expect(charge.whatsappUrl).toBeNull();
    expect(charge.mailtoUrl).not.toBeNull();
  });
});
