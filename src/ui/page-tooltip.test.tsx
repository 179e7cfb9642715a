// The page's one tooltip (issue 38 §1): triggers carry `data-tip`, one shared bubble shows it
// (src/ui/page-tooltip.ts), with SPEC §9's delays; <Tooltip> adds a description where the words say
// more than the trigger's name.
import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import { IconAction } from "./IconAction.tsx";
import { Tooltip } from "./Tooltip.tsx";
import { installTooltips, TOOLTIP_DELAY_MS, TOOLTIP_ID, TOOLTIP_SKIP_DELAY_MS } from "./page-tooltip.ts";
import { cleanup, get, keyDown, pointer, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

let stop = () => {};
beforeEach(() => {
  jest.useFakeTimers();
  // Start every test well past any earlier tooltip's skip window.
  jest.advanceTimersByTime(10_000);
  stop = installTooltips(document);
});
afterEach(() => {
  stop();
  document.getElementById(TOOLTIP_ID)?.remove();
  cleanup();
  jest.useRealTimers();
});

function Toolbar() {
  return (
    <>
      <IconAction label="Bloquear" rowName="Padaria" icon="lock" onClick={() => {}} />
      <IconAction label="Excluir" rowName="Padaria" icon="trash" danger onClick={() => {}} />
      <Tooltip content="Bloqueado automaticamente: parcela 2/3 vencida">
        <span tabIndex={0} className="badge">
          Bloqueado
        </span>
      </Tooltip>
    </>
  );
}

const trigger = (name: string) => get<HTMLElement>(`button[aria-label="${name} Padaria"]`);
const bubble = () => document.getElementById(TOOLTIP_ID);
/** The words the shared bubble shows now, or null when hidden. */
const shown = () => (bubble() && !bubble()!.hidden ? bubble()!.textContent : null);
const wait = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
const hover = (element: Element) => pointer(element, "pointerover", { pointerType: "mouse" });
const leave = (element: Element) => pointer(element, "pointerout", { pointerType: "mouse" });

describe("the page's one tooltip", () => {
  test("a row's icon action carries its verb in data-tip and its row in its name: no bubble of its own", () => {
    render(<Toolbar />);
    const button = trigger("Bloquear");
    expect(button.dataset.tip).toBe("Bloquear");
    expect(button.hasAttribute("aria-describedby")).toBe(false);
    expect(document.querySelectorAll('[role="tooltip"]').length).toBe(0);
  });

  test("opens 700 ms after the pointer enters, in one shared bubble, and closes when it leaves", () => {
    render(<Toolbar />);
    hover(trigger("Bloquear"));
    wait(TOOLTIP_DELAY_MS - 1);
    expect(shown()).toBeNull();
    wait(1);
    expect(shown()).toBe("Bloquear");
    expect(bubble()!.getAttribute("role")).toBe("tooltip");
    // While shown it describes its trigger.
    expect(trigger("Bloquear").getAttribute("aria-describedby")).toBe(TOOLTIP_ID);
    leave(trigger("Bloquear"));
    expect(shown()).toBeNull();
    expect(trigger("Bloquear").hasAttribute("aria-describedby")).toBe(false);
  });

  test("leaving before the delay cancels it", () => {
    render(<Toolbar />);
    hover(trigger("Bloquear"));
    wait(500);
    leave(trigger("Bloquear"));
    wait(1000);
    expect(shown()).toBeNull();
  });

  test("within 300 ms of one closing, the next opens at once; later it waits again", () => {
    render(<Toolbar />);
    hover(trigger("Bloquear"));
    wait(TOOLTIP_DELAY_MS);
    leave(trigger("Bloquear"));
    wait(TOOLTIP_SKIP_DELAY_MS - 50);
    hover(trigger("Excluir"));
    expect(shown()).toBe("Excluir");
    leave(trigger("Excluir"));
    wait(TOOLTIP_SKIP_DELAY_MS);
    hover(trigger("Bloquear"));
    expect(shown()).toBeNull();
    wait(TOOLTIP_DELAY_MS);
    expect(shown()).toBe("Bloquear");
    expect(document.querySelectorAll('[role="tooltip"]').length).toBe(1);
  });

  test("keyboard focus opens it after the delay; blur hides it; a click's focus does not", () => {
    render(<Toolbar />);
    act(() => trigger("Excluir").focus());
    wait(TOOLTIP_DELAY_MS);
    expect(shown()).toBe("Excluir");
    act(() => trigger("Excluir").blur());
    expect(shown()).toBeNull();
    pointer(trigger("Bloquear"), "pointerdown", { pointerType: "mouse" });
    act(() => trigger("Bloquear").focus());
    pointer(trigger("Bloquear"), "pointerup", { pointerType: "mouse" });
    wait(TOOLTIP_DELAY_MS * 2);
    expect(shown()).toBeNull();
  });

  test("Esc hides it and keeps the Esc from reaching a dialog around it", () => {
    render(<Toolbar />);
    hover(trigger("Bloquear"));
    wait(TOOLTIP_DELAY_MS);
    const event = keyDown(trigger("Bloquear"), "Escape");
    expect(shown()).toBeNull();
    expect(event.defaultPrevented).toBe(true);
    // With no tooltip open, Esc is left for others (a dialog closes).
    expect(keyDown(trigger("Bloquear"), "Escape").defaultPrevented).toBe(false);
  });

  test("a touch does not open it", () => {
    render(<Toolbar />);
    pointer(trigger("Bloquear"), "pointerover", { pointerType: "touch" });
    wait(TOOLTIP_DELAY_MS * 2);
    expect(shown()).toBeNull();
  });

  test("<Tooltip> describes its trigger with words its name lacks, and shows them in the shared bubble", () => {
    render(<Toolbar />);
    const badge = get(".badge");
    const description = (badge.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent).join(" ");
    expect(description).toBe("Bloqueado automaticamente: parcela 2/3 vencida");
    act(() => badge.focus());
    wait(TOOLTIP_DELAY_MS);
    expect(shown()).toBe("Bloqueado automaticamente: parcela 2/3 vencida");
    // Its own description stays: the bubble does not describe it twice.
    expect(badge.getAttribute("aria-describedby")).not.toContain(TOOLTIP_ID);
  });

  test("server markup hydrates without a mismatch", () => {
    const { errors, html } = serverRenderAndHydrate(<Toolbar />);
    expect(errors).toEqual([]);
    expect(html).toContain('data-tip="Excluir"');
    expect(html).not.toContain('role="tooltip"');
  });
});
