import { afterEach, describe, expect, test } from "bun:test";
import { act, useState } from "react";
import { Drawer } from "./Drawer.tsx";
import { cleanup, click, get, render } from "../../tests/ui.tsx";

afterEach(cleanup);

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Histórico
      </button>
      <Drawer open={open} title="Histórico de Padaria Pão Quente" onClose={() => setOpen(false)}>
        <p>Linha do tempo</p>
      </Drawer>
    </>
  );
}

describe("Drawer", () => {
  test("a modal dialog with the drawer's class, named by its title; Esc closes it and focus returns to the opener", () => {
    render(<Page />);
    const opener = get<HTMLButtonElement>("button");
    opener.focus();
    click(opener);
    const dialog = get<HTMLDialogElement>("dialog");
    expect(dialog.open).toBe(true);
    expect(dialog.classList.contains("ui-drawer")).toBe(true);
    expect(dialog.classList.contains("ui-dialog")).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe("Histórico de Padaria Pão Quente");
    expect(dialog.textContent).toContain("Linha do tempo");
    act(() => {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  test("the close button closes it", () => {
    render(<Page />);
    click(get("button"));
    click(get('button[aria-label="Fechar"]'));
    expect(get<HTMLDialogElement>("dialog").open).toBe(false);
  });
});
