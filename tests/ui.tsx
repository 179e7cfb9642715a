// Test helpers for the component library: render into happy-dom inside act, fire DOM events.
import { act, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

interface Rendered {
  container: HTMLDivElement;
  rerender(ui: ReactNode): void;
  unmount(): void;
}

const mounted = new Set<Rendered>();

export function render(ui: ReactNode): Rendered {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  const rendered: Rendered = {
    container,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      if (!mounted.delete(rendered)) return;
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.add(rendered);
  return rendered;
}

/** Unmounts everything render() mounted; call from afterEach. */
export function cleanup() {
  for (const rendered of [...mounted]) rendered.unmount();
  document.body.innerHTML = "";
}

/** Server-renders ui, then hydrates that markup; returns the hydration errors React reported. */
export function serverRenderAndHydrate(ui: ReactNode): { container: HTMLDivElement; html: string; errors: unknown[] } {
  const html = renderToString(ui);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    act(() => {
      const root = hydrateRoot(container, ui, {
        onRecoverableError: (error) => errors.push(error),
      });
      mounted.add({
        container,
        rerender: (next) => act(() => root.render(next)),
        unmount: () => act(() => root.unmount()),
      });
    });
  } finally {
    console.error = originalError;
  }
  return { container, html, errors };
}

export function get<T extends Element = HTMLElement>(selector: string, scope: ParentNode = document): T {
  const element = scope.querySelector<T>(selector);
  if (!element) throw new Error(`No element matches ${selector}`);
  return element;
}

export function click(element: Element) {
  act(() => {
    element.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true }));
    element.dispatchEvent(new MouseEvent("mouseup", { bubbles: true, cancelable: true }));
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

export function keyDown(element: Element | Document, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    element.dispatchEvent(event);
  });
  return event;
}

/** Types into an input the way a browser does: new text and caret, then an input event. */
export function typeInto(input: HTMLInputElement, text: string, caret = text.length) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setValue?.call(input, text);
    // email, number and password-like types have no selection API, as in browsers.
    if (["text", "search", "tel", "url", "password"].includes(input.type)) input.setSelectionRange(caret, caret);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export function pointer(element: Element, type: string, init: PointerEventInit = {}) {
  act(() => {
    element.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, ...init }));
  });
}
