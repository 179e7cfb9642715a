// What the client's page and the receipts show (DECISIONS §12), read for one client only: every
// query here is bounded by the client id the token (or the staff's receivable) resolved to.
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { clients, receipts, receivables } from "../../../db/schema";
import { notFound } from "../../http/errors";
import { today } from "../../lib/clock";
import { addMonthsClamped } from "../../lib/dates";
import { balanceDue } from "../../lib/fees";
import { cents } from "../../lib/money";
import type { Cents } from "../../lib/money";
import { installmentPixPayload } from "../charges/service";
import { feeRates } from "../company-rules";
import { getSettings } from "../settings/service";

const RECEIPT_NOT_FOUND = "Recibo não encontrado";

/** The company as receipts and the client's page name it. CNPJ and address: null until set. */
export interface Company {
  empresa: string;
  cidade: string;
  cnpj: string | null;
  endereco: string | null;
}

/**
 * The company's identity, in one place. `cnpjEmpresa` and `enderecoEmpresa` join the settings in
 * another change (issue 33 §1): read defensively, so this works before and after it lands.
 */
export function companyOf(db: Db): Company {
  const settings = getSettings(db) as ReturnType<typeof getSettings> & { cnpjEmpresa?: string | null; enderecoEmpresa?: string | null };
  return {
    empresa: settings.empresa,
    cidade: settings.cidade,
    cnpj: settings.cnpjEmpresa?.trim() || null,
    endereco: settings.enderecoEmpresa?.trim() || null,
  };
}

export interface OpenInstallment {
  id: number;
  numerosParcela: string;
  descricao: string;
  competencia: string | null;
  dataVencimento: string;
  valor: Cents;
  /** What is left of it: the face value less what payments (partial ones) and discounts covered. */
  saldo: Cents;
  diasAtraso: number;
  multa: Cents;
  juros: Cents;
  /** What is due today: the balance, or with multa and juros when overdue (what Cobrar charges). */
  total: Cents;
  /** The PIX copia-e-cola, or null with why in `semPix`. */
  payload: string | null;
  semPix: string | null;
}

interface PaymentRow {
  numero: number;
  descricao: string;
  numerosParcela: string;
  competencia: string | null;
  dataPagamento: string;
  valorPago: Cents;
  /** The balance this payment left: > 0 is a partial payment. */
  saldo: Cents;
}

export interface ClientPageData {
  company: Company;
  cliente: { nome: string; cnpj: string };
  abertas: OpenInstallment[];
  pagamentos: PaymentRow[];
}

/** The page's whole content for one client: open installments at today's amount with their PIX, and the last 12 months' payments. */
export function clientPageData(db: Db, clientId: number): ClientPageData {
  const client = db.select({ nome: clients.nome, cnpj: clients.cnpj }).from(clients).where(eq(clients.id, clientId)).get();
  // The link's row cascades with its client: a token never resolves to a missing client.
  if (!client) throw notFound("Página não encontrada");
  const settings = getSettings(db);
  const day = today();
  const open = db
    .select({
      id: receivables.id,
      numerosParcela: receivables.numerosParcela,
      descricao: receivables.descricao,
      competencia: receivables.competencia,
      dataVencimento: receivables.dataVencimento,
      valor: receivables.valor,
      principalPago: receivables.principalPago,
      desconto: receivables.desconto,
      ultimoPagamento: receivables.dataPagamento,
    })
    .from(receivables)
    .where(and(eq(receivables.clientId, clientId), eq(receivables.status, "em_aberto")))
    .orderBy(receivables.dataVencimento, receivables.id)
    .all();
  const rates = feeRates(db);
  const abertas = open.map(({ principalPago, desconto, ultimoPagamento, ...row }): OpenInstallment => {
    const valor = row.valor as Cents;
    const saldo = cents(valor - principalPago - desconto);
    // The same figure Cobrar and Baixar propose (lib/fees.ts balanceDue): a partly paid installment asks only its balance.
    const due = balanceDue({ valor, saldo, dataVencimento: row.dataVencimento, ultimoPagamento }, day, rates);
    return { ...row, valor, saldo, ...due, ...installmentPixPayload(row, settings, due.total) };
  });
  const pagamentos = db
    .select({
      numero: receipts.numero,
      descricao: receipts.descricao,
      numerosParcela: receipts.numerosParcela,
      competencia: receipts.competencia,
      dataPagamento: receipts.dataPagamento,
      valorPago: receipts.valorPago,
      saldo: receipts.saldo,
    })
    .from(receipts)
    .where(and(eq(receipts.clientId, clientId), isNull(receipts.canceladoEm), gte(receipts.dataPagamento, addMonthsClamped(day, -12))))
    .orderBy(desc(receipts.dataPagamento), desc(receipts.numero))
    .all()
    .map((row): PaymentRow => ({ ...row, valorPago: row.valorPago as Cents, saldo: row.saldo as Cents })); // integer cents, typed as such
  return { company: companyOf(db), cliente: client, abertas, pagamentos };
}

interface Ressalva {
  id: number;
  numerosParcela: string;
  descricao: string;
  dataVencimento: string;
  valor: Cents;
  /** What was still owed on it then; absent on receipts issued before migration 0026 (the face value). */
  saldo?: Cents;
}

export interface Receipt {
  numero: number;
  receivableId: number;
  /** The payment it receipts; null only on receipts cancelled before payments existed. */
  paymentId: number | null;
  clientId: number;
  pagadorNome: string;
  pagadorCnpj: string;
  descricao: string;
  numerosParcela: string;
  competencia: string | null;
  dataVencimento: string;
  valor: Cents;
  dataPagamento: string;
  valorPago: Cents;
  multa: Cents | null;
  juros: Cents | null;
  /** The discount this payment granted. */
  desconto: Cents;
  /** The installment's balance this payment left: > 0 is a partial payment. */
  saldo: Cents;
  ressalvas: Ressalva[];
  emitidoEm: string;
  canceladoEm: string | null;
}

/** A receipt by its number; with `clientId`, only that client's (another client's number is the same 404 as none). */
export function receiptByNumber(db: Db, numero: number, clientId?: number): Receipt {
  const row = db.select().from(receipts).where(eq(receipts.numero, numero)).get();
  if (!row || (clientId !== undefined && row.clientId !== clientId)) throw notFound(RECEIPT_NOT_FOUND);
  return { ...row, ressalvas: JSON.parse(row.ressalvas) as Ressalva[] } as unknown as Receipt; // integer cents, typed as such
}

export interface ReceiptSummary {
  numero: number;
  dataPagamento: string;
  valorPago: Cents;
  canceladoEm: string | null;
}

/** Every receipt of an installment (one per payment, cancelled ones too), oldest first. */
export function receiptsOf(db: Db, receivableId: number): ReceiptSummary[] {
  return db
    .select({ numero: receipts.numero, dataPagamento: receipts.dataPagamento, valorPago: receipts.valorPago, canceladoEm: receipts.canceladoEm })
    .from(receipts)
    .where(eq(receipts.receivableId, receivableId))
    .orderBy(receipts.numero)
    .all()
    .map((r) => ({ ...r, valorPago: r.valorPago as Cents }));
}

/** The receipt an installment's "Recibo" opens: its newest live one (its latest payment), else the newest cancelled one. */
export function receiptNumberOf(db: Db, receivableId: number): number {
  const rows = receiptsOf(db, receivableId).reverse();
  const pick = rows.find((r) => r.canceladoEm === null) ?? rows[0];
  if (!pick) throw notFound("Esta parcela não tem pagamento com recibo");
  return pick.numero;
}
