// `cofre seed-demo [--scale N] [--force]`: N copies of a demo company (40 clients with their
// subscriptions, 10 suppliers, 3 partners, ~1,000 receivables and ~300 payables over 18 months),
// written through the same schemas and services as the API: createClient, saveSubscription,
// generateInstallments, payInstallment… so the rows, the blocking and the figures are exactly
// what the product would have produced.
import type { Db } from "../../db/client";
import { toggleClientBlock } from "../api/clients/blocking";
import { clientSchema } from "../api/clients/model";
import { createClient } from "../api/clients/service";
import { SYSTEM } from "../api/history/record";
import { createAccount, listAccounts } from "../api/accounts/service";
import { accountSchema } from "../api/accounts/model";
import { subscriptionSchema } from "../api/subscriptions/model";
import { readjustSubscription, saveSubscription } from "../api/subscriptions/service";
import { generateInstallmentsSchema, type InstallmentJson } from "../api/installments/model";
import { generateInstallments, payInstallment, payInstallmentWithFees } from "../api/installments/service";
import { generatePayablesSchema, type PayableJson } from "../api/payables/model";
import { generatePayables, payPayable } from "../api/payables/service";
import { partnerSchema } from "../api/partners/model";
import { createPartner } from "../api/partners/service";
import { supplierSchema } from "../api/suppliers/model";
import { createSupplier } from "../api/suppliers/service";
import { categories } from "../../db/schema";
import { costCentreSchema } from "../api/categories/model";
import { createCostCentre, listCostCentres } from "../api/categories/service";
import { today } from "../lib/clock";
import { addDays, addMonthsClamped, addMonthsToMonth, monthOf } from "../lib/dates";
import { lateFees } from "../lib/fees";
import { centsToDecimal, parseMoney, type Cents } from "../lib/money";
import { sql } from "../api/prepared";
import { mergeAll } from "../api/history/fts-merge";
import { CliError } from "./cli-error";
import {
  CLIENTS_PER_UNIT,
  cnpjNumber,
  demoClient,
  demoPartner,
  demoSupplier,
  PARTNERS_PER_UNIT,
  payerOf,
  randomFor,
  SUPPLIERS_PER_UNIT,
  type Payer,
} from "./demo-data";

export interface SeedOptions {
  /** Copies of the demo company (1 to 1,000). */
  scale?: number;
  /** Add to a database that already has records. */
  force?: boolean;
  /** BLOCK_GRACE_DAYS, for the blocking the services apply as they write. */
  graceDays?: number;
}

export const MAX_SCALE = 1000;

/** Fills the database (one transaction per demo company) and says what it wrote. */
export function seedDemo(db: Db, options: SeedOptions = {}): string {
  const { scale = 1, force = false, graceDays = 0 } = options;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) throw new CliError(`--scale deve ser um número inteiro de 1 a ${MAX_SCALE}.`);
  if (!force && hasRecords(db)) {
    throw new CliError("O banco já tem cadastros: seed-demo só preenche um banco vazio (use --force para acrescentar os dados assim mesmo).", 1);
  }
  const started = performance.now();
  const seeder = new Seeder(db, graceDays);
  for (let unit = 0; unit < scale; unit++) {
    db.transaction(() => seeder.unit(unit), { behavior: "immediate" });
    // The company's events' segment of the text index merged now (automerge is off: fts-merge.ts).
    mergeAll(db.$client);
    // Statistics for the planner as the tables grow (SQLite analyses a table again only once it
    // has grown many times over: a few times per run). A new file has none, and without them the
    // services' plans (the automatic blocking's check after each payment, the subscription
    // months' writes…) read ever more pages as the tables grew: each company took longer than
    // the one before (1.8 s at --scale 5, 51 s at 20, over 4 minutes at 50; now ~0.4 s each).
    db.$client.exec("PRAGMA optimize = 0x10002");
  }
  // Fresh statistics of the whole seed for the server that opens it next (sampled: analysis_limit).
  db.$client.exec("ANALYZE");
  const c = seeder.counts;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return (
    `Dados de demonstração criados${scale > 1 ? ` (escala ${scale})` : ""}: ${c.clients} clientes, ${c.suppliers} fornecedores, ` +
    `${c.partners} parceiros, ${c.subscriptions} assinaturas, ${c.receivables} parcelas a receber e ${c.payables} a pagar (${seconds} s).`
  );
}

const HAS_RECORDS = sql<{ n: number }>(
  "SELECT EXISTS (SELECT 1 FROM clients) OR EXISTS (SELECT 1 FROM suppliers) OR EXISTS (SELECT 1 FROM partners) OR EXISTS (SELECT 1 FROM receivables) OR EXISTS (SELECT 1 FROM payables) AS n",
);
const PARTY_COUNT = sql<{ n: number }>("SELECT (SELECT count(*) FROM clients) + (SELECT count(*) FROM suppliers) AS n");
const HAS_SUBSCRIPTION = sql<{ one: number }, { clientId: number }>("SELECT 1 AS one FROM subscriptions WHERE client_id = $clientId");
// A demo subscription started when its first month was billed, not the day the demo was made.
const STARTED_AT_FIRST_MONTH = sql<never, { clientId: number }>("UPDATE subscriptions SET iniciada_em = min(iniciada_em, inicio || '-01') WHERE client_id = $clientId");
const BILLED_MONTHS = sql<{ id: number; dataVencimento: string; valor: number }, { clientId: number; today: string }>(
  "SELECT id, data_vencimento AS dataVencimento, valor FROM receivables WHERE client_id = $clientId AND subscription_id IS NOT NULL AND data_vencimento <= $today ORDER BY data_vencimento",
);
const NUMBER_TAKEN = sql<{ one: number }, { cnpj: string; codigo: string }>("SELECT 1 AS one FROM clients WHERE cnpj = $cnpj OR codigo_cliente = $codigo");

function hasRecords(db: Db): boolean {
  return HAS_RECORDS.get(db)!.n === 1;
}

const cents = (decimal: string) => parseMoney(decimal) as Cents;

/** What each company's suppliers' monthly contracts are, in turn (the purchases stay Fornecedores). */
const CONTRACT_CATEGORIES = [
  "Aluguel",
  "Software",
  "Salários e encargos",
  "Marketing",
  "Impostos (DAS/Simples Nacional)",
  "Tarifas bancárias",
  "Pró-labore",
  "Fornecedores",
  "Software",
  "Marketing",
];

class Seeder {
  readonly counts = { clients: 0, suppliers: 0, partners: 0, receivables: 0, payables: 0, subscriptions: 0 };
  private readonly today = today();
  /** Plans start on the first of the month a year ago: 12 months of history, 6 ahead. */
  private readonly firstMonth = addMonthsClamped(this.today, -12).slice(0, 8);
  private number: number;
  /** The plano de contas' categories by name (migration 0025's default set), and two cost centres. */
  private readonly category: Map<string, number>;
  private centres: number[] | null = null;
  /** The demo's two bank accounts (issue 34 §3): the default one and a second for some clients' PIX. */
  private accounts: { padrao: number; outra: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly graceDays: number,
  ) {
    // CNPJs and client codes continue after whatever is there (seed-demo --force).
    this.number = PARTY_COUNT.get(db)!.n;
    this.category = new Map(db.select({ id: categories.id, nome: categories.nome }).from(categories).all().map((c) => [c.nome, c.id]));
  }

  /** A payable contract's category by supplier: the demo's expenses spread over the plano (issue 36). */
  private contractCategory(i: number): string | undefined {
    const id = this.category.get(CONTRACT_CATEGORIES[i % CONTRACT_CATEGORIES.length]!);
    return id === undefined ? undefined : String(id);
  }

  /** "Operação" and "Comercial", made once per run, found again on a --force run. */
  private costCentres(): number[] {
    if (this.centres) return this.centres;
    const existing = listCostCentres(this.db);
    this.centres = ["Operação", "Comercial"].map(
      (nome) => existing.find((c) => c.nome === nome)?.id ?? createCostCentre(this.db, SYSTEM, costCentreSchema.parse({ nome })).id,
    );
    return this.centres;
  }

  /** "Conta movimento" (Itaú, the default) and a Sicoob account, made once, found again on a --force run. */
  private bankAccounts(): { padrao: number; outra: number } {
    if (this.accounts) return this.accounts;
    const existing = listAccounts(this.db);
    const demo = [
      { banco: "341", agencia: "1234", conta: "56789-0", apelido: "Conta movimento", saldoInicial: "15000.00", padrao: true },
      { banco: "756", agencia: "3040", conta: "12345-6", apelido: "", saldoInicial: "2500.00", padrao: false },
    ];
    const [padrao, outra] = demo.map(
      (a) =>
        existing.find((e) => e.banco === a.banco && e.agencia === a.agencia && e.conta === a.conta)?.id ??
        createAccount(this.db, SYSTEM, accountSchema.parse({ ...a, padrao: a.padrao && !existing.some((e) => e.padrao), saldoInicialData: `${this.firstMonth}01` })).id,
    );
    this.accounts = { padrao: padrao!, outra: outra! };
    return this.accounts;
  }

  unit(unit: number): void {
    for (let i = 0; i < CLIENTS_PER_UNIT; i++) this.client(unit, i);
    for (let i = 0; i < SUPPLIERS_PER_UNIT; i++) this.supplier(unit, i);
    for (let i = 0; i < PARTNERS_PER_UNIT; i++) {
      createPartner(this.db, SYSTEM, partnerSchema.parse(demoPartner(unit, i)));
      this.counts.partners++;
    }
  }

  private client(unit: number, i: number): void {
    const n = this.nextFreeNumber();
    const demo = demoClient(unit, i, n);
    const client = createClient(this.db, SYSTEM, clientSchema.parse({ ...demo, cnpj: cnpjNumber(n), codigoCliente: `CLI-${String(n).padStart(5, "0")}` }));
    this.counts.clients++;
    // One client per company was blocked by hand (a dispute), whatever it owes.
    if (i === 13) toggleClientBlock(this.db, SYSTEM, client.id, this.graceDays);
    const dia = 5 * (1 + (i % 5));
    if (demo.isTrial) {
      // A trial with a subscription already set to start charging in three weeks.
      this.subscribe(client.id, { valor: "189.90", diaVencimento: dia, inicio: monthOf(this.today), trialAte: addDays(this.today, 21) });
      return;
    }
    const payer = payerOf(unit, i);
    const r = randomFor(300_000 + unit * 1000 + i);
    const first = `${this.firstMonth}${String(dia).padStart(2, "0")}`;
    // The monthly fee is the subscription's: started a year ago, it bills every month since (back-filled now).
    const terms = { valor: demo.valorMensalidade, diaVencimento: dia, inicio: this.firstMonth.slice(0, 7), reajuste: { mes: Number(this.firstMonth.slice(5, 7)) } };
    this.subscribe(client.id, terms);
    this.receiveAll(client.id, payer, r);
    // Some paused (a seasonal business), some ended two months ago, one in ten readjusted this month.
    if (i % 10 === 3) this.subscribe(client.id, { ...terms, status: "pausada" });
    if (i % 10 === 8) this.subscribe(client.id, { ...terms, status: "encerrada", fim: addMonthsToMonth(monthOf(this.today), -2) });
    if (i % 10 === 1) readjustSubscription(this.db, SYSTEM, client.id, 462);
    if (i % 4 === 3) {
      this.bill(client.id, { numParcelas: 18, valor: r.int(60, 240) * 100 * 18, primeiroVencimento: addMonthsClamped(first, 2), descricao: "Suporte técnico" }, payer, r);
    }
    if (i % 4 === 1) {
      const setup = addMonthsClamped(first, -2);
      this.bill(client.id, { numParcelas: 3, valor: r.int(600, 2400) * 100, primeiroVencimento: setup, descricao: "Implantação do sistema" }, "em_dia", r);
    }
    // Extras a third and a half of the clients bought along the way: about 1,000 receivables a
    // company, so --scale 50 is the 50,000 the budgets are measured at.
    if (i % 3 === 0) {
      const since = addMonthsClamped(first, 3);
      this.bill(client.id, { numParcelas: 12, valor: r.int(40, 160) * 100 * 12, primeiroVencimento: since, descricao: "Módulo de estoque" }, payer, r);
    }
    if (i % 2 === 0) {
      const since = addMonthsClamped(first, 6);
      this.bill(client.id, { numParcelas: 10, valor: r.int(800, 3200) * 100 + r.int(0, 99), primeiroVencimento: since, descricao: "Treinamento da equipe" }, payer, r);
    }
  }

  /** Starts (or changes) the client's subscription through the API's schema and service. */
  private subscribe(clientId: number, terms: { valor: string; diaVencimento: number; inicio: string; trialAte?: string; status?: string; fim?: string; reajuste?: { mes: number } }) {
    const first = !HAS_SUBSCRIPTION.get(this.db, { clientId });
    const input = subscriptionSchema.parse({ status: "ativa", ...terms });
    const answer = saveSubscription(this.db, SYSTEM, clientId, input, this.graceDays);
    this.counts.receivables += answer.geradas - answer.excluidas;
    if (!first) return;
    this.counts.subscriptions++;
    STARTED_AT_FIRST_MONTH.run(this.db, { clientId });
  }

  /** Pays the subscription's months due by today as the client's profile pays. */
  private receiveAll(clientId: number, payer: Payer, r: ReturnType<typeof randomFor>) {
    const rows = BILLED_MONTHS.all(this.db, { clientId, today: this.today });
    const unpaid = payer === "inadimplente" ? r.int(1, 3) : 0;
    for (const row of rows.slice(0, Math.max(0, rows.length - unpaid))) this.receive({ id: row.id, dataVencimento: row.dataVencimento, valor: centsToDecimal(row.valor as Cents) }, payer, r);
  }

  private bill(clientId: number, plan: { numParcelas: number; valor: number; primeiroVencimento: string; descricao: string }, payer: Payer, r: ReturnType<typeof randomFor>) {
    const input = generateInstallmentsSchema.parse({ ...plan, clientId, valor: centsToDecimal(plan.valor as Cents) });
    const rows = generateInstallments(this.db, SYSTEM, input, this.graceDays).installments;
    this.counts.receivables += rows.length;
    const due = rows.filter((row) => row.dataVencimento <= this.today);
    // A defaulting client stopped paying one to three months ago.
    const unpaid = payer === "inadimplente" ? r.int(1, 3) : 0;
    due.slice(0, Math.max(0, due.length - unpaid)).forEach((row) => this.receive(row, payer, r));
  }

  private receive(row: Pick<InstallmentJson, "id" | "dataVencimento" | "valor">, payer: Payer, r: ReturnType<typeof randomFor>): void {
    if (payer === "atrasa" && r.next() < 0.6) {
      const paidOn = addDays(row.dataVencimento, r.int(2, 25));
      if (paidOn > this.today) return; // still open: paid late, not yet
      const { multa, juros } = lateFees(cents(row.valor), row.dataVencimento, paidOn);
      payInstallmentWithFees(this.db, SYSTEM, row.id, { dataPagamento: paidOn, valorBaixa: null, multa, juros, contaId: this.accountFor(row.id) }, this.graceDays);
      return;
    }
    const paidOn = addDays(row.dataVencimento, -r.int(0, 3));
    payInstallment(this.db, SYSTEM, row.id, { dataPagamento: paidOn < this.today ? paidOn : this.today, valorPago: null, contaId: this.accountFor(row.id) }, this.graceDays);
  }

  /** About a third of the receipts land in the second account; the rest (and every bill) in the default one. */
  private accountFor(id: number): number {
    const { padrao, outra } = this.bankAccounts();
    return id % 3 === 0 ? outra : padrao;
  }

  private supplier(unit: number, i: number): void {
    const n = this.nextFreeNumber();
    const supplier = createSupplier(this.db, SYSTEM, supplierSchema.parse({ ...demoSupplier(unit, i, n), cnpj: cnpjNumber(n) }));
    this.counts.suppliers++;
    const r = randomFor(800_000 + unit * 100 + i);
    const day = String(10 + i).padStart(2, "0");
    const plans = [
      {
        numParcelas: 18,
        valor: r.int(150, 1500) * 100 * 18,
        primeiroVencimento: `${this.firstMonth}${day}`,
        descricao: "Contrato mensal de serviços",
        categoriaId: this.contractCategory(i),
        centroCustoId: String(this.costCentres()[i % 2]),
      },
      { numParcelas: 10, valor: r.int(1000, 8000) * 100 + r.int(0, 99), primeiroVencimento: addMonthsClamped(`${this.firstMonth}${day}`, 3), descricao: "Compra de equipamentos" },
      { numParcelas: 4, valor: r.int(300, 2000) * 100, primeiroVencimento: addMonthsClamped(this.today, -2), descricao: "Reforma da loja" },
    ];
    for (const plan of plans) {
      const input = generatePayablesSchema.parse({ ...plan, supplierId: String(supplier.id), valor: centsToDecimal(plan.valor as Cents) });
      const rows = generatePayables(this.db, SYSTEM, input).payables;
      this.counts.payables += rows.length;
      // The last supplier of each company has its most recent bill overdue.
      const due = rows.filter((row) => row.dataVencimento < this.today);
      due.slice(0, i === SUPPLIERS_PER_UNIT - 1 ? -1 : undefined).forEach((row) => this.pay(row, r));
    }
  }

  private pay(row: PayableJson, r: ReturnType<typeof randomFor>): void {
    const paidOn = addDays(row.dataVencimento, r.int(-2, 2));
    payPayable(this.db, SYSTEM, row.id, { dataPagamento: paidOn < this.today ? paidOn : this.today, valorPago: null, contaId: this.bankAccounts().padrao });
  }

  /** The next number whose CNPJ and client code nobody has. */
  private nextFreeNumber(): number {
    do this.number++;
    while (NUMBER_TAKEN.get(this.db, { cnpj: cnpjNumber(this.number), codigo: `CLI-${String(this.number).padStart(5, "0")}` }));
    return this.number;
  }
}

/** `seed-demo [--scale N] [--force]` (the words after the command). */
export function parseSeedArgs(args: string[]): Pick<SeedOptions, "scale" | "force"> {
  const options: Pick<SeedOptions, "scale" | "force"> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const scale = arg.startsWith("--scale=") ? arg.slice(8) : arg === "--scale" ? args[++i] : undefined;
    if (scale !== undefined) {
      if (!/^\d{1,4}$/.test(scale)) throw new CliError(`--scale deve ser um número inteiro de 1 a ${MAX_SCALE}.`);
      options.scale = Number(scale);
    } else if (arg === "--force") options.force = true;
    else throw new CliError(`Opção desconhecida para seed-demo: ${arg}. Uso: cofre seed-demo [--scale N] [--force]`);
  }
  return options;
}
