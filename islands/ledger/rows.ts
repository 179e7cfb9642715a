// The ledger's rows as one HTML string (issue 38 §1): the same function draws them on the server
// and in the browser, and React hands the table's body to it (`<tbody dangerouslySetInnerHTML>`)
// instead of rendering and hydrating ~20 elements a row. Rendering a page of 50 rows through React
// was ~85 % of /receivables' server time; as a string it is a few microseconds a row. The row's
// controls act through the list's own handlers by delegation (LedgerList: `rowAction`), so a row
// carries no handler, no id and no state: its checkbox's tick is set by the island after each render.
import { formatDateBR } from "../../src/lib/dates";
import { escapeHtml } from "../../src/lib/html";
import { installmentName } from "../../src/lib/installments";
import { formatMonthBR } from "../../src/lib/months";
import { formatBRL, parseMoney, ZERO, type Cents } from "../../src/lib/money";
import { deriveStatus } from "../../src/lib/status";
import type { IconName } from "../../src/ui/Icon";
import { LEDGER_KINDS, STATUS_BADGE, type LedgerKind, type LedgerRow } from "./kinds";

/** What can be done to a row, by the row's buttons or its "⋯" menu. */
export type RowActionKind = "pay" | "history" | "receipt" | "charge" | "redate" | "undo" | "edit" | "delete";

interface RowActionItem {
  kind: RowActionKind;
  /** The verb: the button's tooltip and name ("Baixar Padaria parcela 3/12"), the menu item's text. */
  label: string;
  icon: IconName;
  danger?: boolean;
}

/** A row as its buttons and dialogs name it: "Padaria parcela 3/12", "Padaria Mensalidade 12/2026". */
export const rowName = (r: LedgerRow) => `${r.partyName} ${installmentName(r)}`;

/**
 * The one home of which actions a row offers: the visible buttons (what is done to it most —
 * Baixar / Pagar — or, read-only and paid rows, Histórico) and the rest behind "⋯" (none for a
 * consulta, who is offered nothing that writes).
 */
export function rowActions(kind: LedgerKind, r: LedgerRow, canWrite: boolean): { visible: RowActionItem[]; menu: RowActionItem[] } {
  const history: RowActionItem = { kind: "history", label: "Histórico", icon: "history" };
  // A receivable's payment has its receipt (DECISIONS §12); a partly paid one has its receipts too.
  const receipt: RowActionItem = { kind: "receipt", label: "Recibo", icon: "download" };
  const paidReceivable = kind === "receber" && (r.status === "pago" || r.valorPago !== null);
  if (!canWrite) return { visible: paidReceivable ? [history, receipt] : [history], menu: [] };
  const edit: RowActionItem = { kind: "edit", label: "Editar lançamento", icon: "edit" };
  const remove: RowActionItem = { kind: "delete", label: "Excluir", icon: "trash", danger: true };
  // Undo cancels the last payment (issue 34): payables get it too, and a partly paid row has one.
  const undo: RowActionItem = { kind: "undo", label: kind === "receber" ? "Cancelar Baixa" : "Cancelar pagamento", icon: "undo" };
  if (r.status === "pago") return { visible: [history], menu: kind === "receber" ? [receipt, edit, undo] : [edit, undo, remove] };
  const paidSome = r.valorPago !== null;
  const pay: RowActionItem = { kind: "pay", label: kind === "receber" ? "Baixar" : "Pagar", icon: "check" };
  const menu: RowActionItem[] =
    kind === "receber"
      ? [
          { kind: "charge", label: "Cobrar", icon: "qr" },
          { kind: "redate", label: "Prorrogar", icon: "calendar-clock" },
          ...(paidSome ? [receipt, undo] : []),
          edit,
          history,
          ...(paidSome ? [] : [remove]),
        ]
      : [...(paidSome ? [undo] : []), edit, history, remove];
  return { visible: [pay], menu };
}

const cents = (text: string | null) => parseMoney(text ?? "0") ?? ZERO;
const money = (text: string | null) => formatBRL(cents(text));
// Self-closed: the HTML parser closes an element of SVG's own by "/>".
const icon = (name: IconName) => `<svg><use href="#i-${name}"/></svg>`;

/**
 * A row's cells in SPEC's order for its side (lists.css's phone labels, card roles and alignment
 * follow these positions: Cliente/Fornecedor is the card's title, Status its badge, Ações its
 * last line; Valor and Ações align to the end).
 */
function rowHtml(kind: LedgerKind, r: LedgerRow, today: string, canWrite: boolean): string {
  const info = LEDGER_KINDS[kind];
  const name = escapeHtml(rowName(r));
  // No title repeating the text: a name cut by the ellipsis shows whole in the page's one tooltip.
  const href = `${info.list.path}?${info.partyParam}=${r.partyId}`;
  const partyName = escapeHtml(r.partyName);
  // The checkbox is in the name's cell: the name keeps its width at 1280 px and a phone's card has
  // it on its title line. Its tick is the island's (never in the markup: a new tick must not redraw
  // the rows). `.bulk-cell > a` is styled as `.ui-ellipsis.cell-name__main` (no classes a row).
  const party = canWrite
    ? `<div class="bulk-cell"><input type="checkbox" aria-label="Selecionar ${name}"><a href="${href}">${partyName}</a></div>`
    : `<a class="ui-ellipsis cell-name__main" href="${href}">${partyName}</a>`;
  // A subscription's month is one of one: "Mensal" says what it is (its month is in Descrição).
  const parcela = r.competencia ? `<span class="ui-nowrap ledger-monthly" title="Mensalidade da assinatura: ${escapeHtml(formatMonthBR(r.competencia))}">Mensal</span>` : escapeHtml(r.numerosParcela);
  const due = formatDateBR(r.dataVencimento);
  const vencimento =
    r.cobradaEm && r.status !== "pago"
      ? `<span class="ledger-due"><span class="ui-nowrap">${due}</span><span class="ledger-charged" title="Última cobrança enviada em ${formatDateBR(r.cobradaEm)}">Cobrada em ${formatDateBR(r.cobradaEm).slice(0, 5)}</span></span>`
      : due;
  const valor =
    r.valorPago && r.valorPago !== r.valor
      ? `<span class="ledger-money"><span>${money(r.valor)}</span><span class="ledger-money__paid" title="Valor pago">pago ${money(r.valorPago)}</span></span>`
      : money(r.valor);
  const cells =
    kind === "receber"
      ? [party, parcela, vencimento, valor, statusHtml(r, today), descricaoHtml(r), actionsHtml(kind, r, name, canWrite)]
      : [party, parcela, valor, vencimento, statusHtml(r, today), descricaoHtml(r), actionsHtml(kind, r, name, canWrite)];
  return `<tr><td>${cells.join("</td><td>")}</td></tr>`;
}

function statusHtml(r: LedgerRow, today: string): string {
  // The TS form of the overdue rule: a page left open past midnight still shows the truth.
  const principalPago = (cents(r.valor) - cents(r.saldo) - cents(r.desconto)) as Cents;
  const badge = STATUS_BADGE[deriveStatus({ status: r.status === "pago" ? "pago" : "em_aberto", dataVencimento: r.dataVencimento, principalPago }, today)];
  const html = `<span class="ui-badge ui-badge--${badge.variant}">${badge.label}</span>`;
  // Under "Pago" it reads "Pago em 10/02/2026" in a line that fits its column (issue 37 §10); a
  // partly paid row says what is left (issue 34).
  if (r.status === "pago") return `<span class="ledger-status">${html}<span class="ledger-paid-on"> em ${formatDateBR(r.dataPagamento ?? "")}</span></span>`;
  if (principalPago > 0) return `<span class="ledger-status">${html}<span class="ledger-paid-on"> saldo ${money(r.saldo)}</span></span>`;
  return html;
}

/**
 * The description, and the row's category (and cost centre) under it (issue 36): each line ends
 * in "…" by `.ui-lines`' rule, and shows whole in the page's tooltip. The category's group is the
 * filter's, not every row's.
 */
function descricaoHtml(r: LedgerRow): string {
  if (!r.categoriaNome) return `<span class="ui-ellipsis">${escapeHtml(r.descricao)}</span>`;
  const category = `${r.categoriaNome.split(" › ").pop()}${r.centroCustoNome ? ` · ${r.centroCustoNome}` : ""}`;
  return `<span class="ui-lines"><span>${escapeHtml(r.descricao)}</span><span>${escapeHtml(category)}</span></span>`;
}

/**
 * The visible icon buttons (the verb in the page's one tooltip, `data-tip`, and in the name with
 * the row's) and the "⋯" menu button (APG's menu button: `aria-expanded` only while open). No
 * `type`: no form holds the table; no class: `.ledger-table .row-actions > button` is styled as
 * `.ui-icon-action` (button.css).
 */
function actionsHtml(kind: LedgerKind, r: LedgerRow, name: string, canWrite: boolean): string {
  const { visible, menu } = rowActions(kind, r, canWrite);
  const buttons = visible.map((a) => `<button data-tip="${a.label}" aria-label="${a.label} ${name}">${icon(a.icon)}</button>`);
  if (menu.length) buttons.push(`<button aria-label="Mais ações para ${name}" aria-haspopup="menu">${icon("more")}</button>`);
  return `<div class="row-actions">${buttons.join("")}</div>`;
}

/** A page of rows, as the table's body. */
export function ledgerRowsHtml(kind: LedgerKind, rows: readonly LedgerRow[], today: string, canWrite: boolean): string {
  let html = "";
  for (const r of rows) html += rowHtml(kind, r, today, canWrite);
  return html;
}

/** Which visible button was pressed: its verb (`data-tip`) names it in the row's actions. */
export function visibleAction(kind: LedgerKind, r: LedgerRow, canWrite: boolean, tip: string): RowActionItem | undefined {
  return rowActions(kind, r, canWrite).visible.find((a) => a.label === tip);
}
