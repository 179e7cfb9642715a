import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from "./Tooltip.tsx";
import { cleanup, get, keyDown, pointer, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

beforeEach(() => {
  jest.useFakeTimers();
  // Start every test well past any earlier tooltip's skip window.
  jest.advanceTimersByTime(10_000);
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function Toolbar() {
  return (
    <>
      <Tooltip content="Bloquear cliente">
        <button type="button" aria-label="Bloquear">
          B
        </button>
      </Tooltip>
      <Tooltip content="Excluir cliente">
        <button type="button" aria-label="Excluir">
          E
        </button>
      </Tooltip>
    </>
  );
}

function trigger(name: string): HTMLButtonElement {
  return get<HTMLButtonElement>(`button[aria-label="${name}"]`);
}

function bubbleOf(name: string): HTMLElement {
  const id = trigger(name).getAttribute("aria-describedby") ?? "";
  const bubble = document.getElementById(id);
  if (!bubble) throw new Error(`No tooltip for ${name}`);
  return bubble;
}

function visible(name: string): boolean {
  return !bubbleOf(name).hidden;
}

function wait(ms: number) {
  act(() => jest.advanceTimersByTime(ms));
}

function hover(name: string) {
  pointer(trigger(name), "pointerover", { pointerType: "mouse" });
}

function leave(name: string) {
  pointer(trigger(name), "pointerout", { pointerType: "mouse" });
}

describe("Tooltip", () => {
  test("describes its trigger with a hidden role=tooltip element", () => {
    render(<Toolbar />);
    const bubble = bubbleOf("Bloquear");
    expect(bubble.getAttribute("role")).toBe("tooltip");
    expect(bubble.textContent).toBe("Bloquear cliente");
    expect(bubble.hidden).toBe(true);
  });

  test("keeps the trigger's own aria-describedby", () => {
    render(
      <>
        <p id="ajuda">Ajuda</p>
        <Tooltip content="Dica">
          <button type="button" aria-label="Info" aria-describedby="ajuda" />
        </Tooltip>
      </>,
    );
    const ids = trigger("Info").getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(ids[0]).toBe("ajuda");
    expect(document.getElementById(ids[1] ?? "")?.textContent).toBe("Dica");
  });

  test("opens 700 ms after the pointer enters and closes when it leaves", () => {
    render(<Toolbar />);
    hover("Bloquear");
    wait(TOOLTIP_DELAY_MS - 1);
    expect(visible("Bloquear")).toBe(false);
    wait(1);
    expect(visible("Bloquear")).toBe(true);
    leave("Bloquear");
    expect(visible("Bloquear")).toBe(false);
  });

  test("leaving before the delay cancels it", () => {
    render(<Toolbar />);
    hover("Bloquear");
    wait(500);
    leave("Bloquear");
    wait(1000);
    expect(visible("Bloquear")).toBe(false);
  });

  test("within 300 ms of one closing, the next opens at once; later it waits again", () => {
    render(<Toolbar />);
    hover("Bloquear");
    wait(TOOLTIP_DELAY_MS);
    leave("Bloquear");
    wait(TOOLTIP_SKIP_DELAY_MS - 50);
    hover("Excluir");
    expect(visible("Excluir")).toBe(true);

    leave("Excluir");
    wait(TOOLTIP_SKIP_DELAY_MS);
    hover("Bloquear");
    expect(visible("Bloquear")).toBe(false);
    wait(TOOLTIP_DELAY_MS);
    expect(visible("Bloquear")).toBe(true);
  });

  test("keyboard focus opens it after the delay; blur hides it", () => {
    render(<Toolbar />);
    act(() => trigger("Excluir").focus());
    wait(TOOLTIP_DELAY_MS);
    expect(visible("Excluir")).toBe(true);
    act(() => trigger("Excluir").blur());
    expect(visible("Excluir")).toBe(false);
  });

  test("Esc hides it and keeps the Esc from reaching a dialog around it", () => {
    render(<Toolbar />);
    hover("Bloquear");
    wait(TOOLTIP_DELAY_MS);
    const event = keyDown(trigger("Bloquear"), "Escape");
    expect(visible("Bloquear")).toBe(false);
    expect(event.defaultPrevented).toBe(true);
    // With no tooltip open, Esc is left for others (a dialog closes).
    expect(keyDown(trigger("Bloquear"), "Escape").defaultPrevented).toBe(false);
  });

  test("a touch does not open it", () => {
    render(<Toolbar />);
    pointer(trigger("Bloquear"), "pointerover", { pointerType: "touch" });
    wait(TOOLTIP_DELAY_MS * 2);
    expect(visible("Bloquear")).toBe(false);
  });

  test("server markup hydrates with matching ids", () => {
    const { errors, html } = serverRenderAndHydrate(<Toolbar />);
    expect(errors).toEqual([]);
    expect(html).toContain('role="tooltip"');
    expect(bubbleOf("Excluir").textContent).toBe("Excluir cliente");
  });
});
