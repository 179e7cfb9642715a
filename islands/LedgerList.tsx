import type { AccountChoice } from "../src/api/accounts/model";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatMonthBR } from "../src/lib/months";
// The fees' rules load with Baixar's dialog (which defaults the rates), not with the page.
import type { FeeRates } from "../src/lib/fees";
import { EmptyState } from "../src/ui/EmptyState";
import { Field } from "../src/ui/Field";
import { FilterBar } from "../src/ui/FilterBar";
import { Icon } from "../src/ui/Icon";
import { loadedRowMenu, loadRowMenu, preloadRowMenu, rowMenuFailed } from "../src/ui/RowMenu";
import { Input } from "../src/ui/Input";
import { Select } from "../src/ui/Select";
import type { TableHeader } from "../src/ui/Table";
import { api, ApiError } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { LEDGER_KINDS, ledgerRow, STATUS_FILTER_OPTIONS, type ApiLedgerRow, type LedgerKind, type LedgerRow, type PackedRows, unpackRows } from "./ledger/kinds";
import { PartyPicker, type Party } from "./lib/PartyPicker";
import type { LedgerChoices } from "../src/api/categories/model";
import { searchOf, useUrlList, type ListParams } from "./lib/list";
import { ListCount, ListExport, ListPager, ListTable } from "./lib/list-kit";
import { ledgerSummary } from "./lib/state";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";
import { PageSelect, selectedOnPage, tickRow, type BulkSelection } from "./ledger/selection";
import { ledgerRowsHtml, rowActions, rowName, visibleAction, type RowActionKind } from "./ledger/rows";

// Loaded with their first opening (or as a row's button is pointed at): the forms with their zod
// schemas, the charge's e-mail and the timeline stay out of the page's script.
const PaymentDialog = onDemand(() => import("./ledger/PaymentDialog").then((m) => m.PaymentDialog));
const ChargeDialog = onDemand(() => import("./ledger/ChargeDialog").then((m) => m.ChargeDialog));
const DueDateDialog = onDemand(() => import("./ledger/DueDateDialog").then((m) => m.DueDateDialog));
const EditEntryDialog = onDemand(() => import("./ledger/EditEntryDialog").then((m) => m.EditEntryDialog));
// The bulk bar and its dialogs load with the first selection (a pointer or the focus on a row's
// checkbox fetches them ahead).
const BulkBar = onDemand(() => import("./ledger/BulkBar").then((m) => m.BulkBar));
// Excluir and Cancelar Baixa's confirmation, with its choice of payment.
const RowConfirm = onDemand(() => import("./ledger/RowConfirm").then((m) => m.RowConfirm));
const HistoryPanel = onDemand(() => import("./history/HistoryPanel").then((m) => m.HistoryPanel));

export interface LedgerListProps {
  kind: LedgerKind;
  /** The first page exactly as the list API answers it for the same URL (one row shape), its rows packed by the page (packRows). */
  initial: { rows: ApiLedgerRow[] | PackedRows; total: number };
  /** The view the server rendered: status, mes, clientId|supplierId, ordem, pagina. */
  params: ListParams;
  /** Today in APP_TZ (the browser has no APP_TZ): default payment date, overdue display. */
  today: string;
  /** The party the list is narrowed to (?clientId=), for the filter chip. */
  partyName: string | null;
  /** The company's fee rates (Configurações), for the fees Baixar proposes; SPEC's when absent. */
  rates?: FeeRates;
  /** The side's categories and the cost centres: the filters and "Editar lançamento" (issue 36). */
  choices: LedgerChoices;
  /** The active bank accounts a payment may name (issue 34 §3), the default first; none: no account asked. */
  contas?: AccountChoice[];
}

const NONE: BulkSelection = { all: false, ids: [] };

type Action = { kind: Exclude<RowActionKind, "receipt">; row: LedgerRow } | null;

/** A row's "⋯" menu, open beside its button. */
type OpenMenu = { anchor: HTMLButtonElement; row: LedgerRow; focus: "first" | "last" } | null;

/**
 * Contas a Receber / Contas a Pagar (SPEC §2): status and month filters in the URL, the sortable
 * page of installments, the row actions with their dialogs; the cards (another island) follow
 * every change through the shared summary signal.
 */
export default function LedgerList({ kind, initial, params: initialParams, today, partyName, rates, choices, contas = [] }: LedgerListProps) {
  const info = LEDGER_KINDS[kind];
  // A consulta reads the list (filters, sort, export, Histórico) and is offered nothing that writes.
  const canWrite = useCanWrite();
  const { list, refresh } = useLedgerView(kind, initial, initialParams);
  const { params, update } = list;
  const [party, setParty] = useState<Party | null>(() =>
    initialParams[info.partyParam] ? { id: Number(initialParams[info.partyParam]), nome: partyName ?? `#${initialParams[info.partyParam]}`, statusBloqueio: 0 } : null,
  );
  // The picker's party follows the URL (Back and Forward change it without the picker).
  const partyId = params[info.partyParam] ?? "";
  if ((party ? String(party.id) : "") !== partyId) setParty(partyId ? { id: Number(partyId), nome: "", statusBloqueio: 0 } : null);
  useEffect(() => {
    if (!party || party.nome) return;
    // Arrived at through Back/Forward: the picker shows the party's name, asked of its register.
    let current = true;
    api<{ nome: string; statusBloqueio: 0 | 1 }>(`${info.partyEndpoint}/${party.id}`)
      .then((found) => current && setParty({ id: party.id, nome: found.nome, statusBloqueio: found.statusBloqueio }))
      .catch(() => current && setParty({ ...party, nome: `#${party.id}` }));
    return () => {
      current = false;
    };
  }, [party, info.partyEndpoint]);
  const rows = useMemo(() => list.rows.map((row) => ledgerRow(kind, row)), [kind, list.rows]);
  const [action, setAction] = useState<Action>(null);
  const filtering = Boolean(params.status || params.mes || params[info.partyParam] || params.pagoEm || params.pagoDe || params.pagoAte || params.categoriaId || params.centroCustoId);
  // The bulk selection (issue 35 §3): rows of this page, or the whole filter; a new view starts none.
  const [selection, setSelection] = useState<BulkSelection>(NONE);
  const viewKey = searchOf(params);
  const [selectedView, setSelectedView] = useState(viewKey);
  if (selectedView !== viewKey) {
    setSelectedView(viewKey);
    setSelection(NONE);
  }

  function afterChange() {
    setAction(null);
    setSelection(NONE);
    refresh();
  }

  // A company without cost centres is offered no order by them (one in the URL still shows it).
  const centres = choices.centros.length > 0 || Boolean(params.centroCustoId) || (params.ordem ?? "").replace(/^-/, "") === "centroCusto";
  const headers = useMemo(() => ledgerHeaders(kind, centres), [kind, centres]);
  // The rows as one string (islands/ledger/rows.ts), the same on the server and here: React sets
  // it as the table's body only when it changes, so a tick or a menu leaves the rows alone.
  const bodyHtml = useMemo(() => ledgerRowsHtml(kind, rows, today, canWrite), [kind, rows, today, canWrite]);
  const [menu, setMenu] = useState<OpenMenu>(null);
  const screen = useRef<HTMLDivElement>(null);
  // The checkboxes follow the selection (their tick is never in the markup).
  useLayoutEffect(() => {
    const body = screen.current?.querySelector<HTMLTableSectionElement>(".ledger-table tbody");
    if (!body || !canWrite) return;
    const ticked = new Set(selectedOnPage(selection, rows));
    for (const [i, tr] of [...body.children].entries()) {
      const box = tr.querySelector<HTMLInputElement>(".bulk-cell > input");
      if (box && rows[i]) box.checked = ticked.has(rows[i].id);
    }
  }, [selection, rows, bodyHtml, canWrite]);
  // New rows: a menu's button has gone with the old ones.
  useEffect(() => setMenu(null), [bodyHtml]);

  /** A row's action, from its button or its menu: a dialog, or the receipt's page (DECISIONS §12). */
  function run(verb: RowActionKind, r: LedgerRow) {
    if (verb === "receipt") location.assign(`/receivables/${r.id}/recibo`);
    else setAction({ kind: verb, row: r });
  }

  /** The row (of this page's rows) an event happened in, and its control: delegation for the HTML rows. */
  function rowEvent(target: EventTarget): { r: LedgerRow; control: Element } | null {
    if (!(target instanceof Element)) return null;
    const tr = target.closest(".ledger-table tbody > tr");
    const control = target.closest("button, input");
    const r = tr ? rows[[...tr.parentElement!.children].indexOf(tr)] : undefined;
    return r && control && tr!.contains(control) ? { r, control } : null;
  }

  function rowAction(event: MouseEvent) {
    const found = rowEvent(event.target);
    if (!found) return;
    const { r, control } = found;
    if (control instanceof HTMLInputElement) return setSelection(tickRow(selection, rows, r.id, control.checked));
    if (!(control instanceof HTMLButtonElement)) return;
    if (control.hasAttribute("aria-haspopup")) return menu?.anchor === control ? setMenu(null) : openMenu({ anchor: control, row: r, focus: "first" });
    const chosen = visibleAction(kind, r, canWrite, control.dataset.tip ?? "");
    if (chosen) run(chosen.kind, r);
  }

  // APG's menu button: ArrowDown / ArrowUp open it on the first / last item.
  function rowMenuKey(event: KeyboardEvent) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const found = rowEvent(event.target);
    if (!found || !(found.control instanceof HTMLButtonElement) || !found.control.hasAttribute("aria-haspopup")) return;
    event.preventDefault();
    openMenu({ anchor: found.control, row: found.r, focus: event.key === "ArrowDown" ? "first" : "last" });
  }

  /** Opens a row's menu once its code is there (src/ui/RowMenuList.tsx, on demand). */
  function openMenu(next: NonNullable<OpenMenu>) {
    if (loadedRowMenu()) return setMenu(next);
    loadRowMenu().then(() => setMenu(next), rowMenuFailed);
  }

  const row = action?.row;

  // A consulta opens only the Histórico: the forms' code is not fetched for them.
  const intent = preloadOnIntent(...(canWrite ? [PaymentDialog, ChargeDialog, DueDateDialog, EditEntryDialog, HistoryPanel, RowConfirm] : [HistoryPanel]));
  const bulkIntent = (event: { target: EventTarget }) => {
    if (canWrite && event.target instanceof Element && event.target.closest(".bulk-cell > input, .bulk-page")) void BulkBar.preload();
    // A row's "⋯": its menu's code, ahead of the click.
    if (event.target instanceof Element && event.target.closest("tbody [aria-haspopup]")) preloadRowMenu();
  };
  const selected = selection.all ? list.total : selection.ids.length;
  const RowMenuList = loadedRowMenu();
  return (
    <div
      ref={screen}
      className="list-screen"
      onClick={rowAction}
      onKeyDown={rowMenuKey}
      onPointerOver={(event) => {
        intent.onPointerOver(event);
        bulkIntent(event);
      }}
      onFocus={(event) => {
        intent.onFocus(event);
        bulkIntent(event);
      }}
    >
      <FilterBar
        label={`Filtrar ${info.list.listName}`}
        active={filtering}
        onClear={() => update({ status: "", mes: "", [info.partyParam]: "", pagoEm: "", pagoDe: "", pagoAte: "", categoriaId: "", centroCustoId: "" })}
      >
        <Field label="Status">
          <Select name="status" options={STATUS_FILTER_OPTIONS} value={params.status ?? ""} onValueChange={(status) => update({ status })} />
        </Field>
        {/* The browser draws a month input in its own language ("November 2026"): the month
            chosen is also said in Cofre's words beside it (issue 37 §18). */}
        <Field label="Mês de vencimento" hint={params.mes ? `Vencimento em ${formatMonthBR(params.mes)}` : undefined}>
          <Input type="month" name="mes" value={params.mes ?? ""} onValueChange={(mes) => update({ mes })} />
        </Field>
        {/* By payment date, the accountant's regime de caixa (issue 35 §4): a month or a period. */}
        <Field label="Mês de pagamento" hint={params.pagoEm ? `Pagas em ${formatMonthBR(params.pagoEm)}` : undefined}>
          <Input type="month" name="pagoEm" value={params.pagoEm ?? ""} onValueChange={(pagoEm) => update({ pagoEm })} />
        </Field>
        <Field label="Pagas de">
          <Input type="date" name="pagoDe" value={params.pagoDe ?? ""} onValueChange={(pagoDe) => update({ pagoDe })} />
        </Field>
        <Field label="Pagas até">
          <Input type="date" name="pagoAte" value={params.pagoAte ?? ""} onValueChange={(pagoAte) => update({ pagoAte })} />
        </Field>
        <Field label={info.partyLabel}>
          <PartyPicker
            endpoint={info.partyEndpoint}
            value={party}
            placeholder={`Todos os ${kind === "receber" ? "clientes" : "fornecedores"}`}
            onChange={(chosen) => {
              setParty(chosen);
              update({ [info.partyParam]: chosen ? String(chosen.id) : "" });
            }}
          />
        </Field>
        <Field label="Categoria">
          <Select
            name="categoriaId"
            placeholder="Todas"
            options={choices.categorias.map((c) => ({ value: String(c.id), label: c.ativa ? c.nome : `${c.nome} (inativa)` }))}
            value={params.categoriaId ?? ""}
            onValueChange={(categoriaId) => update({ categoriaId })}
          />
        </Field>
        {(choices.centros.length > 0 || params.centroCustoId) && (
          <Field label="Centro de custo">
            <Select
              name="centroCustoId"
              placeholder="Todos"
              options={choices.centros.map((c) => ({ value: String(c.id), label: c.nome }))}
              value={params.centroCustoId ?? ""}
              onValueChange={(centroCustoId) => update({ centroCustoId })}
            />
          </Field>
        )}
        {/* Set by the DRE by caixa's links: paid in that month. */}
        {params.pagamento && (
          <Field label="Mês de pagamento" hint={`Pagas em ${formatMonthBR(params.pagamento)}`}>
            <Input type="month" name="pagamento" value={params.pagamento} onValueChange={(pagamento) => update({ pagamento })} />
          </Field>
        )}
      </FilterBar>

      <section className="list-card" aria-labelledby="ledger-contagem">
        <ListExport list={list} />
        <ListCount id="ledger-contagem" list={list} noun="Parcelas" none="Nenhuma parcela" />
        {canWrite && rows.length > 0 && <PageSelect selection={selection} rows={rows} select={setSelection} />}
        <ListTable
          list={list}
          className={`ledger-table ledger-table--${kind}`}
          label={kind === "receber" ? "Parcelas a receber" : "Contas a pagar"}
          columns={headers}
          bodyHtml={bodyHtml}
          // Fixed columns (rows.ts' order): their phone labels are in lists.css.
          phoneLabels="stylesheet"
          empty={
            <EmptyState
              icon={kind === "receber" ? "receivable" : "payable"}
              title={info.empty}
              hint={
                filtering
                  ? "Ajuste os filtros para ver outras parcelas."
                  : kind === "receber"
                    ? // Where receivables come from (issue 37 §16): most from subscriptions, the rest generated.
                      canWrite
                      ? "Cada assinatura ativa gera aqui a parcela do mês, sozinha. Para um contrato avulso, gere as parcelas."
                      : "Aparecem aqui as parcelas que as assinaturas geram a cada mês e as geradas de um contrato."
                    : canWrite
                      ? "Gere as parcelas de um contrato para acompanhá-las aqui."
                      : "As parcelas geradas aparecem aqui."
              }
              action={
                !filtering &&
                (canWrite || kind === "receber") && (
                  <>
                    {canWrite && (
                      <a className="ui-button ui-button--primary" href={info.generatePath}>
                        <Icon name="calendar-plus" size={18} />
                        {info.generateLabel}
                      </a>
                    )}
                    {kind === "receber" && (
                      <a className="ui-button ui-button--secondary" href="/subscriptions">
                        <Icon name="repeat" size={18} />
                        Ver assinaturas
                      </a>
                    )}
                  </>
                )
              }
            />
          }
        />
        <ListPager list={list} />
      </section>

      {/* One menu for the page, beside the row's button (position: fixed), which gets the focus back. */}
      {menu && RowMenuList && (
        <RowMenuList
          anchor={menu.anchor}
          label={`Ações para ${rowName(menu.row)}`}
          focus={menu.focus}
          items={rowActions(kind, menu.row, canWrite).menu.map((item) => ({ ...item, onSelect: () => run(item.kind, menu.row) }))}
          onClose={() => setMenu(null)}
        />
      )}

      {canWrite && selected > 0 && (
        <Loading onFailed={() => setSelection(NONE)}>
          <BulkBar
            kind={kind}
            endpoint={info.list.endpoint}
            selection={selection}
            total={list.total}
            pageRows={rows.length}
            params={params}
            today={today}
            contas={contas}
            onSelectAll={() => setSelection({ all: true })}
            onClear={() => setSelection(NONE)}
            onDone={afterChange}
          />
        </Loading>
      )}

      {action?.kind === "pay" && row && (
        <Loading onFailed={() => setAction(null)}>
          <PaymentDialog
            kind={kind}
            row={row}
            today={today}
            rates={rates}
            contas={contas}
            onClose={() => setAction(null)}
            send={(body) => api(`${info.list.endpoint}/${row.id}/${kind === "receber" ? "pay-with-fees" : "pay"}`, { method: "PATCH", body })}
            onPaid={afterChange}
          />
        </Loading>
      )}

      {action?.kind === "edit" && row && (
        <Loading onFailed={() => setAction(null)}>
          <EditEntryDialog row={row} choices={choices} onClose={() => setAction(null)} send={(body) => api(`${info.list.endpoint}/${row.id}`, { method: "PATCH", body })} onSaved={afterChange} />
        </Loading>
      )}

      {action?.kind === "charge" && row && (
        <Loading onFailed={() => setAction(null)}>
          <ChargeDialog row={row} onClose={() => setAction(null)} />
        </Loading>
      )}

      {action?.kind === "history" && row && (
        <Loading onFailed={() => setAction(null)}>
          <HistoryPanel subject={{ kind: kind === "receber" ? "installment" : "payable", id: row.id, name: rowName(row) }} onClose={() => setAction(null)} />
        </Loading>
      )}

      {action?.kind === "redate" && row && (
        <Loading onFailed={() => setAction(null)}>
          <DueDateDialog
            row={row}
            onClose={() => setAction(null)}
            send={(dataVencimento) => {
              // The row may have gone from the list meanwhile (paid or deleted in another tab).
              const chosen = rows.find((r) => r.id === row.id);
              if (!chosen) return Promise.reject(new ApiError(0, "Parcela não selecionada", "Parcela não selecionada"));
              return api(`${info.list.endpoint}/${chosen.id}/due-date`, { method: "PATCH", body: { dataVencimento } });
            }}
            onSaved={afterChange}
          />
        </Loading>
      )}

      {(action?.kind === "delete" || action?.kind === "undo") && row && (
        <Loading onFailed={() => setAction(null)}>
          <RowConfirm kind={kind} action={action.kind} row={row} endpoint={info.list.endpoint} onDone={afterChange} onCancel={() => setAction(null)} />
        </Loading>
      )}
    </div>
  );
}

/**
 * The columns' headers in SPEC's order for each side (the rows' cells: islands/ledger/rows.ts, in
 * the same order); sorting is done by the server.
 */
// The plano de contas' orders (issue 36 §3): grupo › categoria, and the cost centre's name.
const CATEGORIA_SORT = { key: "categoria", header: "Categoria" };
const CENTRO_SORT = { key: "centroCusto", header: "Centro de custo" };

function ledgerHeaders(kind: LedgerKind, centres: boolean): TableHeader[] {
  const info = LEDGER_KINDS[kind];
  const party: TableHeader = { key: info.partySort, header: info.partyLabel, sortable: true };
  const parcela: TableHeader = { key: "parcela", header: "Parcela", sortable: true };
  const vencimento: TableHeader = { key: "vencimento", header: "Vencimento", sortable: true };
  const valor: TableHeader = { key: "valor", header: "Valor", sortable: true, align: "end" };
  const status: TableHeader = { key: "status", header: "Status", sortable: true };
  // The row's category (and cost centre) under its description (issue 36), sortable from the
  // same header: at 1280 px no column is left to spare beside a 30-character client name.
  const descricao: TableHeader = { key: "descricao", header: "Descrição", sortable: true, moreSorts: centres ? [CATEGORIA_SORT, CENTRO_SORT] : [CATEGORIA_SORT] };
  const actions: TableHeader = { key: "acoes", header: "Ações", align: "end" };
  // The order of rows.ts' cells and lists.css's phone card roles (`.ledger-table--receber td:nth-child(n)`).
  return kind === "receber" ? [party, parcela, vencimento, valor, status, descricao, actions] : [party, parcela, valor, vencimento, status, descricao, actions];
}

/**
 * The cards above the list describe exactly the rows the filters show: refetched whenever the
 * filters change (a status, a month, a party chosen in the browser) and after every change,
 * the newest request winning (an older answer arriving late is dropped).
 */
/**
 * The ledger's view (SPEC §7): the page of rows (useUrlList over the side's spec) and the cards
 * over the same filters, refetched together on every view change (Back and Forward included)
 * and by `refresh` after every change, so the cards always describe the table's rows.
 */
function useLedgerView(kind: LedgerKind, initial: LedgerListProps["initial"], params: ListParams) {
  const info = LEDGER_KINDS[kind];
  const [first] = useState(() => ({ rows: unpackRows(initial.rows), total: initial.total }));
  const list = useUrlList<ApiLedgerRow>({ spec: info.list, initial: first, params });
  const p = list.params;
  const filters = {
    status: p.status ?? "",
    mes: p.mes ?? "",
    [info.partyParam]: p[info.partyParam] ?? "",
    pagoEm: p.pagoEm ?? "",
    pagoDe: p.pagoDe ?? "",
    pagoAte: p.pagoAte ?? "",
    categoriaId: p.categoriaId ?? "",
    centroCustoId: p.centroCustoId ?? "",
  };
  const cards = useLedgerCards(info.list.endpoint, filters);
  const refresh = () => {
    void list.reload();
    cards.reload();
  };
  return { list, refresh };
}

function useLedgerCards(endpoint: string, filters: ListParams) {
  const query = searchOf(filters);
  const shown = useRef(query);
  const inFlight = useRef<AbortController | null>(null);
  const fetchCards = useRef((_query: string) => {});
  fetchCards.current = (wanted: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    api<typeof ledgerSummary.value>(`${endpoint}/summary${wanted}`, { signal: controller.signal })
      .then((summary) => {
        if (!controller.signal.aborted) ledgerSummary.value = summary;
      })
      .catch(() => {
        // Aborted, or the server is unreachable: the list's own refetch says so.
      });
  };
  useEffect(() => {
    // The server rendered the first view's cards: fetch only when the view changes.
    if (shown.current === query) return;
    shown.current = query;
    fetchCards.current(query);
  }, [query]);
  useEffect(() => () => inFlight.current?.abort(), []);
  return { reload: () => fetchCards.current(shown.current) };
}
