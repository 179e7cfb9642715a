import { useCallback, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type Ref } from "react";
import { formatTypedMoney, parseTypedMoney, type Cents } from "../lib/money.ts";
import { cx } from "./cx.ts";

interface MoneyInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "type"> {
  /** The amount in cents, or null for an empty field. */
  value: Cents | null;
  /** Every keystroke: the amount typed so far (null when empty or unreadable) and, if unreadable, why. */
  onValueChange: (value: Cents | null, error: string | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * What a money field keeps of what was typed or pasted: digits, dots and the first comma
 * ("12abc-,5x" → "12,5"; "R$ 1.234,56" → "1.234,56"). A minus cannot be typed: amounts are never negative.
 */
function moneyKeystrokes(typed: string): string {
  const kept = typed.replace(/[^\d.,]/g, "");
  const comma = kept.indexOf(",");
  return comma < 0 ? kept : kept.slice(0, comma + 1) + kept.slice(comma + 1).replace(/,/g, "");
}

/**
 * Money typed the Brazilian way (DECISIONS §2): a text field, never type="number", so "250,50"
 * is R$ 250,50 and the wheel or arrow keys change nothing. Shows "1.234,56"; formats on blur.
 */
export function MoneyInput({ value, onValueChange, onBlur, onFocus, className, ref, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(() => (value === null ? "" : formatTypedMoney(value)));
  const focused = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);
  // Where the caret goes after a refused character was dropped (React would put it at the end).
  const caret = useRef<number | null>(null);
  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  // A value set from outside (trial sets 0, a reset, a proposed fee) replaces what is shown, in
  // the same render (React's "adjust state when a prop changes"), so nothing ever shows the old
  // figure for a frame; unless it is what the person is typing right now.
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    const shown = parseTypedMoney(text);
    if (!focused.current && (shown.error !== null || shown.cents !== value)) setText(value === null ? "" : formatTypedMoney(value));
  }

  return (
    <span className={cx("ui-money", className)}>
      <span className="ui-money__prefix" aria-hidden="true">
        R$
      </span>
      <input
        {...rest}
        ref={setRefs}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="ui-input ui-money__input"
        value={text}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          const typed = moneyKeystrokes(raw);
          if (typed !== raw) caret.current = moneyKeystrokes(raw.slice(0, event.currentTarget.selectionStart ?? raw.length)).length;
          setText(typed);
          const parsed = parseTypedMoney(typed);
          onValueChange(parsed.cents, parsed.error);
        }}
        onFocus={(event) => {
          focused.current = true;
          onFocus?.(event);
        }}
        onBlur={(event) => {
          focused.current = false;
          const parsed = parseTypedMoney(text);
          if (parsed.error === null && parsed.cents !== null) setText(formatTypedMoney(parsed.cents));
          onBlur?.(event);
        }}
      />
    </span>
  );
}
