import { useCallback, useRef, type ChangeEvent, type InputHTMLAttributes, type Ref } from "react";
import { cx } from "./cx.ts";

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Formats the typed text on every change (e.g. CNPJ, phone); handlers receive the masked text. */
  mask?: (raw: string) => string;
  onValueChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ mask, onChange, onValueChange, className, ref, ...rest }: InputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (mask) applyMask(event.currentTarget, mask);
    onChange?.(event);
    onValueChange?.(event.currentTarget.value);
  }

  return <input {...rest} ref={setRef} className={cx("ui-input", className)} onChange={handleChange} />;
}

/** Masks the element's text in place, so a controlled re-render with the same text leaves the caret alone. */
function applyMask(input: HTMLInputElement, mask: (raw: string) => string) {
  const raw = input.value;
  const masked = mask(raw);
  if (masked === raw) return;
  const caret = input.selectionStart ?? raw.length;
  input.value = masked;
  // Keep the caret after the same letter or digit; counting in the masked prefix skips rejected input.
  const position =
    caret >= raw.length ? masked.length : caretAfter(masked, countSignificant(mask(raw.slice(0, caret))));
  try {
    input.setSelectionRange(position, position);
  } catch {
    // Some input types (email, number) have no selection API.
  }
}

const SIGNIFICANT = /[0-9A-Za-z]/;

function countSignificant(text: string): number {
  let count = 0;
  for (const char of text) if (SIGNIFICANT.test(char)) count++;
  return count;
}

/** The index just after the n-th letter or digit of text (0 when n is 0). */
function caretAfter(text: string, n: number): number {
  if (n === 0) return 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (SIGNIFICANT.test(text[i] ?? "") && ++count === n) return i + 1;
  }
  return text.length;
}
