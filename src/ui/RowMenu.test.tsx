import { afterEach, describe, expect, mock, test } from "bun:test";
import { act } from "react";
import { RowMenu } from "./RowMenu.tsx";
import { cleanup, click, get, keyDown, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

const items = (onDelete = () => {}) => [
  { label: "Histórico", icon: "history" as const, onSelect: () => {} },
  { label: "Bloquear", icon: "lock" as const, onSelect: () => {} },
  { label: "Excluir", icon: "trash" as const, danger: true, onSelect: onDelete },
];
const trigger = () => get<HTMLButtonElement>('[aria-label="Mais ações para Padaria Pão Quente"]');
const menu = () => document.querySelector('[role="menu"]');
const focused = () => document.activeElement?.textContent;

describe("RowMenu", () => {
  test("a menu button named after its row; closed until asked", () => {
    render(<RowMenu rowName="Padaria Pão Quente" items={items()} />);
    expect(trigger().getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger().getAttribute("aria-expanded")).toBeNull();
    expect(menu()).toBeNull();
  });

  test("a click opens it on the first item; arrows, Home and End move; Esc closes and gives focus back", () => {
    render(<RowMenu rowName="Padaria Pão Quente" items={items()} />);
    click(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(menu()!.getAttribute("aria-label")).toBe("Ações para Padaria Pão Quente");
    expect([...menu()!.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent)).toEqual(["Histórico", "Bloquear", "Excluir"]);
    expect(focused()).toBe("Histórico");
    keyDown(menu()!, "ArrowDown");
    expect(focused()).toBe("Bloquear");
    keyDown(menu()!, "End");
    expect(focused()).toBe("Excluir");
    keyDown(menu()!, "ArrowDown");
    expect(focused()).toBe("Histórico");
    keyDown(menu()!, "ArrowUp");
    expect(focused()).toBe("Excluir");
    keyDown(menu()!, "Home");
    expect(focused()).toBe("Histórico");
    keyDown(menu()!, "Escape");
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  test("ArrowUp on the button opens it on the last item", () => {
    render(<RowMenu rowName="Padaria Pão Quente" items={items()} />);
    keyDown(trigger(), "ArrowUp");
    expect(focused()).toBe("Excluir");
  });

  test("choosing an item closes the menu, puts focus back on the row's button, then runs the action", () => {
    const onDelete = mock(() => expect(document.activeElement).toBe(trigger()));
    render(<RowMenu rowName="Padaria Pão Quente" items={items(onDelete)} />);
    click(trigger());
    click(get('[role="menuitem"].ui-row-menu__item--danger'));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
  });

  test("a click outside closes it", () => {
    render(
      <>
        <RowMenu rowName="Padaria Pão Quente" items={items()} />
        <p id="fora">fora</p>
      </>,
    );
    click(trigger());
    act(() => get("#fora").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })));
    expect(menu()).toBeNull();
  });

  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<RowMenu rowName="Padaria Pão Quente" items={items()} />).errors).toEqual([]);
  });
});
