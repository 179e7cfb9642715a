// One tooltip for the whole page (issue 38 §1): a trigger carries its words in `data-tip`, and
// this script (no React; installed once by the page's shell script, islands/lib/shell.ts) shows
// them in one shared bubble. A row of a list so carries a few bytes, not a hidden bubble of its
// own per button. Text cut by an ellipsis (`.ui-ellipsis`, a line of `.ui-lines`, a ledger row's name) shows whole in the same bubble.
// Screen readers: the words of a row's button are in its accessible name ("Baixar Padaria…");
// where they say more (a blocked client's reason), <Tooltip> also describes the trigger with
// them (src/ui/Tooltip.tsx). While shown, the bubble describes a trigger that has no description.

/** SPEC §9: open after 700 ms; within 300 ms of another tooltip closing, open at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** The shared bubble's id. */
export const TOOLTIP_ID = "ui-tip";

import { CUT_TEXT, TIP_WORDS } from "./tip-targets";

const GAP = 6;
const MARGIN = 4;

/** The element whose words a pointer or focus at `target` shows, and those words. */
function tipOf(target: EventTarget | null): [HTMLElement, string] | null {
  if (!(target instanceof Element)) return null;
  const trigger = target.closest<HTMLElement>(TIP_WORDS);
  if (trigger?.dataset.tip) return [trigger, trigger.dataset.tip];
  const cut = target.closest<HTMLElement>(CUT_TEXT);
  // Only when the ellipsis actually cuts it: whole text needs no tooltip.
  if (cut && cut.scrollWidth > cut.clientWidth && cut.textContent) return [cut, cut.textContent];
  return null;
}

/**
 * Starts the page's tooltips; returns the way to stop them (tests). `pending`: the pointer or focus
 * event the page's shell loaded this code on (islands/lib/page-shell.ts), handled as if it came now.
 */
export function installTooltips(doc: Document = document, pending?: Event | null): () => void {
  let shown: HTMLElement | null = null;
  let described = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastClosedAt = Number.NEGATIVE_INFINITY;
  let pointerDown = false;

  function bubbleFor(trigger: HTMLElement): HTMLElement {
    let bubble = doc.getElementById(TOOLTIP_ID);
    if (!bubble) {
      bubble = doc.createElement("div");
      bubble.id = TOOLTIP_ID;
      bubble.setAttribute("role", "tooltip");
      bubble.className = "ui-tooltip__bubble";
      bubble.hidden = true;
    }
    // Inside an open modal dialog (the top layer) or the page: where the trigger is seen.
    const home = trigger.closest("dialog") ?? doc.body;
    if (bubble.parentElement !== home) home.append(bubble);
    return bubble;
  }

  function show(trigger: HTMLElement, text: string) {
    const bubble = bubbleFor(trigger);
    bubble.textContent = text;
    bubble.hidden = false;
    shown = trigger;
    described = !trigger.hasAttribute("aria-describedby");
    if (described) trigger.setAttribute("aria-describedby", TOOLTIP_ID);
    place(bubble, trigger.getBoundingClientRect());
  }

  function cancel() {
    clearTimeout(timer);
    timer = undefined;
  }

  function open(trigger: HTMLElement, text: string) {
    cancel();
    if (shown === trigger) return;
    if (shown) hide();
    const since = performance.now() - lastClosedAt;
    if (since >= 0 && since < TOOLTIP_SKIP_DELAY_MS) show(trigger, text);
    else timer = setTimeout(() => show(trigger, text), TOOLTIP_DELAY_MS);
  }

  function hide() {
    cancel();
    if (!shown) return;
    if (described && shown.getAttribute("aria-describedby") === TOOLTIP_ID) shown.removeAttribute("aria-describedby");
    shown = null;
    lastClosedAt = performance.now();
    const bubble = doc.getElementById(TOOLTIP_ID);
    if (bubble) bubble.hidden = true;
  }

  const over = (event: PointerEvent) => {
    if (event.pointerType === "touch") return;
    const tip = tipOf(event.target);
    if (tip) open(...tip);
  };
  const out = (event: PointerEvent) => {
    const tip = tipOf(event.target);
    // Moving within the trigger (onto its icon) is not leaving it.
    if (tip && !(event.relatedTarget instanceof Node && tip[0].contains(event.relatedTarget))) hide();
  };
  const down = () => {
    // A click focuses the trigger: that focus should not open the tooltip.
    pointerDown = true;
    hide();
  };
  const up = () => {
    pointerDown = false;
  };
  const focusIn = (event: FocusEvent) => {
    if (pointerDown) return;
    const tip = tipOf(event.target);
    if (tip) open(...tip);
  };
  const focusOut = () => hide();
  const key = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || (!shown && timer === undefined)) return;
    // Only the tooltip closes; a dialog around it stays open until the next Esc.
    if (shown) event.preventDefault();
    hide();
  };
  const listeners = [
    ["pointerover", over],
    ["pointerout", out],
    ["pointerdown", down],
    ["pointerup", up],
    ["focusin", focusIn],
    ["focusout", focusOut],
    ["keydown", key],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
  if (pending) for (const [type, listener] of listeners) if (type === pending.type) (listener as (event: Event) => void)(pending);
  return () => {
    hide();
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
  };
}

/** Above the trigger (below when there is no room), centred, inside the window. */
function place(bubble: HTMLElement, trigger: DOMRect) {
  const { width, height } = bubble.getBoundingClientRect();
  const above = trigger.top - GAP - height;
  const below = trigger.bottom + GAP;
  const side = above >= MARGIN || below + height > innerHeight - MARGIN ? "top" : "bottom";
  const centred = trigger.left + trigger.width / 2 - width / 2;
  bubble.style.top = `${side === "top" ? above : below}px`;
  bubble.style.left = `${Math.min(Math.max(MARGIN, centred), Math.max(MARGIN, innerWidth - width - MARGIN))}px`;
  bubble.dataset.side = side;
}
