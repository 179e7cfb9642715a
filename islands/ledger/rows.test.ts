import { expect, test } from "bun:test";
import { ledgerRowFixture } from "../../tests/islands";
import { ledgerRowsHtml, rowActions, visibleAction } from "./rows";

const TODAY = "2026-03-15";
const row = ledgerRowFixture;

/** The rows as the browser parses them. */
function parse(html: string): HTMLTableRowElement[] {
  const table = document.createElement("table");
  table.innerHTML = `<tbody>${html}</tbody>`;
  return [...table.querySelectorAll("tbody > tr")] as HTMLTableRowElement[];
}

test("what people type is text, never markup: a name, a description, a category and a cost centre", () => {
  const hostile = '<img src=x onerror="alert(1)"> & "aspas" \'simples\'';
  const html = ledgerRowsHtml("receber", [row({ partyName: hostile, descricao: hostile, categoriaNome: `Grupo › ${hostile}`, centroCustoNome: hostile, numerosParcela: hostile })], TODAY, true);
  const [tr] = parse(html);
  expect(tr!.querySelector("img")).toBeNull();
  expect(tr!.querySelector("a")!.textContent).toBe(hostile);
  expect(tr!.querySelector('input[type="checkbox"]')!.getAttribute("aria-label")).toBe(`Selecionar ${hostile} parcela ${hostile}`);
  expect(tr!.cells[1]!.textContent).toBe(hostile);
  expect(tr!.cells[5]!.textContent).toBe(`${hostile}${hostile} · ${hostile}`);
});

test("each side's cells in SPEC's order, a status from the TS rule, the paid and the partly paid said under the badge", () => {
  const late = row({ dataVencimento: "2026-03-05" });
  const paid = row({ status: "pago", dataPagamento: "2026-02-10", valorPago: "355.00", saldo: "0.00" });
  const partly = row({ valorPago: "100.00", saldo: "255.00" });
  const monthly = row({ competencia: "2026-03", numerosParcela: "1/1", cobradaEm: "2026-03-12" });
  const [lateRow, paidRow, partlyRow, monthlyRow] = parse(ledgerRowsHtml("receber", [late, paid, partly, monthly], TODAY, true));
  // Intl puts a non-breaking space after "R$" (checked below): read as a space here.
  const text = (tr: HTMLTableRowElement) => [...tr.cells].map((cell) => cell.textContent!.replace(/\u00a0/g, " "));
  expect(text(lateRow!).slice(0, 6)).toEqual(["Padaria Pão Quente", "3/12", "05/03/2026", "R$ 355,00", "Vencida", "Mensalidade 2026Serviços avulsos"]);
  expect(text(paidRow!)[4]).toBe("Pago em 10/02/2026");
  expect(text(partlyRow!)[3]).toBe("R$ 355,00pago R$ 100,00");
  expect(text(partlyRow!)[4]).toBe("Parcial saldo R$ 255,00");
  expect(text(monthlyRow!)[1]).toBe("Mensal");
  expect(text(monthlyRow!)[2]).toBe("20/03/2026Cobrada em 12/03");
  // Contas a Pagar: Valor before Vencimento, the supplier's link.
  const [payable] = parse(ledgerRowsHtml("pagar", [late], TODAY, true));
  expect(text(payable!).slice(1, 4)).toEqual(["3/12", "R$ 355,00", "05/03/2026"]);
  expect(payable!.querySelector("a")!.getAttribute("href")).toBe("/payables?supplierId=7");
  // Money as people read it: the non-breaking space Intl puts after "R$" is not escaped away.
  expect(lateRow!.cells[3]!.textContent).toBe(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(355));
});

test("a row's buttons: the visible verb (its tip and its name with the row's) and '⋯' when a menu has items; a consulta gets no checkbox and no menu", () => {
  const open = row();
  const [writer] = parse(ledgerRowsHtml("receber", [open], TODAY, true));
  const buttons = [...writer!.querySelectorAll("button")];
  expect(buttons.map((b) => [b.dataset.tip ?? null, b.getAttribute("aria-label"), b.getAttribute("aria-haspopup")])).toEqual([
    ["Baixar", "Baixar Padaria Pão Quente parcela 3/12", null],
    [null, "Mais ações para Padaria Pão Quente parcela 3/12", "menu"],
  ]);
  // The tick is the island's: never in the markup (a new tick must not redraw the rows).
  expect(writer!.querySelector("input")!.hasAttribute("checked")).toBe(false);
  expect(visibleAction("receber", open, true, "Baixar")?.kind).toBe("pay");
  expect(rowActions("receber", open, true).menu.map((a) => a.label)).toEqual(["Cobrar", "Prorrogar", "Editar lançamento", "Histórico", "Excluir"]);

  const paid = row({ status: "pago", dataPagamento: "2026-02-10", valorPago: "355.00", saldo: "0.00" });
  const [reader] = parse(ledgerRowsHtml("receber", [paid], TODAY, false));
  expect(reader!.querySelector("input")).toBeNull();
  expect([...reader!.querySelectorAll("button")].map((b) => b.dataset.tip)).toEqual(["Histórico", "Recibo"]);
  expect(reader!.querySelector("[aria-haspopup]")).toBeNull();
  expect(rowActions("pagar", paid, true).menu.map((a) => a.label)).toEqual(["Editar lançamento", "Cancelar pagamento", "Excluir"]);
});
