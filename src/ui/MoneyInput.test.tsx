import { afterEach, describe, expect, test } from "bun:test";
import { act, useLayoutEffect, useState } from "react";
import { cents, type Cents } from "../lib/money.ts";
import { MoneyInput } from "./MoneyInput.tsx";
import { cleanup, get, keyDown, render, serverRenderAndHydrate, typeInto } from "../../tests/ui.tsx";

afterEach(cleanup);

/** A form holding cents, as the dialogs do; records what MoneyInput handed over. */
function Harness({ initial = null as Cents | null, log = [] as [Cents | null, string | null][] }) {
  const [value, setValue] = useState<Cents | null>(initial);
  return (
    <>
      <MoneyInput
        aria-label="Valor"
        value={value}
        onValueChange={(next, error) => {
          log.push([next, error]);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(cents(0))}>
        zerar
      </button>
    </>
  );
}

const input = () => get<HTMLInputElement>("input");
// React listens to focusin/focusout for onFocus/onBlur.
const blur = () => act(() => input().dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
const focus = () => act(() => input().dispatchEvent(new FocusEvent("focusin", { bubbles: true })));

describe("MoneyInput", () => {
  test("a text field with a decimal keypad, never type=number; shows a stored amount the pt-BR way", () => {
    render(<Harness initial={cents(62000)} />);
    expect(input().type).toBe("text");
    expect(input().inputMode).toBe("decimal");
    expect(input().value).toBe("620,00");
  });

  test("hands over integer cents as you type pt-BR money, and formats on blur", () => {
    const log: [Cents | null, string | null][] = [];
    render(<Harness log={log} />);
    focus();
    typeInto(input(), "250,50");
    expect(log.at(-1)).toEqual([cents(25050), null]);
    typeInto(input(), "1234,5");
    expect(log.at(-1)).toEqual([cents(123450), null]);
    blur();
    expect(input().value).toBe("1.234,50");
  });

  test("an unreadable amount is a pt-BR error, and the typed text stays", () => {
    const log: [Cents | null, string | null][] = [];
    render(<Harness log={log} />);
    focus();
    typeInto(input(), "12,345");
    expect(log.at(-1)).toEqual([null, "Valor inválido"]);
    blur();
    expect(input().value).toBe("12,345");
  });

  test("keeps only digits, dots and one comma as you type (issue 37 §4): letters and a minus never show", () => {
    const log: [Cents | null, string | null][] = [];
    render(<Harness log={log} />);
    focus();
    typeInto(input(), "12abc-,5x");
    expect(input().value).toBe("12,5");
    expect(log.at(-1)).toEqual([cents(1250), null]);
    typeInto(input(), "1.234,5,6");
    expect(input().value).toBe("1.234,56");
    typeInto(input(), "-5");
    expect(input().value).toBe("5");
    expect(log.at(-1)).toEqual([cents(500), null]);
    // A refused letter typed mid-text leaves the caret where it was typed, not at the end.
    typeInto(input(), "12x3,00", 3);
    expect(input().value).toBe("123,00");
    expect(input().selectionStart).toBe(2);
  });

  test("a pasted amount with its R$ keeps the amount", () => {
    const log: [Cents | null, string | null][] = [];
    render(<Harness log={log} />);
    focus();
    typeInto(input(), "R$ 1.234,56");
    expect(input().value).toBe("1.234,56");
    expect(log.at(-1)).toEqual([cents(123456), null]);
  });

  test("arrow keys and the wheel change nothing", () => {
    render(<Harness initial={cents(89000)} />);
    keyDown(input(), "ArrowUp");
    keyDown(input(), "ArrowDown");
    act(() => input().dispatchEvent(new WheelEvent("wheel", { deltaY: -100, bubbles: true })));
    expect(input().value).toBe("890,00");
  });

  test("a value set from outside replaces what is shown (trial sets 0)", () => {
    render(<Harness initial={cents(15000)} />);
    act(() => get("button").click());
    expect(input().value).toBe("0,00");
  });

  test("the new value is on screen in the same commit that sets it, not one render later", () => {
    // What a browser test reading right after the click saw: a layout effect runs before paint.
    const seen: string[] = [];
    function Probe({ value }: { value: Cents | null }) {
      useLayoutEffect(() => void seen.push(`${value}:${input().value}`), [value]);
      return null;
    }
    function Form() {
      const [value, setValue] = useState<Cents | null>(cents(15000));
      return (
        <>
          <MoneyInput aria-label="Valor" value={value} onValueChange={setValue} />
          <Probe value={value} />
          <button type="button" onClick={() => setValue(cents(0))}>
            zerar
          </button>
        </>
      );
    }
    render(<Form />);
    act(() => get("button").click());
    expect(seen).toEqual(["15000:150,00", "0:0,00"]);
  });

  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<MoneyInput aria-label="Valor" value={cents(100)} onValueChange={() => {}} />).errors).toEqual([]);
  });
});
