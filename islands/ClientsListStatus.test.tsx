import { afterEach, beforeEach, expect, test } from "bun:test";
import { act } from "react";
import { dismissToast } from "../src/ui/toast";
import { clientRow, pause } from "../tests/islands";
import { cleanup, keyDown, render, serverRenderAndHydrate } from "../tests/ui";
import { installTooltips, TOOLTIP_DELAY_MS, TOOLTIP_ID } from "../src/ui/page-tooltip";
import ClientsList, { type ClientsListProps } from "./ClientsList";
import type { ClientListRow } from "../src/api/clients/model";
import { clientStatus } from "./clients/view";

// Issue 16 item 9: a client blocked automatically says why in its status badge (tooltip and
// accessible description): the installments blocking it, in the history's words.

const client = (id: number, overrides: Partial<ClientListRow>) => clientRow({ ...overrides, id });

const AUTO = client(1, {
  nome: "Padaria Pão Quente",
  statusBloqueio: 1,
  bloqueioParcelas: { total: 1, parcelas: [{ id: 7, numerosParcela: "2/3", dataVencimento: "2026-11-10" }] },
});
const MANY = client(2, {
  nome: "Mercado Bom Preço",
  statusBloqueio: 1,
  bloqueioParcelas: {
    total: 5,
    parcelas: [
      { id: 11, numerosParcela: "1/12", dataVencimento: "2026-08-05" },
      { id: 12, numerosParcela: "2/12", dataVencimento: "2026-09-05" },
      { id: 13, numerosParcela: "3/12", dataVencimento: "2026-10-05" },
    ],
  },
});
const MANUAL = client(3, { nome: "Ótica Visão Clara", statusBloqueio: 1 });
const ACTIVE = client(4, { nome: "Açougue Boi Bom" });

const props = (rows: ClientListRow[]): ClientsListProps => ({
  initial: { rows, total: rows.length },
  params: { q: "", cnpj: "", status: "", ordem: "nome", pagina: "1", porPagina: "50" },
  today: "2026-03-15",
  graceDays: 5,
});

beforeEach(() => history.replaceState(null, "", "/clients"));
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const badgeOf = (nome: string) => {
  const row = [...document.querySelectorAll<HTMLTableRowElement>(".clients-table tbody tr")].find((tr) => tr.textContent?.includes(nome));
  const badge = row?.querySelector<HTMLElement>(".ui-badge");
  if (!badge) throw new Error(`No status badge for ${nome}`);
  return badge;
};
const description = (badge: HTMLElement) =>
  (badge.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

test("the reason in words: the blocking installments with their due dates, 3 and how many more", () => {
  expect(clientStatus(AUTO)).toEqual({ label: "Bloqueado", variant: "danger", reason: "Bloqueado automaticamente: parcela 2/3 vencida desde 10/11/2026" });
  expect(clientStatus(MANY).reason).toBe(
    "Bloqueado automaticamente: parcela 1/12 vencida desde 05/08/2026, parcela 2/12 vencida desde 05/09/2026, parcela 3/12 vencida desde 05/10/2026 e mais 2",
  );
  expect(clientStatus(MANUAL)).toEqual({ label: "Bloqueado", variant: "danger" });
  expect(clientStatus(ACTIVE)).toEqual({ label: "Ativo", variant: "success" });
});

test("a row blocked automatically describes its badge with why, reachable by keyboard; the others have no tooltip", async () => {
  render(<ClientsList {...props([AUTO, MANUAL, ACTIVE])} />);
  const auto = badgeOf("Padaria Pão Quente");
  expect(auto.textContent).toBe("Bloqueado");
  expect(auto.tabIndex).toBe(0);
  expect(description(auto)).toBe("Bloqueado automaticamente: parcela 2/3 vencida desde 10/11/2026");
  for (const nome of ["Ótica Visão Clara", "Açougue Boi Bom"]) {
    const badge = badgeOf(nome);
    expect({ nome, describedBy: badge.getAttribute("aria-describedby"), focusable: badge.hasAttribute("tabindex") }).toEqual({ nome, describedBy: null, focusable: false });
  }
  // Focus (the keyboard's way) opens the page's one bubble (src/ui/page-tooltip.ts) after the
  // kit's delay, with the reason; Esc closes it.
  const stop = installTooltips(document);
  try {
    pause(TOOLTIP_DELAY_MS, () => act(() => auto.focus()));
    const bubble = document.getElementById(TOOLTIP_ID)!;
    expect({ hidden: bubble.hidden, text: bubble.textContent }).toEqual({ hidden: false, text: "Bloqueado automaticamente: parcela 2/3 vencida desde 10/11/2026" });
    keyDown(document, "Escape");
    expect(bubble.hidden).toBe(true);
  } finally {
    stop();
  }
});

test("the server's HTML carries the reason and hydrates without a mismatch", () => {
  const { errors, html } = serverRenderAndHydrate(<ClientsList {...props([AUTO, ACTIVE])} />);
  expect(errors).toEqual([]);
  expect(html).toContain("Bloqueado automaticamente: parcela 2/3 vencida desde 10/11/2026");
});
