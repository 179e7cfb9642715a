// The history's one pt-BR wording (DECISIONS §6): the side panel, the /history page and its CSV
// all show an event as the sentence this module writes, so the three never disagree.
import { formatDateBR } from "./dates.ts";
import { installmentsText, list, type BlockingInstallment } from "./block-text.ts";
import { formatBRL, parseMoney } from "./money.ts";

export { automaticBlockText, type BlockingInstallment } from "./block-text.ts";

export const HISTORY_ENTITIES = ["client", "subscription", "supplier", "partner", "installment", "payable", "user", "settings", "category", "cost_centre", "bank_account"] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

const HISTORY_ACTIONS = [
  "create",
  "update",
  "delete",
  "block",
  "unblock",
  "auto_block",
  "auto_unblock",
  "generate",
  "pay",
  "undo_payment",
  "redate",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "user_add",
  "user_passwd",
  "subscription_generate",
  "readjust",
  "trial_end",
  "link_create",
  "link_revoke",
  "import",
  "charge",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** An action as a person names it ("Ação" in the CSV); a payable's payment is a "Pagamento". */
const ACTION_LABELS: Record<HistoryAction, string> = {
  create: "Cadastro",
  update: "Alteração",
  delete: "Exclusão",
  block: "Bloqueio",
  unblock: "Desbloqueio",
  auto_block: "Bloqueio automático",
  auto_unblock: "Desbloqueio automático",
  generate: "Geração de parcelas",
  pay: "Baixa",
  undo_payment: "Baixa cancelada",
  redate: "Novo vencimento",
  sign_in: "Entrada",
  sign_in_failed: "Entrada recusada",
  sign_out: "Saída",
  user_add: "Usuário criado",
  user_passwd: "Senha alterada",
  subscription_generate: "Gerada pela assinatura",
  readjust: "Reajuste",
  trial_end: "Fim do trial",
  link_create: "Link do cliente gerado",
  link_revoke: "Link do cliente revogado",
  import: "Importação",
  charge: "Cobrança",
};

const isHistoryEntity = (entity: string): entity is HistoryEntity => (HISTORY_ENTITIES as readonly string[]).includes(entity);
const isHistoryAction = (action: string): action is HistoryAction => (HISTORY_ACTIONS as readonly string[]).includes(action);

export function actionLabel(action: string, entity: string): string {
  if (!isHistoryAction(action)) return action;
  if (action === "pay" && entity === "payable") return "Pagamento";
  return ACTION_LABELS[action];
}

/** The /history filter's "Tipo de registro" names. */
export const ENTITY_LABELS: Record<HistoryEntity, string> = {
  client: "Clientes",
  subscription: "Assinaturas",
  supplier: "Fornecedores",
  partner: "Parceiros",
  installment: "Contas a receber",
  payable: "Contas a pagar",
  user: "Acessos e usuários",
  settings: "Configurações",
  category: "Plano de contas",
  cost_centre: "Centros de custo",
  bank_account: "Contas bancárias",
};

/** An event as it is read (the API's row minus the sentence). */
interface HistoryFacts {
  usuario: string;
  acao: string;
  entidade: string;
  rotulo: string;
  detalhes: Record<string, unknown>;
}

/** Each entity's noun: typed by HISTORY_ENTITIES, so a new entity does not compile without its own. */
const NOUN: Record<HistoryEntity, { the: string; a: string }> = {
  client: { the: "o cliente", a: "cliente" },
  subscription: { the: "a assinatura de", a: "assinatura" },
  supplier: { the: "o fornecedor", a: "fornecedor" },
  partner: { the: "o parceiro", a: "parceiro" },
  installment: { the: "a parcela", a: "parcela" },
  payable: { the: "a conta a pagar", a: "conta a pagar" },
  user: { the: "o usuário", a: "usuário" },
  settings: { the: "as configurações", a: "configurações" },
  category: { the: "a categoria", a: "categoria" },
  cost_centre: { the: "o centro de custo", a: "centro de custo" },
  bank_account: { the: "a conta bancária", a: "conta bancária" },
};

/** Field names as the forms call them, for "Mensalidade: R$ 1.000,00 → R$ 1.200,00". */
const FIELD_LABELS: Record<string, string> = {
  nome: "Nome",
  cnpj: "CNPJ",
  contato: "Contato",
  telefone: "Telefone",
  email: "E-mail",
  url: "Site",
  valorMensalidade: "Mensalidade",
  codigoCliente: "Código",
  isTrial: "Trial",
  naoEnviarCobrancas: "Não enviar cobranças automáticas",
  ativa: "Ativa",
  repetirCadaDias: "Repetir a cada (dias úteis)",
  maxAposVencimento: "Máximo após o vencimento",
  janelaInicio: "Enviar a partir de",
  janelaFim: "Enviar até",
  apenasDiasUteis: "Só em dias úteis",
  cidade: "Cidade",
  estado: "UF",
  empresa: "Empresa",
  chavePix: "Chave PIX",
  cnpjEmpresa: "CNPJ da empresa",
  host: "Servidor SMTP",
  porta: "Porta",
  seguranca: "Segurança",
  usuario: "Usuário",
  remetenteNome: "Nome do remetente",
  remetenteEmail: "E-mail do remetente",
  responderPara: "Responder para",
  aceitarAutoassinado: "Aceitar certificado autoassinado",
  enderecoEmpresa: "Endereço da empresa",
  valor: "Valor",
  ativo: "Ativo",
  papel: "Perfil",
  antecedenciaDias: "Antecedência (dias)",
  vencimentoEmDiaUtil: "Vencimento em dia útil",
  diaVencimento: "Dia de vencimento",
  inicio: "Início",
  fim: "Fim",
  trialAte: "Trial até",
  status: "Situação",
  categoria: "Categoria",
  categoriaId: "Categoria padrão (nº)",
  centroCusto: "Centro de custo",
  descricao: "Descrição",
  grupo: "Grupo",
  reajusteMes: "Mês do reajuste",
  // Contas bancárias (issue 34 §3)
  banco: "Banco",
  agencia: "Agência",
  conta: "Conta",
  apelido: "Apelido",
  saldoInicial: "Saldo inicial",
  saldoInicialData: "Data do saldo inicial",
  padrao: "Conta padrão",
};
const MONEY_FIELDS = new Set(["valorMensalidade", "valor", "valorPago", "multa", "juros", "total", "saldoInicial"]);

/** Who did it, as the trail writes it. */
export const who = (email: string) => (email === "sistema" ? "Sistema" : email);

/** "R$ 355,00" from the API's "355.00" (or a number); "" when absent. */
function money(value: unknown): string {
  const c = parseMoney(value);
  return c === null ? "" : formatBRL(c);
}

function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vazio)";
  if (MONEY_FIELDS.has(field)) return money(value) || String(value);
  if (typeof value === "boolean") return value ? "sim" : "não";
  return String(value);
}

/** " (baixa por conciliação, extrato 3, FITID 2026…)" when a bank statement settled it. */
function reconciliation(d: Record<string, unknown>): string {
  const c = d.conciliacao as { extrato?: unknown; fitid?: unknown } | undefined;
  return c ? ` (baixa por conciliação, extrato ${String(c.extrato)}, FITID ${String(c.fitid)})` : "";
}

/** "; a linha do extrato 3 de 05/11/2026 (R$ 150,00, FITID 2026…) voltou a pendente" when a removed payment freed one. */
function freedLine(d: Record<string, unknown>): string {
  const l = d.linhaExtrato as { extrato?: unknown; data?: unknown; valor?: unknown; fitid?: unknown } | undefined;
  if (!l) return "";
  const extrato = l.extrato === null || l.extrato === undefined ? "" : ` ${String(l.extrato)}`;
  const valor = String(l.valor ?? "");
  const amount = valor.startsWith("-") ? `-${money(valor.slice(1))}` : money(valor);
  return `; a linha do extrato${extrato} de ${formatDateBR(String(l.data ?? ""))} (${amount}, FITID ${String(l.fitid)}) voltou a pendente`;
}

/** " (criada da linha do extrato 3 de 05/11/2026, R$ 150,00, FITID …)": "Criar lançamento" made it from a bank line. */
function madeFromLine(d: Record<string, unknown>): string {
  const l = d.criadaDaLinha as { extrato?: unknown; data?: unknown; valor?: unknown; fitid?: unknown } | undefined;
  if (!l) return "";
  const valor = String(l.valor ?? "");
  const amount = valor.startsWith("-") ? `-${money(valor.slice(1))}` : money(valor);
  return ` (criada da linha do extrato ${String(l.extrato)} de ${formatDateBR(String(l.data ?? ""))}, ${amount}, FITID ${String(l.fitid)})`;
}

/** "03/2026" from "2026-03" (a competência as people write it). */
function monthText(ym: string): string {
  return /^\d{4}-\d{2}$/.test(ym) ? `${ym.slice(5, 7)}/${ym.slice(0, 4)}` : ym;
}

const CAUSE: Record<string, string> = {
  pay: "baixa da",
  undo_payment: "baixa cancelada da",
  redate: "novo vencimento da",
  delete: "exclusão da",
  generate: "geração da",
  subscription_generate: "geração pela assinatura da",
};

/** A person's own session (sign-in, refused sign-in, sign-out): the record is the person. */
const OWN_SESSION = new Set(["sign_in", "sign_in_failed", "sign_out"]);
const at = (d: Record<string, unknown>) => (d.endereco ? ` (endereço ${d.endereco})` : "");

/**
 * An event as a row of the /history trail and its CSV, where "Usuário" has a column of its own:
 * a session's e-mail shows there once (issue 37 §12), its Registro is empty and its sentence
 * does not name the person again ("Entrou (endereço 203.0.113.9)"). Other events read as
 * describeEvent says (timelines have no Usuário column and keep the name in the sentence).
 */
export function trailRow(e: HistoryFacts & { texto: string }): { registro: string; texto: string } {
  if (!OWN_SESSION.has(e.acao)) return { registro: e.rotulo, texto: e.texto };
  const d = e.detalhes;
  const texto = e.acao === "sign_in" ? `Entrou${at(d)}` : e.acao === "sign_out" ? "Saiu" : `Tentativa de entrada recusada${at(d)}`;
  return { registro: "", texto };
}

/** The event as one pt-BR sentence, e.g. "maria@… deu baixa em 12/03/2026: R$ 355,00 com multa R$ 7,00 e juros R$ 1,17". */
export function describeEvent(e: HistoryFacts): string {
  const u = who(e.usuario);
  const d = e.detalhes;
  // Stored text: an entity this version does not know still reads as "o registro".
  const noun = isHistoryEntity(e.entidade) ? NOUN[e.entidade] : { the: "o registro", a: "registro" };
  const ledger = e.entidade === "installment" || e.entidade === "payable";
  const action = e.acao;
  // Stored text: an action this version does not know still reads as something.
  if (!isHistoryAction(action)) return `${u}: ${action} — ${e.rotulo}`;
  switch (action) {
    case "create":
      return `${u} cadastrou ${noun.the} ${e.rotulo}`;
    case "update": {
      const changes = Object.entries((d.alteracoes ?? {}) as Record<string, [unknown, unknown]>).map(
        ([field, [before, after]]) => `${FIELD_LABELS[field] ?? field}: ${fieldValue(field, before)} → ${fieldValue(field, after)}`,
      );
      if (e.entidade === "settings" && d.secao === "email") {
        // The password itself is never in the event: only that it changed.
        if (d.senhaAlterada) changes.push("senha do e-mail alterada");
        if (d.senhaRemovida) changes.push("senha do e-mail removida");
        return `${u} alterou as configurações de e-mail${changes.length ? `: ${changes.join("; ")}` : ""}`;
      }
      if (e.entidade === "settings" && d.secao === "regua") {
        // The steps' texts are long: that they changed is said, not the texts.
        const words = Object.entries((d.alteracoes ?? {}) as Record<string, [unknown, unknown]>).map(([field, [before, after]]) =>
          field === "etapas" ? "etapas alteradas" : field === "avisoBloqueio" ? "aviso de bloqueio alterado" : `${field === "ativa" ? "Régua ligada" : (FIELD_LABELS[field] ?? field)}: ${fieldValue(field, before)} → ${fieldValue(field, after)}`,
        );
        return `${u} alterou a régua de cobrança${words.length ? `: ${words.join("; ")}` : ""}`;
      }
      if (e.entidade === "settings") {
        if (d.modeloAlterado) changes.push("modelo da mensagem alterado");
        return `${u} alterou as configurações de cobrança${changes.length ? `: ${changes.join("; ")}` : ""}`;
      }
      return `${u} alterou ${noun.the} ${e.rotulo}${changes.length ? `: ${changes.join("; ")}` : ""}`;
    }
    case "delete": {
      if (!ledger) return `${u} excluiu ${noun.the} ${e.rotulo}`;
      const r = (d.registro ?? {}) as Record<string, unknown>;
      return `${u} excluiu ${noun.the} ${e.rotulo} (${money(r.valor)}, vencimento ${formatDateBR(String(r.dataVencimento ?? ""))})${freedLine(d)}`;
    }
    case "block":
      return `${u} bloqueou ${noun.the} ${e.rotulo}`;
    case "unblock": {
      const perdoadas = d.perdoadas as { parcelas: BlockingInstallment[]; total: number } | undefined;
      const forgiven = perdoadas?.total ? `; perdoou ${installmentsText(perdoadas.parcelas, perdoadas.total, true)}` : "";
      return `${u} desbloqueou ${noun.the} ${e.rotulo}${forgiven}`;
    }
    case "auto_block": {
      const parcelas = (d.parcelas ?? []) as BlockingInstallment[];
      return `Bloqueio automático: ${installmentsText(parcelas, Number(d.total ?? parcelas.length), true)}`;
    }
    case "auto_unblock": {
      const causa = d.causa as { acao: string; parcelas: BlockingInstallment[] } | null | undefined;
      if (!causa?.parcelas?.length) return "Desbloqueio automático: nenhuma parcela vencida";
      return `Desbloqueio automático: ${CAUSE[causa.acao] ?? "alteração da"} ${installmentsText(causa.parcelas, causa.parcelas.length, false)}`;
    }
    case "generate":
      return `${u} gerou ${d.numParcelas} ${Number(d.numParcelas) === 1 ? "parcela" : "parcelas"} de ${e.rotulo}: total ${money(d.total)}, 1º vencimento ${formatDateBR(String(d.primeiroVencimento ?? ""))}${madeFromLine(d)}`;
    case "pay": {
      // Since issue 34 the event names the payment itself (`pagamento`); the row's sums stay beside it.
      const p = (d.pagamento ?? {}) as Record<string, unknown>;
      const multa = "multa" in p ? p.multa : d.multa;
      const juros = "juros" in p ? p.juros : d.juros;
      const fees: string[] = [];
      if ((parseMoney(multa) ?? 0) > 0) fees.push(`multa ${money(multa)}`);
      if ((parseMoney(juros) ?? 0) > 0) fees.push(`juros ${money(juros)}`);
      const verb = e.entidade === "payable" ? "registrou o pagamento em" : "deu baixa em";
      const kind =
        d.tipo === "parcial" ? ` (pagamento parcial; fica saldo de ${money(d.saldo)})` : d.tipo === "desconto" ? ` (quitada com desconto de ${money(p.desconto)})` : "";
      const amount = "valorRecebido" in p ? p.valorRecebido : d.valorPago;
      // A bulk action's payment says so (issue 35 §3): the person chose many rows at once.
      const batch = d.emLote === true ? " (em lote)" : "";
      // The account it went into or out of (issue 34 §3), when it names one.
      const account = typeof p.conta === "string" && p.conta ? ` na conta ${p.conta}` : "";
      return `${u} ${verb} ${formatDateBR(String(d.dataPagamento ?? ""))}: ${money(amount)}${fees.length ? ` com ${list(fees)}` : ""}${account}${kind}${reconciliation(d)}${batch}`;
    }
    case "undo_payment": {
      const p = (d.pagamento ?? {}) as Record<string, unknown>;
      const date = "dataPagamento" in p ? p.dataPagamento : d.dataPagamento;
      const amount = "valorRecebido" in p ? p.valorRecebido : d.valorPago;
      return `${u} cancelou a baixa de ${formatDateBR(String(date ?? ""))} (${money(amount)})${reconciliation(d)}${freedLine(d)}`;
    }
    case "redate":
      return `${u} alterou o vencimento de ${formatDateBR(String(d.de ?? ""))} para ${formatDateBR(String(d.para ?? ""))}`;
    case "sign_in":
      return `${u} entrou${d.endereco ? ` (endereço ${d.endereco})` : ""}`;
    case "sign_in_failed":
      return `Tentativa de entrada recusada para ${String(d.email ?? e.usuario)}${d.endereco ? ` (endereço ${d.endereco})` : ""}`;
    case "sign_out":
      return `${u} saiu`;
    case "user_add":
      return `${u} criou o usuário ${e.rotulo}`;
    case "user_passwd":
      return `${u} alterou a senha de ${e.rotulo} e encerrou as sessões abertas`;
    case "subscription_generate":
      return `${u} gerou ${e.rotulo} pela assinatura: ${money(d.valor)}, vencimento ${formatDateBR(String(d.dataVencimento ?? ""))}`;
    case "readjust":
      return `${u} aplicou reajuste de ${String(d.percentual ?? "").replace(".", ",")}% na assinatura de ${e.rotulo}: ${money(d.de)} → ${money(d.para)}, a partir de ${monthText(String(d.aPartirDe ?? ""))}`;
    case "trial_end":
      return `Fim do trial de ${e.rotulo} em ${formatDateBR(String(d.trialAte ?? ""))}: o cliente passa a pagar a mensalidade`;
    case "link_create":
      return `${u} gerou o link da página do cliente ${e.rotulo}${d.substituiu ? " (o link anterior deixou de funcionar)" : ""}`;
    case "link_revoke":
      return `${u} revogou o link da página do cliente ${e.rotulo}`;
    case "import": {
      const n = Number(d.clientes ?? 0);
      const started = Number(d.assinaturas ?? 0);
      return `${u} importou ${n} ${n === 1 ? "cliente" : "clientes"} do arquivo ${e.rotulo}${started ? ` e iniciou ${started} ${started === 1 ? "assinatura" : "assinaturas"}` : ""}`;
    }
    case "charge": {
      // The bulk Cobrar (issue 35 §3): an e-mail queued now, or a message put on the WhatsApp worklist.
      const batch = d.emLote === true ? " (em lote)" : "";
      return d.canal === "whatsapp"
        ? `${u} pôs a cobrança de ${money(d.valor)} na lista do WhatsApp${batch}`
        : `${u} cobrou ${money(d.valor)} por e-mail${batch}`;
    }
    default: {
      // A new action does not compile until it has its sentence here (and its label above).
      const unwritten: never = action;
      return unwritten;
    }
  }
}
