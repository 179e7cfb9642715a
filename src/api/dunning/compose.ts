// A charge message's parts for one client (DECISIONS §7, §11), the one home shared by the
// régua's daily decisions (decide.ts) and the bulk "Cobrar" of Contas a Receber (charge-now.ts):
// each installment's amount as of the day — its balance plus the company's multa and juros
// (`balanceDue` at `feeRates`: what Baixar and the Cobrar dialog propose, partial payments
// included) —, its PIX copia-e-cola (the Cobrar dialog's own rule), and the step's text filled
// with the client's page link and the CDC footer.
import type { Db } from "../../../db/client";
import { balanceDue } from "../../lib/fees";
import { cents, type Cents } from "../../lib/money";
import { installmentPixPayload } from "../charges/service";
import { feeRates } from "../company-rules";
import type { SettingsJson } from "../settings/model";
import { clientPageLink } from "./client-link";
import { composeMessage, type MessageInstallment } from "./text";

/** An installment as a message needs it (read by the callers' own statements: CHARGE_COLUMNS). */
export interface ChargeRow {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: number;
  principalPago: number;
  desconto: number;
  /** The last payment's date (a partial payment's), or null. */
  dataPagamento: string | null;
}

/** The columns of a `receivables` row (alias `r`) a ChargeRow reads. */
export const CHARGE_COLUMNS = `r.id AS id, r.numeros_parcela AS numerosParcela, r.descricao AS descricao, r.data_vencimento AS dataVencimento,
  r.valor AS valor, r.principal_pago AS principalPago, r.desconto AS desconto, r.data_pagamento AS dataPagamento`;

/** Each installment with its amount as of `day` and its PIX code (null without a key, or above a PIX's limit). */
export function chargedInstallments(db: Db, company: SettingsJson, rows: readonly ChargeRow[], day: string): MessageInstallment[] {
  const rates = feeRates(db);
  return rows.map((row) => {
    const due = balanceDue(
      { valor: row.valor as Cents, saldo: cents(row.valor - row.principalPago - row.desconto), dataVencimento: row.dataVencimento, ultimoPagamento: row.dataPagamento },
      day,
      rates,
    );
    return {
      id: row.id,
      numerosParcela: row.numerosParcela,
      descricao: row.descricao,
      dataVencimento: row.dataVencimento,
      total: due.total,
      diasAtraso: due.diasAtraso,
      pix: due.total > 0 ? installmentPixPayload(row, company, due.total).payload : null,
    };
  });
}

/** The step's subject and text for this client and these installments, with its page link and the footer. */
export function composeFor(
  db: Db,
  step: { assunto: string; texto: string },
  client: { id: number; nome: string; contato: string },
  parcelas: MessageInstallment[],
  company: SettingsJson,
): { assunto: string; texto: string } {
  return composeMessage(step, {
    cliente: client.nome,
    contato: client.contato,
    parcelas,
    link: clientPageLink(db, client.id),
    company: { empresa: company.empresa, cnpjEmpresa: company.cnpjEmpresa, enderecoEmpresa: company.enderecoEmpresa },
  });
}

/** The `parcelas` JSON a `mensagens` row keeps: each installment as charged. */
export const storedParcelas = (parcelas: readonly MessageInstallment[]) =>
  JSON.stringify(parcelas.map((p) => ({ id: p.id, numerosParcela: p.numerosParcela, vencimento: p.dataVencimento, valor: p.total })));
