import { afterEach, describe, expect, mock, test } from "bun:test";
import { useState } from "react";
import { Tabs, type TabItem } from "./Tabs.tsx";
import { cleanup, click, get, keyDown, render, serverRenderAndHydrate } from "./testing.tsx";

afterEach(cleanup);

const REPORTS: TabItem[] = [
  { id: "cliente", label: "Por Cliente" },
  { id: "fornecedor", label: "Por Fornecedor" },
  { id: "mensal", label: "Mensal" },
  { id: "fluxo", label: "Fluxo de Caixa" },
];

function Reports({ onValueChange }: { onValueChange?: (id: string) => void }) {
  const [tab, setTab] = useState("cliente");
  return (
    <Tabs
      label="Relatórios"
      tabs={REPORTS}
      value={tab}
      onValueChange={(id) => {
        setTab(id);
        onValueChange?.(id);
      }}
    >
      {(id) => <p>Relatório {id}</p>}
    </Tabs>
  );
}

function tabs(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
}

function selected(): string | undefined {
  return tabs().find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent ?? undefined;
}

describe("Tabs", () => {
  test("follows the ARIA tabs pattern", () => {
    render(<Reports />);
    const list = get('[role="tablist"]');
    expect(list.getAttribute("aria-label")).toBe("Relatórios");
    expect(tabs().map((tab) => tab.textContent)).toEqual(REPORTS.map((tab) => tab.label));
    const panel = get('[role="tabpanel"]');
    const active = tabs()[0]!;
    expect(active.getAttribute("aria-selected")).toBe("true");
    expect(active.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(active.id);
    expect(panel.textContent).toBe("Relatório cliente");
  });

  test("roving tabindex: only the selected tab is in the tab order", () => {
    render(<Reports />);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    click(tabs()[2]!);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([-1, -1, 0, -1]);
  });

  test("a click selects the tab and shows its panel", () => {
    const onValueChange = mock((id: string) => id);
    render(<Reports onValueChange={onValueChange} />);
    click(tabs()[3]!);
    expect(onValueChange).toHaveBeenCalledWith("fluxo");
    expect(selected()).toBe("Fluxo de Caixa");
    expect(get('[role="tabpanel"]').textContent).toBe("Relatório fluxo");
  });

  test("ArrowRight and ArrowLeft move focus and selection, wrapping at the ends", () => {
    render(<Reports />);
    tabs()[0]!.focus();
    keyDown(tabs()[0]!, "ArrowRight");
    expect(selected()).toBe("Por Fornecedor");
    expect(document.activeElement).toBe(tabs()[1]!);

    keyDown(tabs()[1]!, "ArrowLeft");
    keyDown(tabs()[0]!, "ArrowLeft");
    expect(selected()).toBe("Fluxo de Caixa");
    expect(document.activeElement).toBe(tabs()[3]!);

    keyDown(tabs()[3]!, "ArrowRight");
    expect(selected()).toBe("Por Cliente");
  });

  test("Home and End jump to the first and last tab", () => {
    render(<Reports />);
    keyDown(tabs()[0]!, "End");
    expect(selected()).toBe("Fluxo de Caixa");
    expect(document.activeElement).toBe(tabs()[3]!);
    keyDown(tabs()[3]!, "Home");
    expect(selected()).toBe("Por Cliente");
    expect(document.activeElement).toBe(tabs()[0]!);
  });

  test("other keys are left alone", () => {
    const onValueChange = mock((id: string) => id);
    render(<Reports onValueChange={onValueChange} />);
    const event = keyDown(tabs()[0]!, "ArrowDown");
    expect(onValueChange).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  test("panels can be given as a map", () => {
    render(
      <Tabs
        tabs={REPORTS}
        value="mensal"
        onValueChange={() => {}}
        panels={{ mensal: <p>Saldo do mês</p>, fluxo: <p>Fluxo</p> }}
      />,
    );
    expect(get('[role="tabpanel"]').textContent).toBe("Saldo do mês");
  });

  test("hydrates its server markup", () => {
    const { errors } = serverRenderAndHydrate(<Reports />);
    expect(errors).toEqual([]);
    expect(get('[role="tabpanel"]').getAttribute("aria-labelledby")).toBe(tabs()[0]!.id);
  });
});
