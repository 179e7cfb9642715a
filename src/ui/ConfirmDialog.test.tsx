import { afterEach, describe, expect, mock, spyOn, test } from "bun:test";
import { act } from "react";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { cleanup, click, get, render } from "../../tests/ui.tsx";

afterEach(cleanup);

function buttonNamed(text: string): HTMLButtonElement {
  const button = [...document.querySelectorAll<HTMLButtonElement>("dialog button")].find(
    (b) => b.textContent === text,
  );
  if (!button) throw new Error(`No button "${text}"`);
  return button;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const MESSAGE = "Tem certeza que deseja excluir este cliente?";

describe("ConfirmDialog", () => {
  test("shows the message with Confirmar and Cancelar by default", () => {
    render(<ConfirmDialog open message={MESSAGE} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = get<HTMLDialogElement>("dialog");
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toBe(MESSAGE);
    expect(buttonNamed("Confirmar").className).toContain("ui-button--primary");
    expect(buttonNamed("Cancelar").className).toContain("ui-button--secondary");
  });

  test("custom labels; destructive makes the confirm button red and focuses Cancelar", () => {
    render(
      <ConfirmDialog
        open
        destructive
        message={MESSAGE}
        confirmLabel="Excluir"
        cancelLabel="Voltar"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(buttonNamed("Excluir").className).toContain("ui-button--destructive");
    expect(document.activeElement).toBe(buttonNamed("Voltar"));
  });

  test("Cancelar, Fechar and Esc call onCancel", () => {
    const onCancel = mock(() => {});
    render(<ConfirmDialog open message={MESSAGE} onConfirm={() => {}} onCancel={onCancel} />);
    click(buttonNamed("Cancelar"));
    click(get('button[aria-label="Fechar"]'));
    act(() => {
      get("dialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  test("the confirm button shows loading while onConfirm's promise runs, and cancelling waits", async () => {
    const action = deferred();
    const onConfirm = mock(() => action.promise);
    const onCancel = mock(() => {});
    render(<ConfirmDialog open message={MESSAGE} onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = buttonNamed("Confirmar");
    click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect(confirm.disabled).toBe(true);
    expect(buttonNamed("Cancelar").disabled).toBe(true);

    click(confirm);
    act(() => {
      get("dialog").dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();

    await act(async () => action.resolve());
    expect(confirm.hasAttribute("aria-busy")).toBe(false);
    expect(confirm.disabled).toBe(false);
  });

  test("a failed action stops loading and keeps the dialog open", async () => {
    const action = deferred();
    const logged = spyOn(console, "error").mockImplementation(() => {});
    try {
      render(<ConfirmDialog open message={MESSAGE} onConfirm={() => action.promise} onCancel={() => {}} />);
      const confirm = buttonNamed("Confirmar");
      click(confirm);
      await act(async () => action.reject(new Error("409: Cliente possui parcelas")));
      expect(confirm.hasAttribute("aria-busy")).toBe(false);
      expect(get<HTMLDialogElement>("dialog").open).toBe(true);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  test("a synchronous onConfirm is called once and leaves the button ready", async () => {
    const onConfirm = mock(() => {});
    render(<ConfirmDialog open message={MESSAGE} onConfirm={onConfirm} onCancel={() => {}} />);
    await act(async () => buttonNamed("Confirmar").click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(buttonNamed("Confirmar").disabled).toBe(false);
  });
});
