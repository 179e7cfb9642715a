import { afterEach, describe, expect, mock, test } from "bun:test";
import { useState } from "react";
import { Input } from "./Input.tsx";
import { cleanup, get, render, typeInto } from "../../tests/ui.tsx";

afterEach(cleanup);

/** CNPJ mask: 00.000.000/0000-00 */
function cnpjMask(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 14);
  const parts = [d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12, 14)];
  return parts
    .map((part, i) => (part && i > 0 ? [".", ".", "/", "-"][i - 1] + part : part))
    .join("");
}

function ControlledCnpj({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <Input
      value={value}
      mask={cnpjMask}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
    />
  );
}

describe("Input", () => {
  test("without a mask, handlers get the typed text", () => {
    const onChange = mock((value: string) => value);
    const onValueChange = mock((value: string) => value);
    const { container } = render(
      <Input onChange={(event) => onChange(event.target.value)} onValueChange={onValueChange} />,
    );
    typeInto(get("input", container), "Padaria Pão Quente");
    expect(onChange).toHaveBeenLastCalledWith("Padaria Pão Quente");
    expect(onValueChange).toHaveBeenLastCalledWith("Padaria Pão Quente");
  });

  test("the mask formats the text and handlers receive the masked value", () => {
    const onChange = mock((value: string) => value);
    const onValueChange = mock((value: string) => value);
    const { container } = render(
      <Input mask={cnpjMask} onChange={(event) => onChange(event.target.value)} onValueChange={onValueChange} />,
    );
    const input = get<HTMLInputElement>("input", container);
    typeInto(input, "11222333000181");
    expect(input.value).toBe("11.222.333/0001-81");
    expect(onChange).toHaveBeenLastCalledWith("11.222.333/0001-81");
    expect(onValueChange).toHaveBeenLastCalledWith("11.222.333/0001-81");
  });

  test("works controlled: state holds the masked text and the caret ends after it", () => {
    const seen: string[] = [];
    const { container } = render(<ControlledCnpj onValueChange={(v) => seen.push(v)} />);
    const input = get<HTMLInputElement>("input", container);
    typeInto(input, "112");
    expect(input.value).toBe("11.2");
    expect(input.selectionStart).toBe(4);
    typeInto(input, "11.2223");
    expect(input.value).toBe("11.222.3");
    expect(input.selectionStart).toBe(8);
    expect(seen).toEqual(["11.2", "11.222.3"]);
  });

  test("an edit in the middle keeps the caret after the same digit", () => {
    const { container } = render(<ControlledCnpj />);
    const input = get<HTMLInputElement>("input", container);
    typeInto(input, "12345678");
    expect(input.value).toBe("12.345.678");
    // The user types 9 right after "12." (the caret was at 3, it is now at 4).
    typeInto(input, "12.9345.678", 4);
    expect(input.value).toBe("12.934.567/8");
    // Caret after the 3rd digit ("12.9|34..."), not thrown to the end.
    expect(input.selectionStart).toBe(4);
  });

  test("a character the mask rejects leaves the value alone and the caret where it was", () => {
    const { container } = render(<ControlledCnpj />);
    const input = get<HTMLInputElement>("input", container);
    typeInto(input, "12345");
    // "x" typed after "12." is dropped; the caret stays between 2 and 3 instead of jumping to the end.
    typeInto(input, "12.x345", 4);
    expect(input.value).toBe("12.345");
    expect(input.selectionStart).toBe(2);
  });

  test("forwards its ref", () => {
    let node: HTMLInputElement | null = null;
    render(<Input ref={(el) => void (node = el)} name="email" />);
    expect(node).not.toBeNull();
    expect(node!.name).toBe("email");
  });
});
