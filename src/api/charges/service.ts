// Charging one unpaid receivable (DECISIONS §7): the amount (face value, or with multa and juros
// as of today when overdue, or what the user typed), its PIX code and the message with its links.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, receivables } from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { formatDateBR } from "../../lib/dates";
import { balanceDue } from "../../lib/fees";
import { feeRates } from "../company-rules";
import { cents, centsToDecimal, formatBRL, parseMoney, type Cents } from "../../lib/money";
import { RECEIVABLES } from "../installments/table";
import { getSettings } from "../settings/service";
import type { SettingsJson } from "../settings/model";
import { chargeSubject, fillMessage, mailtoUrl, whatsappUrl } from "./message";
import type { ChargeJson, PixJson } from "./model";
import { chargeDescription, chargeTxid, MAX_PIX_CENTS, pixPayload, pixQrSvg } from "./pix";

const NO_PIX_KEY = "Configure a chave PIX em Configurações";
const NO_MERCHANT = "Configure o nome da empresa e a cidade em Configurações";

/** ?valor= as the API takes money ("1234.56"): absent or blank → null (the default amount). */
export function parseChargeAmount(raw: unknown): Cents | null {
  if (raw === undefined || raw === "") return null;
  const amount = typeof raw === "string" ? parseMoney(raw.trim()) : null;
  let message: string | null = null;
  if (amount === null) message = "Valor inválido";
  else if (amount <= 0) message = "Valor deve ser maior que zero";
  else if (amount > MAX_PIX_CENTS) message = `Valor máximo para PIX: ${formatBRL(cents(MAX_PIX_CENTS))}`;
  if (message) throw badRequest(message, { valor: message });
  return amount;
}

/** GET …/:id/pix: 409 for a paid installment and while no PIX key is configured. */
export function pixFor(db: Db, id: number, amount: Cents | null): PixJson {
  const installment = unpaidInstallment(db, id);
  const settings = getSettings(db);
  const charged = amount ?? amountDue(db, installment).total;
  const problem = pixProblem(settings, charged);
  if (problem) throw conflict(problem);
  return makePix(installment, settings, charged);
}

/** GET …/:id/charge: the dialog's whole answer; without a key, no PIX but the message all the same. */
export function chargeFor(db: Db, id: number, amount: Cents | null): ChargeJson {
  const installment = unpaidInstallment(db, id);
  const settings = getSettings(db);
  const due = amountDue(db, installment);
  const charged = amount ?? due.total;
  const semPix = pixProblem(settings, charged);
  const pix = semPix ? null : makePix(installment, settings, charged);
  const values = {
    cliente: installment.clientNome,
    contato: installment.contato,
    parcela: installment.numerosParcela,
    valor: formatBRL(charged),
    vencimento: formatDateBR(installment.dataVencimento),
    empresa: settings.empresa,
    pix: pix?.payload ?? null,
  };
  const mensagem = fillMessage(settings.modeloMensagem, values);
  const assunto = chargeSubject(values);
  return {
    valor: centsToDecimal(charged),
    parcela: {
      id: installment.id,
      numerosParcela: installment.numerosParcela,
      descricao: installment.descricao,
      dataVencimento: installment.dataVencimento,
      valor: centsToDecimal(installment.valor),
      diasAtraso: due.diasAtraso,
      multa: centsToDecimal(due.multa),
      juros: centsToDecimal(due.juros),
      total: centsToDecimal(due.total),
    },
    cliente: {
      id: installment.clientId,
      nome: installment.clientNome,
      contato: installment.contato,
      telefone: installment.telefone,
      email: installment.email,
    },
    pix,
    semPix,
    mensagem,
    assunto,
    whatsappUrl: whatsappUrl(installment.telefone, mensagem),
    mailtoUrl: mailtoUrl(installment.email, assunto, mensagem),
  };
}

type Installment = NonNullable<ReturnType<typeof findInstallment>> & { valor: Cents };

function findInstallment(db: Db, id: number) {
  return db
    .select({
      id: receivables.id,
      clientId: receivables.clientId,
      numerosParcela: receivables.numerosParcela,
      descricao: receivables.descricao,
      dataVencimento: receivables.dataVencimento,
      valor: receivables.valor,
      status: receivables.status,
      principalPago: receivables.principalPago,
      desconto: receivables.desconto,
      dataPagamento: receivables.dataPagamento,
      clientNome: clients.nome,
      contato: clients.contato,
      telefone: clients.telefone,
      email: clients.email,
    })
    .from(receivables)
    .innerJoin(clients, eq(clients.id, receivables.clientId))
    .where(eq(receivables.id, id))
    .get();
}

function unpaidInstallment(db: Db, id: number): Installment {
  const installment = findInstallment(db, id);
  if (!installment) throw notFound(RECEIVABLES.messages.notFound);
  if (installment.status === "pago") throw conflict(RECEIVABLES.messages.alreadyPaid);
  return { ...installment, valor: installment.valor as Cents };
}

/**
 * The balance (face − principal paid − discounts), plus multa and juros when today is past the
 * due date, at the company's rates: what Baixar proposes too (src/lib/fees.ts balanceDue).
 */
const amountDue = (db: Db, installment: Installment) =>
  balanceDue(
    {
      valor: installment.valor,
      saldo: cents(installment.valor - installment.principalPago - installment.desconto),
      dataVencimento: installment.dataVencimento,
      ultimoPagamento: installment.dataPagamento,
    },
    today(),
    feeRates(db),
  );

/** Why no PIX can be made with these settings for this amount, or null. */
function pixProblem(settings: SettingsJson, amount: Cents): string | null {
  if (!settings.chavePix) return NO_PIX_KEY;
  if (!settings.empresa || !settings.cidade) return NO_MERCHANT;
  // The BR Code's amount field holds at most 13 characters: a larger sum (fees included) has no PIX.
  if (amount > MAX_PIX_CENTS) return `Valor acima do limite de um PIX (${formatBRL(cents(MAX_PIX_CENTS))}): cobre por outro meio ou informe um valor menor`;
  return null;
}

/**
 * The PIX copia-e-cola of one installment for an amount, or why there is none: the Cobrar
 * dialog's rule, also the client's page's (src/api/client-page/), so both show the same code for
 * the same amount. No QR drawn here: the page asks for each as an image.
 */
export function installmentPixPayload(installment: { id: number; numerosParcela: string }, settings: SettingsJson, amount: Cents): { payload: string | null; semPix: string | null } {
  const semPix = pixProblem(settings, amount);
  return { payload: semPix ? null : payloadFor(installment, settings, amount), semPix };
}

function payloadFor(installment: { id: number; numerosParcela: string }, settings: SettingsJson, amount: Cents): string {
  return pixPayload({
    key: settings.chavePix!,
    merchantName: settings.empresa,
    merchantCity: settings.cidade,
    amount,
    txid: chargeTxid(installment.id, installment.numerosParcela),
    description: chargeDescription(installment.numerosParcela),
  });
}

function makePix(installment: Installment, settings: SettingsJson, amount: Cents): PixJson {
  const payload = payloadFor(installment, settings, amount);
  return { payload, valor: centsToDecimal(amount), txid: chargeTxid(installment.id, installment.numerosParcela), qrSvg: pixQrSvg(payload) };
}
