import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn, type SQLiteColumn } from "drizzle-orm/sqlite-core";

// Money columns hold integer cents; dates are 'YYYY-MM-DD' text in APP_TZ;
// timestamps are ISO 8601 text. Derived status ('vencido') is never stored.

const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * SQLite has no pt-BR collation: each register keeps a sort key (accent-folded, lower-cased,
 * digit runs zero-padded: src/lib/text.ts) and a folded search text beside the name, written on
 * every insert and update.
 */
const searchColumns = () => ({
  nomeOrdem: text("nome_ordem").notNull().default(""),
  busca: text("busca").notNull().default(""),
});

/**
 * The people who sign in (DECISIONS §10): a role each, deny-by-default per route
 * (src/api/auth/permissions.ts). Users of an install before roles are administrators (the
 * column's default), so it behaves as before. An inactive user cannot sign in and has no session.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    nome: text("nome").notNull().default(""),
    papel: text("papel", { enum: ["administrador", "financeiro", "consulta"] }).notNull().default("administrador"),
    ativo: integer("ativo", { mode: "boolean" }).notNull().default(true),
    /** A temporary password: the person must choose their own before anything else. */
    trocarSenha: integer("trocar_senha", { mode: "boolean" }).notNull().default(false),
    ultimoAcesso: text("ultimo_acesso"),
    createdAt: createdAt(),
  },
  (t) => [check("users_papel_chk", sql`${t.papel} IN ('administrador', 'financeiro', 'consulta')`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie's random id: a leaked database does not leak live sessions.
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(), // epoch ms, slides on use
    /** When it was last used (epoch ms, written with the sliding expiry) and the browser that made it. */
    lastUsedAt: integer("last_used_at"),
    userAgent: text("user_agent"),
    /** The client's address at sign-in (through TRUST_PROXY: behind a proxy, the client's, not the proxy's). */
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const clients = sqliteTable(
  "clients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nome: text("nome").notNull(),
    cnpj: text("cnpj").notNull().unique(),
    contato: text("contato").notNull(),
    telefone: text("telefone").notNull(),
    email: text("email").notNull(),
    url: text("url"),
    valorMensalidade: integer("valor_mensalidade").notNull(),
    codigoCliente: text("codigo_cliente").notNull().unique(),
    isTrial: integer("is_trial", { mode: "boolean" }).notNull().default(false),
    statusBloqueio: integer("status_bloqueio").notNull().default(0),
    // Why the client is blocked: 'manual' blocks are never lifted automatically.
    bloqueioOrigem: text("bloqueio_origem", { enum: ["manual", "automatico"] }),
    // "Não enviar cobranças automáticas" (DECISIONS §11): the régua skips this client, and logs why.
    naoEnviarCobrancas: integer("nao_enviar_cobrancas", { mode: "boolean" }).notNull().default(false),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_nome_idx").on(t.nome),
    index("clients_nome_ordem_idx").on(t.nomeOrdem, t.id),
    index("clients_status_idx").on(t.statusBloqueio),
    // The list's sorts by fee and by status, then the name and the id, ascending whichever the
    // sort's direction (src/api/clients/service.ts): each direction has its index, walked forward
    // for a page from the start and backward for one read from the end, never a sort of every
    // client (migrations 0015, 0016; at 50,000 clients a search by -mensalidade 37 → 9 ms).
    index("clients_mensalidade_ordem_idx").on(t.valorMensalidade, t.nomeOrdem, t.id),
    index("clients_mensalidade_desc_ordem_idx").on(sql`${t.valorMensalidade} DESC`, t.nomeOrdem, t.id),
    index("clients_status_ordem_idx").on(clientStatusOrder(t.statusBloqueio, t.isTrial), t.nomeOrdem, t.id),
    index("clients_status_desc_ordem_idx").on(sql`${clientStatusOrder(t.statusBloqueio, t.isTrial)} DESC`, t.nomeOrdem, t.id),
    index("clients_nome_desc_ordem_idx").on(sql`${t.nomeOrdem} DESC`, t.id),
    check("clients_status_chk", sql`${t.statusBloqueio} in (0, 1)`),
    check("clients_valor_chk", sql`${t.valorMensalidade} >= 0`),
  ],
);

/** SPEC §4's order of a client's status: Ativo, TRIAL, Bloqueado (the list's sort and its index). */
export function clientStatusOrder(statusBloqueio: SQLiteColumn, isTrial: SQLiteColumn) {
  return sql`(CASE WHEN ${statusBloqueio} = 1 THEN 2 WHEN ${isTrial} THEN 1 ELSE 0 END)`;
}

/**
 * Plano de contas (issue 36, DECISIONS §13): categories of kind receita or despesa in two levels —
 * a group (`grupo_id` null) holds categories; receivables and payables point at a category, never
 * a group. `papel` marks the few the ledger itself names (a subscription's month is
 * "mensalidades", a receivable's fees "juros", the defaults of a hand-made receivable and payable
 * "avulsos" / "fornecedores", a bank fee made from a statement line "tarifas"): unique, so the
 * ledger finds each by it whatever it is renamed to, and never deleted. One in use is deactivated (`ativa` 0), never deleted (RESTRICT below).
 */
export const CATEGORY_KINDS = ["receita", "despesa"] as const;
export const CATEGORY_ROLES = ["mensalidades", "avulsos", "juros", "fornecedores", "tarifas"] as const;
export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nome: text("nome").notNull(),
    tipo: text("tipo", { enum: CATEGORY_KINDS }).notNull(),
    grupoId: integer("grupo_id").references((): AnySQLiteColumn => categories.id, { onDelete: "restrict" }),
    papel: text("papel", { enum: CATEGORY_ROLES }),
    ativa: integer("ativa", { mode: "boolean" }).notNull().default(true),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("categories_nome_ordem_idx").on(t.nomeOrdem, t.id),
    index("categories_grupo_idx").on(t.grupoId),
    uniqueIndex("categories_papel_idx").on(t.papel).where(sql`${t.papel} IS NOT NULL`),
    check("categories_tipo_chk", sql`${t.tipo} IN ('receita', 'despesa')`),
  ],
);

/** Centros de custo (issue 36): an optional second axis of a receivable or payable. */
export const costCentres = sqliteTable(
  "cost_centres",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nome: text("nome").notNull(),
    ativo: integer("ativo", { mode: "boolean" }).notNull().default(true),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("cost_centres_nome_ordem_idx").on(t.nomeOrdem, t.id)],
);

export const suppliers = sqliteTable(
  "suppliers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nome: text("nome").notNull(),
    cnpj: text("cnpj"),
    email: text("email"),
    telefone: text("telefone"),
    cidade: text("cidade"),
    estado: text("estado"),
    statusBloqueio: integer("status_bloqueio").notNull().default(0),
    /** The category its payables get when their form names none (issue 36). */
    categoriaId: integer("categoria_id").references(() => categories.id, { onDelete: "restrict" }),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("suppliers_nome_idx").on(t.nome),
    index("suppliers_nome_ordem_idx").on(t.nomeOrdem, t.id),
    check("suppliers_status_chk", sql`${t.statusBloqueio} in (0, 1)`),
  ],
);

/**
 * A client's subscription (DECISIONS §8), at most one per client; no row means "nao_iniciada".
 * Its fee is the client's valor_mensalidade (one source). `proxima_competencia` is the first
 * month the daily run has not looked at yet; `subscription_months` is what makes a month's
 * installment exactly-once.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id")
      .notNull()
      .unique()
      .references(() => clients.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["ativa", "pausada", "encerrada"] }).notNull(),
    diaVencimento: integer("dia_vencimento").notNull(),
    /** First month billed, YYYY-MM. */
    inicio: text("inicio").notNull(),
    /** Last month billed, YYYY-MM. */
    fim: text("fim"),
    /** Months due before this date are not billed (YYYY-MM-DD). */
    trialAte: text("trial_ate"),
    /** Reajuste anual: the month (1–12) and the last percentage typed, in hundredths of a percent (4,62% → 462). */
    reajusteMes: integer("reajuste_mes"),
    reajustePercentual: integer("reajuste_percentual"),
    /** The day the last readjustment was applied (at most one in any 12 months). */
    ultimoReajuste: text("ultimo_reajuste"),
    proximaCompetencia: text("proxima_competencia").notNull(),
    /** The days it was started and ended (YYYY-MM-DD in APP_TZ): "novas" and "encerradas" of a month. */
    iniciadaEm: text("iniciada_em").notNull(),
    encerradaEm: text("encerrada_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_status_next_idx").on(t.status, t.proximaCompetencia),
    // The run's "anything due?" (DUE_FROM_SQL in src/api/subscriptions/generate.ts, the same
    // expression): the earliest day the cursor month can fall due (its day clamped to 28, before
    // any move to a business day), of the subscriptions not past their fim, so a run with nothing
    // due reads no row. No commas in it: drizzle-kit splits an index's expression at them.
    index("subscriptions_due_idx")
      .on(t.status, sql`(${t.proximaCompetencia} || '-' || CASE WHEN ${t.diaVencimento} < 10 THEN '0' || ${t.diaVencimento} WHEN ${t.diaVencimento} > 28 THEN '28' ELSE ${t.diaVencimento} END)`)
      .where(sql`${t.fim} IS NULL OR ${t.proximaCompetencia} <= ${t.fim}`),
    check("subscriptions_status_chk", sql`${t.status} IN ('ativa', 'pausada', 'encerrada')`),
    check("subscriptions_dia_chk", sql`${t.diaVencimento} BETWEEN 1 AND 31`),
    check("subscriptions_reajuste_mes_chk", sql`${t.reajusteMes} IS NULL OR ${t.reajusteMes} BETWEEN 1 AND 12`),
  ],
);

/**
 * Every month a subscription has generated, kept after its installment is deleted: the primary
 * key is the database's own "exactly once per (subscription, competência)" — two processes, a
 * restart mid-run or a person's click racing the daily job cannot bill a month twice, and a
 * month whose installment someone deleted is never generated again.
 */
export const subscriptionMonths = sqliteTable(
  "subscription_months",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    competencia: text("competencia").notNull(),
    receivableId: integer("receivable_id").references(() => receivables.id, { onDelete: "set null" }),
    geradaEm: text("gerada_em").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.competencia] })],
);

export const receivables = sqliteTable(
  "receivables",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // RESTRICT: a client with installments cannot vanish with them (DECISIONS §2).
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    // The subscription and month ("competência", YYYY-MM) an installment bills; null for one generated by hand.
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    competencia: text("competencia"),
    numerosParcela: text("numeros_parcela").notNull(),
    descricao: text("descricao").notNull(),
    dataVencimento: text("data_vencimento").notNull(),
    valor: integer("valor").notNull(),
    status: text("status", { enum: ["em_aberto", "pago"] }).notNull().default("em_aberto"),
    dataPagamento: text("data_pagamento"),
    valorPago: integer("valor_pago"),
    multa: integer("multa"),
    juros: integer("juros"),
    // Kept by every payment's transaction from its payments (issue 34 §1): principal paid and
    // discounts so far; saldo = valor − principalPago − desconto. valorPago is then the sum
    // received, dataPagamento the last payment's date, multa/juros their sums.
    principalPago: integer("principal_pago").notNull().default(0),
    desconto: integer("desconto").notNull().default(0),
    // The plano de contas (issue 36): null only between an insert and its trigger (migration
    // 0025 writes the side's default: the subscription's Mensalidades, the supplier's own, the
    // papel avulsos / fornecedores). SQLite adds a REFERENCES column only with a NULL default.
    categoriaId: integer("categoria_id").references(() => categories.id, { onDelete: "restrict" }),
    centroCustoId: integer("centro_custo_id").references(() => costCentres.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's pages (issue 21 §1): one covering index per sort, its columns the sort key, the
    // due date and the id (the ties' order), then the filters' columns (status, due date, party),
    // so a page's ids and everything before them are read from the index alone
    // (src/api/ledger/list.ts pageIds). The id is named: after a later column it would not order the ties.
    index("receivables_client_idx").on(t.clientId, t.dataVencimento, t.id, t.status),
    index("receivables_list_due_idx").on(t.dataVencimento, t.id, t.status, t.clientId, t.categoriaId, t.centroCustoId),
    index("receivables_list_status_idx").on(t.status, t.dataVencimento, t.id, t.clientId, t.categoriaId, t.centroCustoId),
    index("receivables_list_valor_idx").on(t.valor, t.dataVencimento, t.id, t.status, t.clientId, t.categoriaId, t.centroCustoId),
    index("receivables_list_descricao_idx").on(sql`${t.descricao} COLLATE NOCASE`, t.dataVencimento, t.id, t.status, t.clientId, t.categoriaId, t.centroCustoId),
    index("receivables_list_parcela_idx").on(sql`CAST(${t.numerosParcela} AS INTEGER)`, t.dataVencimento, t.id, t.status, t.clientId, t.categoriaId, t.centroCustoId),
    // Covering: revenue per month and cash flow read only this index, never the rows (the balance,
    // valor − principal_pago − desconto, included since issue 34).
    index("receivables_due_amount_idx").on(t.dataVencimento, t.status, t.valor, t.valorPago, t.principalPago, t.desconto),
    // The summary cards' sums (unpaid, overdue, paid) read these alone, never the rows.
    index("receivables_status_amount_idx").on(t.status, t.dataVencimento, t.valor, t.valorPago, t.principalPago, t.desconto),
    index("receivables_paid_amount_idx").on(t.dataPagamento, t.status, t.valorPago, t.valor),
    // The category and cost-centre filters' pages (issue 36): the filter first, then the default
    // sort's key and the rest of the filters, so a category's page n is read from the index alone;
    // with another sort, the sort's index above carries both ids last, to filter in the index.
    // Sorted by category (cost centre), each one's rows are a range of its index (issue 36 §3),
    // the other id last so that the other filter is read there too.
    index("receivables_categoria_idx").on(t.categoriaId, t.dataVencimento, t.id, t.status, t.clientId, t.centroCustoId),
    index("receivables_centro_idx").on(t.centroCustoId, t.dataVencimento, t.id, t.status, t.clientId, t.categoriaId),
    // The DRE (src/api/reports/dre.ts) reads these alone by competência: the rows of a due-date
    // range (by caixa it reads the payments, payments_dre_idx).
    index("receivables_dre_due_idx").on(t.dataVencimento, t.categoriaId, t.valor).where(sql`${t.subscriptionId} IS NULL`),
    index("receivables_dre_competencia_idx").on(t.competencia, t.categoriaId, t.valor).where(sql`${t.subscriptionId} IS NOT NULL`),
    uniqueIndex("receivables_subscription_month_idx").on(t.subscriptionId, t.competencia).where(sql`${t.subscriptionId} IS NOT NULL`),
    // Covering for the MRR movement: a range of competências read from the index alone.
    index("receivables_competencia_mrr_idx").on(t.competencia, t.subscriptionId, t.valor).where(sql`${t.subscriptionId} IS NOT NULL`),
    check("receivables_valor_chk", sql`${t.valor} > 0`),
  ],
);

/**
 * The installments a manual unblock forgave (DECISIONS §2): overdue at that moment, they do not
 * block the client again while they stay as they were — the same due date, unpaid since. A
 * trigger (migration 0006) drops a row for good when its installment is paid or re-dated, so an
 * undone payment or a date moved back is an ordinary installment again. The next manual unblock
 * replaces the client's rows.
 */
export const forgivenInstallments = sqliteTable(
  "desbloqueio_perdoadas",
  {
    receivableId: integer("receivable_id")
      .primaryKey()
      .references(() => receivables.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    // The due date it had when forgiven (what the unblock saw; history names it).
    dataVencimento: text("data_vencimento").notNull(),
    perdoadaEm: text("perdoada_em").notNull(),
  },
  (t) => [index("desbloqueio_perdoadas_client_idx").on(t.clientId)],
);

export const payables = sqliteTable(
  "payables",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    numerosParcela: text("numeros_parcela").notNull(),
    descricao: text("descricao").notNull(),
    dataVencimento: text("data_vencimento").notNull(),
    valor: integer("valor").notNull(),
    status: text("status", { enum: ["em_aberto", "pago"] }).notNull().default("em_aberto"),
    dataPagamento: text("data_pagamento"),
    valorPago: integer("valor_pago"),
    // As for receivables: kept from the payments (issue 34 §1).
    principalPago: integer("principal_pago").notNull().default(0),
    desconto: integer("desconto").notNull().default(0),
    // The plano de contas (issue 36): null only between an insert and its trigger (migration
    // 0025 writes the side's default: the subscription's Mensalidades, the supplier's own, the
    // papel avulsos / fornecedores). SQLite adds a REFERENCES column only with a NULL default.
    categoriaId: integer("categoria_id").references(() => categories.id, { onDelete: "restrict" }),
    centroCustoId: integer("centro_custo_id").references(() => costCentres.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's pages, as for receivables (issue 21 §1).
    index("payables_supplier_idx").on(t.supplierId, t.dataVencimento, t.id, t.status),
    index("payables_list_due_idx").on(t.dataVencimento, t.id, t.status, t.supplierId, t.categoriaId, t.centroCustoId),
    index("payables_list_status_idx").on(t.status, t.dataVencimento, t.id, t.supplierId, t.categoriaId, t.centroCustoId),
    index("payables_list_valor_idx").on(t.valor, t.dataVencimento, t.id, t.status, t.supplierId, t.categoriaId, t.centroCustoId),
    index("payables_list_descricao_idx").on(sql`${t.descricao} COLLATE NOCASE`, t.dataVencimento, t.id, t.status, t.supplierId, t.categoriaId, t.centroCustoId),
    index("payables_list_parcela_idx").on(sql`CAST(${t.numerosParcela} AS INTEGER)`, t.dataVencimento, t.id, t.status, t.supplierId, t.categoriaId, t.centroCustoId),
    index("payables_due_amount_idx").on(t.dataVencimento, t.status, t.valor, t.valorPago, t.principalPago, t.desconto),
    // The summary cards' sums (unpaid, overdue, paid) read these alone, never the rows.
    index("payables_status_amount_idx").on(t.status, t.dataVencimento, t.valor, t.valorPago, t.principalPago, t.desconto),
    index("payables_paid_amount_idx").on(t.dataPagamento, t.status, t.valorPago, t.valor),
    // The category and cost-centre filters' pages (issue 36): the filter first, then the default
    // sort's key and the rest of the filters, so a category's page n is read from the index alone;
    // with another sort, the sort's index above carries both ids last, to filter in the index.
    // Sorted by category (cost centre), each one's rows are a range of its index (issue 36 §3),
    // the other id last so that the other filter is read there too.
    index("payables_categoria_idx").on(t.categoriaId, t.dataVencimento, t.id, t.status, t.supplierId, t.centroCustoId),
    index("payables_centro_idx").on(t.centroCustoId, t.dataVencimento, t.id, t.status, t.supplierId, t.categoriaId),
    // The DRE (src/api/reports/dre.ts) reads this alone by competência: the rows of a due-date
    // range (by caixa it reads the payments, payments_dre_idx).
    index("payables_dre_due_idx").on(t.dataVencimento, t.categoriaId, t.valor),
    check("payables_valor_chk", sql`${t.valor} > 0`),
  ],
);

export const partners = sqliteTable(
  "partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nome: text("nome").notNull(),
    empresa: text("empresa").notNull(),
    email: text("email").notNull(),
    telefone: text("telefone").notNull(),
    ...searchColumns(),
    // The company column sorts like names do (pt-BR natural order), so it has its own key.
    empresaOrdem: text("empresa_ordem").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("partners_nome_idx").on(t.nome),
    index("partners_nome_ordem_idx").on(t.nomeOrdem, t.id),
    index("partners_empresa_ordem_idx").on(t.empresaOrdem, t.id),
  ],
);

/**
 * The payments of a receivable or payable (issue 34 §1, DECISIONS §2): each with its date, the
 * principal it applied, multa, juros, desconto, what was received (valorPago: what the reports
 * sum; more than principal + fees is kept as received, as before payments existed), where it came
 * from, and the fee rates it was computed with. The row's denormalised fields (status,
 * dataPagamento, valorPago, multa, juros, principalPago, desconto) are kept from these in the
 * same transaction (src/api/ledger/write.ts).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    receivableId: integer("receivable_id").references(() => receivables.id, { onDelete: "cascade" }),
    payableId: integer("payable_id").references(() => payables.id, { onDelete: "cascade" }),
    dataPagamento: text("data_pagamento").notNull(),
    principal: integer("principal").notNull(),
    multa: integer("multa").notNull().default(0),
    juros: integer("juros").notNull().default(0),
    desconto: integer("desconto").notNull().default(0),
    valorPago: integer("valor_pago").notNull(),
    origem: text("origem", { enum: ["manual", "conciliacao"] }).notNull().default("manual"),
    // The statement line that paid it (origem conciliacao); no FK: the line's own link says it too.
    bankTransactionId: integer("bank_transaction_id"),
    /**
     * Its installment's category, copied (issue 36, the DRE by caixa): kept equal by triggers
     * (migration dre_payment_category) on a payment's insert and on its installment's change of
     * category, whoever writes. No FK of its own: the installment's holds.
     */
    categoriaId: integer("categoria_id"),
    /** The bank account the money went into or out of (issue 34 §3); null: none was named. */
    contaId: integer("conta_id").references((): AnySQLiteColumn => bankAccounts.id),
    multaCentesimos: integer("multa_centesimos"),
    jurosMensalCentesimos: integer("juros_mensal_centesimos"),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_receivable_idx").on(t.receivableId, t.id).where(sql`${t.receivableId} IS NOT NULL`),
    // "Recebido no Mês" (src/api/ledger/summary.ts): each row paid this month adds up its payments
    // dated this month from this index alone (13,000 rows at --scale 200: 29 → 10 ms, once per change).
    index("payments_receivable_date_idx").on(t.receivableId, t.dataPagamento, t.valorPago).where(sql`${t.receivableId} IS NOT NULL`),
    index("payments_payable_idx").on(t.payableId, t.id).where(sql`${t.payableId} IS NOT NULL`),
    // Reports by payment date (issue 34 §5) read these alone.
    // A bank line's payments (one credit may pay several installments): its undo reads them.
    index("payments_line_idx").on(t.bankTransactionId).where(sql`${t.bankTransactionId} IS NOT NULL`),
    index("payments_date_idx").on(t.dataPagamento, t.receivableId, t.payableId, t.valorPago),
    // The DRE by caixa (issue 36) reads this alone: per payment day and category, in its order.
    index("payments_dre_idx").on(t.dataPagamento, t.categoriaId, t.receivableId, t.valorPago, t.multa, t.juros),
    // An account's balance and cash flow (issue 34 §3) read these alone.
    index("payments_account_idx").on(t.contaId, t.dataPagamento, t.receivableId, t.valorPago).where(sql`${t.contaId} IS NOT NULL`),
    check("payments_side_chk", sql`(${t.receivableId} IS NULL) <> (${t.payableId} IS NULL)`),
    check("payments_amounts_chk", sql`${t.principal} >= 0 AND ${t.multa} >= 0 AND ${t.juros} >= 0 AND ${t.desconto} >= 0 AND ${t.valorPago} >= 0`),
  ],
);

/** Cobrança and subscription settings (DECISIONS §7, §8): one row, id 1. */
export const settings = sqliteTable(
  "settings",
  {
    id: integer("id").primaryKey(),
    empresa: text("empresa").notNull().default(""),
    cidade: text("cidade").notNull().default(""),
    chavePix: text("chave_pix"),
    modeloMensagem: text("modelo_mensagem"),
    // Subscriptions (DECISIONS §8): generate a month this many days before its due date; move a
    // due date on a weekend or bank holiday to the next business day.
    antecedenciaDias: integer("antecedencia_dias").notNull().default(10),
    vencimentoEmDiaUtil: integer("vencimento_em_dia_util", { mode: "boolean" }).notNull().default(true),
    // CDC art. 42-A: every collection message names the company's CNPJ (bare, as clients') and address.
    cnpjEmpresa: text("cnpj_empresa").notNull().default(""),
    enderecoEmpresa: text("endereco_empresa").notNull().default(""),
    // The company's fee rules (issue 34 §4), in hundredths of a percent: 200 = 2 %. A payment
    // stores the rates it was computed with, so a change applies to payments made after it.
    multaCentesimos: integer("multa_centesimos").notNull().default(200),
    jurosMensalCentesimos: integer("juros_mensal_centesimos").notNull().default(100),
    // Blocking grace days; null until someone saves one: BLOCK_GRACE_DAYS is the initial value.
    diasCarencia: integer("dias_carencia"),
    updatedAt: updatedAt(),
  },
  (t) => [check("settings_single_row_chk", sql`${t.id} = 1`)],
);

/**
 * The SMTP server Cofre sends e-mail through (DECISIONS §7): one row, id 1, none until an
 * administrator saves it. `senha` is write-only: no API returns it (src/api/email/service.ts);
 * it is kept as typed because the SMTP server needs it back (docs/decisions.md says why it is not
 * hashed). `host` = '' means e-mail is off.
 */
export const emailSettings = sqliteTable(
  "email_settings",
  {
    id: integer("id").primaryKey(),
    host: text("host").notNull().default(""),
    /** null: the usual port of `seguranca` (587, 465, 25). */
    porta: integer("porta"),
    seguranca: text("seguranca", { enum: ["nenhuma", "starttls", "tls"] }).notNull().default("starttls"),
    usuario: text("usuario").notNull().default(""),
    senha: text("senha"),
    remetenteNome: text("remetente_nome").notNull().default(""),
    remetenteEmail: text("remetente_email").notNull().default(""),
    responderPara: text("responder_para").notNull().default(""),
    aceitarAutoassinado: integer("aceitar_autoassinado", { mode: "boolean" }).notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("email_settings_single_row_chk", sql`${t.id} = 1`),
    check("email_settings_seguranca_chk", sql`${t.seguranca} in ('nenhuma', 'starttls', 'tls')`),
  ],
);

/**
 * The audit trail (DECISIONS §6): written in the same transaction as the change it records,
 * never updated or deleted. client_id / supplier_id let a party's history include its
 * installments' events.
 */
export const historyEvents = sqliteTable(
  "history_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    userId: integer("user_id"),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    label: text("label").notNull(),
    details: text("details").notNull().default("{}"),
    clientId: integer("client_id"),
    supplierId: integer("supplier_id"),
    /** What the trail shows of the event, folded (db/search-columns.ts), so a search for "joao" finds "João". */
    busca: text("busca").notNull().default(""),
  },
  (t) => [
    // Empty once every event is folded, so start-up's "anything left to fold?" costs nothing.
    index("history_unfolded_idx").on(t.id).where(sql`busca = ''`),
    index("history_entity_idx").on(t.entity, t.entityId, t.id),
    index("history_client_idx").on(t.clientId, t.id),
    index("history_supplier_idx").on(t.supplierId, t.id),
    index("history_at_idx").on(t.at),
    index("history_user_idx").on(t.userEmail, t.id),
    // The trail's pages (issue 21 §1): the ids newest first with the kind and who, so the ids of
    // page 1,872 (and of a kind's pages) are read from this index, not from 93,000 events' JSON.
    index("history_list_idx").on(t.id, t.entity, t.userEmail),
    // One kind's pages and count (issue 38 §3: /history?entidade=… flat at deep pages): its ids
    // in order, read from the kind's own range, not found among every event's (page 200 and the
    // count walked all of history_list_idx: 30–36 ms at --scale 200).
    index("history_kind_idx").on(t.entity, t.id),
    // A text search's slices (src/api/history/search.ts) read the ids and the search text from
    // here, not from the events' rows three times as wide (issue 31 §18: the text grew by each
    // event's sentence, and the search got faster, not slower; docs/decisions.md). Partial, so
    // only a query that says `busca <> ''` (the search) can use it: the planner took it, as the
    // narrower-looking one, for the plain list's pages, whose history_list_idx is 4× smaller.
    index("history_search_idx").on(t.id, t.busca).where(sql`busca <> ''`),
  ],
);

export type User = typeof users.$inferSelect;
/**
 * Contas bancárias (issue 34 §3): the company's accounts. A payment names the account its money
 * went into or out of (manual payments default to the `padrao` one; a reconciled one, its
 * statement's); a statement names its account, found by bank, branch and account on import.
 * An account's balance on a day = saldoInicial + credits − debits of its payments after
 * saldoInicialData up to that day (src/api/accounts). In use, it is deactivated, never deleted.
 */
export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The FEBRABAN (COMPE) code, 3 digits: its name comes from `bancos-brasileiros`. */
    banco: text("banco").notNull(),
    /** As the bank's OFX writes it (BRANCHID); '' when the bank sends none. */
    agencia: text("agencia").notNull().default(""),
    conta: text("conta").notNull(),
    /** The company's own name for it ("Conta movimento"); '' shows the bank's. */
    apelido: text("apelido").notNull().default(""),
    saldoInicial: integer("saldo_inicial").notNull().default(0),
    saldoInicialData: text("saldo_inicial_data").notNull(),
    padrao: integer("padrao", { mode: "boolean" }).notNull().default(false),
    ativa: integer("ativa", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bank_accounts_identity_idx").on(t.banco, t.agencia, t.conta),
    // At most one default account.
    uniqueIndex("bank_accounts_default_idx").on(t.padrao).where(sql`${t.padrao} = 1`),
  ],
);

/**
 * Figures kept by the writes (issue 38 §3: cash flow ≤ 15 ms at scale 200). Triggers of migration
 * `cash_flow_days` keep these in the same statement as the row they sum, whoever writes it.
 * `ledger_days`: per side ('r' receivables, 'p' payables) and due date, what was settled (paid rows
 * at valor_pago, else their partial receipts), what is still open (the balances) and how many rows.
 * `account_days`: per bank account and payment date, the credits (payments of receivables) and the
 * debits (of payables). A row summing to nothing stays (zeros are harmless; no delete in a trigger).
 */
export const ledgerDays = sqliteTable(
  "ledger_days",
  {
    lado: text("lado", { enum: ["r", "p"] }).notNull(),
    dia: text("dia").notNull(),
    liquidado: integer("liquidado").notNull().default(0),
    emAberto: integer("em_aberto").notNull().default(0),
    parcelas: integer("parcelas").notNull().default(0),
    /** Of those, how many are still open (not paid): the projection's overdue count. */
    abertas: integer("abertas").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lado, t.dia] })],
);

export const accountDays = sqliteTable(
  "account_days",
  {
    contaId: integer("conta_id").notNull(),
    dia: text("dia").notNull(),
    creditos: integer("creditos").notNull().default(0),
    debitos: integer("debitos").notNull().default(0),
    /** How many payments made those credits and debits. */
    qtdCreditos: integer("qtd_creditos").notNull().default(0),
    qtdDebitos: integer("qtd_debitos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contaId, t.dia] })],
);

/**
 * Bank reconciliation (DECISIONS §9): each imported OFX file, and each bank transaction once —
 * (bank, account, FITID, posting date, amount) is unique, since banks reuse a FITID for
 * different transactions of one file — linked to every statement that contained it. A
 * transaction settles at most one installment and an installment is settled by at most one
 * transaction (the unique indexes on receivable_id and payable_id).
 */
export const statements = sqliteTable(
  "statements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    banco: text("banco").notNull(),
    agencia: text("agencia"),
    conta: text("conta").notNull(),
    de: text("de"),
    ate: text("ate"),
    arquivo: text("arquivo").notNull(),
    /** LEDGERBAL in cents and its date, when the file has it. */
    saldo: integer("saldo"),
    saldoData: text("saldo_data"),
    importadoPor: text("importado_por").notNull(),
    importadoEm: text("importado_em").notNull(),
    transacoes: integer("transacoes").notNull(),
    /** The register's account (issue 34 §3): found by banco, agencia and conta, or chosen once. */
    contaId: integer("conta_id").references(() => bankAccounts.id),
  },
  (t) => [index("statements_account_idx").on(t.banco, t.conta, t.id)],
);

export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    banco: text("banco").notNull(),
    conta: text("conta").notNull(),
    fitid: text("fitid").notNull(),
    data: text("data").notNull(),
    /** Signed cents: credits positive, debits negative. */
    valor: integer("valor").notNull(),
    descricao: text("descricao").notNull(),
    /** The folded NAME + MEMO the matching reads (accents and case gone). */
    busca: text("busca").notNull(),
    ignorada: integer("ignorada", { mode: "boolean" }).notNull().default(false),
    receivableId: integer("receivable_id").references(() => receivables.id, { onDelete: "set null" }),
    payableId: integer("payable_id").references(() => payables.id, { onDelete: "set null" }),
    /** The matching's suggestion (a person confirms it): side, installment, confidence and why. */
    sugestaoTipo: text("sugestao_tipo", { enum: ["receivable", "payable"] }),
    sugestaoId: integer("sugestao_id"),
    sugestaoConfianca: text("sugestao_confianca", { enum: ["alta", "media"] }),
    sugestaoMotivo: text("sugestao_motivo"),
    /** A sum suggestion (issue 34 §2): the JSON array of the party's installments it pays, oldest first; sugestao_id is the first. */
    sugestaoParcelas: text("sugestao_parcelas"),
    conciliadaEm: text("conciliada_em"),
    /**
     * "Criar lançamento" (issue 34 §2): the installment this line settles (receivable_id /
     * payable_id) was created from it, so "Desfazer lançamento" may delete it. Cleared whenever
     * the line is released (an undo, a delete), so it holds only while that payment stands.
     */
    lancamentoCriado: integer("lancamento_criado", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("bank_transactions_identity_idx").on(t.banco, t.conta, t.fitid, t.data, t.valor),
    // Not unique (issue 34 §2): several lines may pay one installment (partials); a line paying
    // several installments names its first here, and each payment names its line.
    index("bank_transactions_receivable_idx").on(t.receivableId).where(sql`${t.receivableId} IS NOT NULL`),
    index("bank_transactions_payable_idx").on(t.payableId).where(sql`${t.payableId} IS NOT NULL`),
  ],
);

export const statementLines = sqliteTable(
  "statement_lines",
  {
    statementId: integer("statement_id")
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => bankTransactions.id, { onDelete: "cascade" }),
    /** Order in the file. */
    ordem: integer("ordem").notNull(),
  },
  (t) => [primaryKey({ columns: [t.statementId, t.transactionId] }), index("statement_lines_order_idx").on(t.statementId, t.ordem)],
);

export type ClientRow = typeof clients.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type CostCentreRow = typeof costCentres.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type ReceivableRow = typeof receivables.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PayableRow = typeof payables.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;
export type SettingsRow = typeof settings.$inferSelect;
export type EmailSettingsRow = typeof emailSettings.$inferSelect;
export type HistoryEventRow = typeof historyEvents.$inferSelect;

/**
 * A generation's answer kept under the Idempotency-Key the client sent (24 hours): a repeated or
 * parallel submit of the same form gets the first answer instead of a second batch. The key is
 * the client's, per user and route; the primary key makes "exactly once" the database's rule.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    status: integer("status").notNull(),
    response: text("response").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * How many rows of clients, subscriptions, receivables and payables have changed, ever: one row
 * per table, kept by triggers (migrations 0013, 0014) on every insert, update and delete, whoever
 * writes (a service, the CLI, a fixture). Figures kept between requests (the dashboard's, the
 * lists' cards) are computed again only when a count moved (src/api/kept.ts).
 */
export const changeCounts = sqliteTable("change_counts", {
  tabela: text("tabela").primaryKey(),
  alteracoes: integer("alteracoes").notNull().default(0),
});

/**
 * How many events of each kind the trail holds (issue 38 §3): `/history?entidade=…` reads its
 * total here instead of counting the kind's range of history_kind_idx (500,000 installment events:
 * 15–30 ms a page). Kept by triggers on history_events (migration 0033_history_kind), in
 * the event's own transaction, wherever an event is written.
 */
export const historyKindCounts = sqliteTable("history_kind_counts", {
  entity: text("entity").primaryKey(),
  eventos: integer("eventos").notNull().default(0),
});

/**
 * How many events of each kind each block of 4,096 ids holds (issue 38 §3, §8: a kind's middle
 * page flat at --scale 200). A page of `/history?entidade=…` finds the block its first event is
 * in by adding these up (a kind has at most one row per block: ~90 at 375,000 events), then
 * steps fewer than 4,096 entries of history_kind_idx, not every event of the kind before it.
 * Kept by triggers on history_events (migration history_kind_blocks), in the event's transaction.
 */
export const historyKindBlocks = sqliteTable(
  "history_kind_blocks",
  {
    entity: text("entity").notNull(),
    bloco: integer("bloco").notNull(),
    eventos: integer("eventos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.bloco] })],
);

/**
 * How many receivables each client has, and payables each supplier (issue 38 §8: the middle page
 * by party name flat at --scale 200). A page of a ledger by the party's name, with no filter, finds
 * the name it starts in by adding these up in name order (8,000 clients), instead of stepping
 * every row before it (100,000 at the middle of 198,000). Keyed by the party's `nome_ordem` (its
 * copy here), so the sum is one range of this table's own b-tree, no lookup per party (migration
 * 0039: the middle page's sum 1.3 → 0.45 ms). Kept by triggers on receivables and payables, and on
 * a party's rename and deletion (migrations 0038, 0039), in the row's own transaction, whoever writes.
 */
export const ledgerPartyCounts = sqliteTable(
  "ledger_party_counts",
  {
    tabela: text("tabela").notNull(),
    nomeOrdem: text("nome_ordem").notNull(),
    partyId: integer("party_id").notNull(),
    parcelas: integer("parcelas").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tabela, t.nomeOrdem, t.partyId] })],
);

/**
 * The daily jobs' memory (src/api/daily-jobs.ts): one row per job, by its name, with the last
 * APP_TZ day it completed — written in the transaction of its last slice, so a restart does not
 * redo a completed day and a day missed while the server was down runs once at start. The last
 * failure (one pt-BR line) stays until the next success, for `GET /api/health`.
 */
export const jobs = sqliteTable("jobs", {
  nome: text("nome").primaryKey(),
  ultimoDia: text("ultimo_dia"),
  concluidoEm: text("concluido_em"),
  ultimoErro: text("ultimo_erro"),
  erroEm: text("erro_em"),
});

export const OUTBOX_STATES = ["pendente", "enviando", "enviada", "falhou", "incerta"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Work that talks to the network (e-mail first), written in the transaction that decides it and
 * sent later outside any transaction (src/api/outbox/). `chave` is the decision's identity: a
 * second decision of the same thing inserts nothing. A row is claimed by one atomic UPDATE
 * (pendente → enviando, `enviando_por` = the claiming process), so it is sent at most once; one
 * left `enviando` by a dead process becomes `incerta` and waits for a person.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tipo: text("tipo").notNull(),
    chave: text("chave").notNull(),
    payload: text("payload").notNull(),
    estado: text("estado", { enum: OUTBOX_STATES }).notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativa: text("proxima_tentativa").notNull(),
    ultimoErro: text("ultimo_erro"),
    enviandoPor: text("enviando_por"),
    enviandoDesde: text("enviando_desde"),
    enviadaEm: text("enviada_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("outbox_chave_idx").on(t.chave),
    // The sender's question: the pending rows whose time has come, oldest first.
    index("outbox_estado_proxima_idx").on(t.estado, t.proximaTentativa),
    check("outbox_estado_check", sql`${t.estado} IN ('pendente', 'enviando', 'enviada', 'falhou', 'incerta')`),
  ],
);
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * The client's page (DECISIONS §12): a capability link `/c/{token}` per client. Only the SHA-256
 * of the token is kept, with the seed it was derived from under a key kept outside the database
 * (src/api/client-page/links.ts), so a leaked database opens no client's page. At most one live link per
 * client (the partial unique index): a new one revokes the old in the same transaction.
 */
export const clientLinks = sqliteTable(
  "client_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** 32 random bytes (base64url): the token is HMAC-SHA256(the link key, semente), so Cofre can
     * give the current URL again (the régua's {link}) while a database alone opens nothing. */
    semente: text("semente"),
    criadoEm: text("criado_em").notNull(),
    revogadoEm: text("revogado_em"),
  },
  (t) => [uniqueIndex("client_links_live_idx").on(t.clientId).where(sql`revogado_em IS NULL`)],
);

/**
 * Receipts (recibos, DECISIONS §12): one per payment of a receivable, partial ones included,
 * numbered by AUTOINCREMENT (a number is never reused, even after the newest receipt is gone).
 * Issued by a trigger on the payments row, whoever writes it (a person, the reconciliation, the
 * CLI), and cancelled — number kept — when that payment is deleted (undone, or cascaded from its
 * installment's delete) (migrations 0022, 0026). The row is a snapshot of the payment, the payer,
 * the balance it left and the earlier installments still open at that moment (art. 322), so the
 * receipt reads the same later.
 */
export const receipts = sqliteTable(
  "recibos",
  {
    numero: integer("numero").primaryKey({ autoIncrement: true }),
    // No foreign keys: a receipt outlives its installment (cancelled) and keeps its payer's name.
    receivableId: integer("receivable_id").notNull(),
    // The payment it receipts; null only on receipts cancelled before payments existed (0024).
    paymentId: integer("payment_id"),
    clientId: integer("client_id").notNull(),
    pagadorNome: text("pagador_nome").notNull(),
    pagadorCnpj: text("pagador_cnpj").notNull(),
    descricao: text("descricao").notNull(),
    numerosParcela: text("numeros_parcela").notNull(),
    competencia: text("competencia"),
    dataVencimento: text("data_vencimento").notNull(),
    valor: integer("valor").notNull(),
    dataPagamento: text("data_pagamento").notNull(),
    valorPago: integer("valor_pago").notNull(),
    multa: integer("multa"),
    juros: integer("juros"),
    /** The discount this payment granted (it settles the installment). */
    desconto: integer("desconto").notNull().default(0),
    /** The installment's balance left by this payment: > 0 is a partial payment. */
    saldo: integer("saldo").notNull().default(0),
    /** JSON [{id, numerosParcela, descricao, dataVencimento, valor, saldo}]: earlier installments with a balance when it was paid. */
    ressalvas: text("ressalvas").notNull().default("[]"),
    emitidoEm: text("emitido_em").notNull(),
    canceladoEm: text("cancelado_em"),
  },
  (t) => [
    index("recibos_receivable_idx").on(t.receivableId, t.numero),
    index("recibos_client_idx").on(t.clientId, t.dataPagamento),
    uniqueIndex("recibos_live_idx").on(t.paymentId).where(sql`cancelado_em IS NULL`),
  ],
);

/**
 * The régua de cobrança's settings (DECISIONS §11): one row, id 1, none until an administrator
 * saves it (src/api/dunning/settings.ts answers the defaults: off). `etapas` is the JSON list of
 * steps ({dias, canal, assunto, texto}); the repeated steps after the last one and the "aviso de
 * bloqueio" step are columns.
 */
export const dunningSettings = sqliteTable(
  "regua",
  {
    id: integer("id").primaryKey(),
    ativa: integer("ativa", { mode: "boolean" }).notNull().default(false),
    etapas: text("etapas").notNull(),
    repetirCadaDias: integer("repetir_cada_dias").notNull().default(7),
    maxAposVencimento: integer("max_apos_vencimento").notNull().default(6),
    avisoBloqueio: text("aviso_bloqueio").notNull(),
    janelaInicio: text("janela_inicio").notNull().default("08:00"),
    janelaFim: text("janela_fim").notNull().default("20:00"),
    apenasDiasUteis: integer("apenas_dias_uteis", { mode: "boolean" }).notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check("regua_single_row_chk", sql`${t.id} = 1`)],
);

export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
/**
 * A message's own state: `fila` (an e-mail: its fate is its outbox row's), `pendente` (a WhatsApp
 * message waiting in the day's worklist), `enviada` (a manual Cobrar, or a WhatsApp marked sent),
 * `pulada` (not sent, `motivo` says why).
 */
export const MESSAGE_STATES = ["fila", "pendente", "enviada", "pulada"] as const;

/**
 * Every charge message, automatic or manual (DECISIONS §7, §11): who it went to, by which
 * channel, which step, which installments; an e-mail is linked to its outbox row.
 */
export const messages = sqliteTable(
  "mensagens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The APP_TZ day it was decided (or sent by hand). */
    data: text("data").notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    canal: text("canal", { enum: MESSAGE_CHANNELS }).notNull(),
    origem: text("origem", { enum: ["regua", "manual"] }).notNull(),
    /** "D−5", "D+3", "Aviso de bloqueio"; null for a manual Cobrar. */
    etapa: text("etapa"),
    status: text("status", { enum: MESSAGE_STATES }).notNull(),
    motivo: text("motivo"),
    destino: text("destino"),
    assunto: text("assunto"),
    texto: text("texto"),
    /** JSON [{id, numerosParcela, valor, vencimento}] as they were when decided. */
    parcelas: text("parcelas").notNull(),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    /** Who sent it by hand or marked it sent; null for the régua's own e-mails. */
    userId: integer("user_id"),
    userEmail: text("user_email"),
    enviadaEm: text("enviada_em"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mensagens_data_idx").on(t.data, t.id),
    index("mensagens_client_idx").on(t.clientId, t.data),
    index("mensagens_status_idx").on(t.status, t.canal, t.data),
    check("mensagens_canal_chk", sql`${t.canal} in ('email', 'whatsapp')`),
    check("mensagens_status_chk", sql`${t.status} in ('fila', 'pendente', 'enviada', 'pulada')`),
  ],
);

/**
 * Which installments each message charged (an installment twice when it reached two steps that
 * day, say D+7 and the block warning). `etapa` is the régua's step key ("D+3", "bloqueio"):
 * the unique index is the exactly-once rule — one message per (installment, step), ever — written
 * in the transaction of the decision and its outbox row. Manual messages have no step.
 */
export const messageInstallments = sqliteTable(
  "mensagem_parcelas",
  {
    messageId: integer("mensagem_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    receivableId: integer("receivable_id")
      .notNull()
      .references(() => receivables.id, { onDelete: "cascade" }),
    etapa: text("etapa"),
    data: text("data").notNull(),
  },
  (t) => [
    index("mensagem_parcelas_mensagem_idx").on(t.messageId),
    uniqueIndex("mensagem_parcelas_etapa_idx").on(t.receivableId, t.etapa).where(sql`${t.etapa} IS NOT NULL`),
    index("mensagem_parcelas_receivable_idx").on(t.receivableId, t.data),
  ],
);
