import { afterEach, describe, expect, mock, spyOn, test } from "bun:test";
import { act, useRef, useState } from "react";
import { Dialog } from "./Dialog.tsx";
import { cleanup, click, get, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

function dialog(): HTMLDialogElement {
  return get<HTMLDialogElement>("dialog");
}

function fire(element: Element, type: string) {
  const event = new Event(type, { cancelable: true });
  act(() => {
    element.dispatchEvent(event);
  });
  return event;
}

/** A page that owns the open state, like an island does. */
function ClientPage({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Novo Cliente
      </button>
      <Dialog
        open={open}
        title="Novo Cliente"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Salvar</button>}
      >
        <input aria-label="Nome" />
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  test("closed, it renders a closed dialog without its content", () => {
    render(
      <Dialog open={false} onClose={() => {}} title="Editar Cliente">
        <p>conteúdo</p>
      </Dialog>,
    );
    expect(dialog().open).toBe(false);
    expect(dialog().textContent).not.toContain("conteúdo");
  });

  test("opening calls showModal; closing calls close", () => {
    const showModal = spyOn(HTMLDialogElement.prototype, "showModal");
    const close = spyOn(HTMLDialogElement.prototype, "close");
    try {
      const { rerender } = render(
        <Dialog open={false} onClose={() => {}} title="Novo Cliente">
          <p>formulário</p>
        </Dialog>,
      );
      rerender(
        <Dialog open onClose={() => {}} title="Novo Cliente">
          <p>formulário</p>
        </Dialog>,
      );
      expect(showModal).toHaveBeenCalledTimes(1);
      expect(dialog().open).toBe(true);
      expect(dialog().textContent).toContain("formulário");

      rerender(
        <Dialog open={false} onClose={() => {}} title="Novo Cliente">
          <p>formulário</p>
        </Dialog>,
      );
      expect(close).toHaveBeenCalledTimes(1);
      expect(dialog().open).toBe(false);
    } finally {
      showModal.mockRestore();
      close.mockRestore();
    }
  });

  test("the title names the dialog", () => {
    render(
      <Dialog open onClose={() => {}} title="Editar Cliente">
        x
      </Dialog>,
    );
    const title = document.getElementById(dialog().getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe("Editar Cliente");
  });

  test("Esc (the cancel event) asks the owner to close instead of closing by itself", () => {
    const onClose = mock(() => {});
    render(
      <Dialog open onClose={onClose} title="Novo Cliente">
        x
      </Dialog>,
    );
    const event = fire(dialog(), "cancel");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  test("Esc closes a dialog whose owner agrees", () => {
    render(<ClientPage />);
    click(get("button"));
    expect(dialog().open).toBe(true);
    fire(dialog(), "cancel");
    expect(dialog().open).toBe(false);
  });

  test("the Fechar button closes", () => {
    const onClose = mock(() => {});
    render(<ClientPage onClose={onClose} />);
    click(get("button"));
    click(get('button[aria-label="Fechar"]'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
  });

  test("a click on the backdrop closes; a click inside does not", () => {
    const onClose = mock(() => {});
    render(
      <Dialog open onClose={onClose} title="Novo Cliente" footer={<button type="button">Salvar</button>}>
        <input aria-label="Nome" />
      </Dialog>,
    );
    click(get('input[aria-label="Nome"]'));
    click(get(".ui-dialog__footer button"));
    click(get(".ui-dialog__title"));
    expect(onClose).not.toHaveBeenCalled();
    click(dialog());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test("a text selection dragged from inside out to the backdrop does not close", () => {
    const onClose = mock(() => {});
    render(
      <Dialog open onClose={onClose} title="Novo Cliente">
        <input aria-label="Nome" />
      </Dialog>,
    );
    act(() => {
      get('input[aria-label="Nome"]').dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
      dialog().dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  test("a native close (form method=dialog) is reported to the owner", () => {
    const onClose = mock(() => {});
    render(<ClientPage onClose={onClose} />);
    click(get("button"));
    act(() => dialog().close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
  });

  test("closing from the owner's state does not call onClose back", () => {
    const onClose = mock(() => {});
    const { rerender } = render(
      <Dialog open onClose={onClose} title="Novo Cliente">
        x
      </Dialog>,
    );
    rerender(
      <Dialog open={false} onClose={onClose} title="Novo Cliente">
        x
      </Dialog>,
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  test("focus goes back to the opener when it closes", () => {
    render(<ClientPage />);
    const opener = get<HTMLButtonElement>("button");
    opener.focus();
    click(opener);
    get<HTMLInputElement>('input[aria-label="Nome"]').focus();
    click(get('button[aria-label="Fechar"]'));
    expect(document.activeElement).toBe(opener);
  });

  test("initialFocusRef receives focus when it opens", () => {
    function WithInitialFocus() {
      const saveRef = useRef<HTMLButtonElement>(null);
      return (
        <Dialog open onClose={() => {}} title="Pagar" initialFocusRef={saveRef}>
          <input aria-label="Valor" />
          <button ref={saveRef} type="button">
            Salvar
          </button>
        </Dialog>
      );
    }
    render(<WithInitialFocus />);
    expect(document.activeElement?.textContent).toBe("Salvar");
  });

  test("without showModal (old engines) it still opens and closes", () => {
    const original = HTMLDialogElement.prototype.showModal;
    const originalClose = HTMLDialogElement.prototype.close;
    Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: undefined, configurable: true });
    Object.defineProperty(HTMLDialogElement.prototype, "close", { value: undefined, configurable: true });
    try {
      const { rerender } = render(
        <Dialog open onClose={() => {}} title="Novo Cliente">
          x
        </Dialog>,
      );
      expect(dialog().hasAttribute("open")).toBe(true);
      rerender(
        <Dialog open={false} onClose={() => {}} title="Novo Cliente">
          x
        </Dialog>,
      );
      expect(dialog().hasAttribute("open")).toBe(false);
    } finally {
      Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: original, configurable: true });
      Object.defineProperty(HTMLDialogElement.prototype, "close", { value: originalClose, configurable: true });
    }
  });

  test("server-rendered open dialog hydrates and then opens as a modal", () => {
    const { errors, html } = serverRenderAndHydrate(
      <Dialog open onClose={() => {}} title="Novo Cliente">
        <p>formulário</p>
      </Dialog>,
    );
    expect(errors).toEqual([]);
    expect(html).not.toMatch(/<dialog[^>]*\sopen/);
    expect(dialog().open).toBe(true);
  });
});
