import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import { cx } from "./cx.ts";

/** SPEC §9: open after 700 ms; within 300 ms of another tooltip closing, open at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

interface TooltipProps {
  content: ReactNode;
  /** The trigger: one focusable element (usually a Button); it gets aria-describedby. */
  children: ReactElement<{ "aria-describedby"?: string }>;
  /** Preferred side; flips when there is no room. */
  side?: "top" | "bottom";
  className?: string;
}

export function Tooltip({ content, children, side = "top", className }: TooltipProps) {
  const id = useId();
  const [open, setOpenState] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerDown = useRef(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);

  function setOpen(next: boolean) {
    openRef.current = next;
    setOpenState(next);
  }

  function cancelTimer() {
    clearTimeout(timer.current);
    timer.current = undefined;
  }

  function show() {
    cancelTimer();
    if (openRef.current) return;
    const sinceLastClose = performance.now() - lastClosedAt;
    if (sinceLastClose >= 0 && sinceLastClose < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }

  function hide() {
    cancelTimer();
    if (!openRef.current) return;
    lastClosedAt = performance.now();
    setOpen(false);
  }

  useEffect(() => cancelTimer, []);

  useEffect(() => {
    if (!open) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      // Only the tooltip closes; a dialog around it stays open until the next Esc.
      event.preventDefault();
      hide();
    }
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [open]);

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    const bubble = bubbleRef.current;
    if (open && wrapper && bubble) place(bubble, wrapper.getBoundingClientRect(), side);
  }, [open, side]);

  const describedBy = [children.props["aria-describedby"], id].filter(Boolean).join(" ");

  return (
    <span
      ref={wrapperRef}
      className={cx("ui-tooltip", className)}
      onPointerEnter={(event) => {
        if (event.pointerType !== "touch") show();
      }}
      onPointerLeave={hide}
      onPointerDown={() => {
        // A click focuses the trigger: that focus should not open the tooltip.
        pointerDown.current = true;
        document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
        hide();
      }}
      onFocus={() => {
        if (!pointerDown.current) show();
      }}
      onBlur={hide}
    >
      {cloneElement(children, { "aria-describedby": describedBy })}
      <span ref={bubbleRef} id={id} role="tooltip" className="ui-tooltip__bubble" hidden={!open}>
        {content}
      </span>
    </span>
  );
}

const GAP = 6;
const MARGIN = 4;

function place(bubble: HTMLElement, trigger: DOMRect, preferred: "top" | "bottom") {
  const { width, height } = bubble.getBoundingClientRect();
  const above = trigger.top - GAP - height;
  const below = trigger.bottom + GAP;
  const fitsAbove = above >= MARGIN;
  const fitsBelow = below + height <= window.innerHeight - MARGIN;
  const side = preferred === "top" ? (fitsAbove || !fitsBelow ? "top" : "bottom") : fitsBelow || !fitsAbove ? "bottom" : "top";
  const centred = trigger.left + trigger.width / 2 - width / 2;
  const left = Math.min(Math.max(MARGIN, centred), Math.max(MARGIN, window.innerWidth - width - MARGIN));
  bubble.style.top = `${side === "top" ? above : below}px`;
  bubble.style.left = `${left}px`;
  bubble.dataset.side = side;
}
