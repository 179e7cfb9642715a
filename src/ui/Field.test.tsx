import { afterEach, describe, expect, test } from "bun:test";
import { Field } from "./Field.tsx";
import { Input } from "./Input.tsx";
import { Select } from "./Select.tsx";
import { cleanup, get, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

describe("Field", () => {
  test("the label names the control through htmlFor/id", () => {
    const { container } = render(
      <Field label="Email">
        <Input type="email" />
      </Field>,
    );
    const label = get<HTMLLabelElement>("label", container);
    const input = get<HTMLInputElement>("input", container);
    expect(input.id).not.toBe("");
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe("Email");
  });

  test("without an error the control is neither invalid nor described", () => {
    const { container } = render(
      <Field label="Senha">
        <Input type="password" />
      </Field>,
    );
    const input = get("input", container);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(container.querySelector(".ui-field__error")).toBeNull();
  });

  test("an error appears under the control, marks it invalid and describes it", () => {
    const { container } = render(
      <Field label="Email" error="Email inválido">
        <Input type="email" />
      </Field>,
    );
    const input = get("input", container);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby") ?? "";
    const error = document.getElementById(describedBy);
    expect(error?.textContent).toBe("Email inválido");
    expect(input.compareDocumentPosition(error!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("clearing the error removes the invalid state", () => {
    const { container, rerender } = render(
      <Field label="Nome" error="Nome é obrigatório">
        <Input />
      </Field>,
    );
    rerender(
      <Field label="Nome">
        <Input />
      </Field>,
    );
    const input = get("input", container);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(container.textContent).not.toContain("Nome é obrigatório");
  });

  test("hint and error both describe the control, keeping the control's own id and description", () => {
    const { container } = render(
      <>
        <p id="extra">Somente números</p>
        <Field label="CNPJ" hint="14 caracteres" error="CNPJ inválido" required>
          <Input id="cnpj" aria-describedby="extra" />
        </Field>
      </>,
    );
    const input = get("input", container);
    expect(input.id).toBe("cnpj");
    expect(get<HTMLLabelElement>("label", container).htmlFor).toBe("cnpj");
    const texts = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["Somente números", "CNPJ inválido", "14 caracteres"]);
    expect(input.getAttribute("aria-required")).toBe("true");
  });

  test("works with a Select as the control", () => {
    const { container } = render(
      <Field label="Status" error="Escolha um status">
        <Select options={[{ value: "0", label: "Ativo" }]} />
      </Field>,
    );
    const select = get("select", container);
    expect(get<HTMLLabelElement>("label", container).htmlFor).toBe(select.id);
    expect(select.getAttribute("aria-invalid")).toBe("true");
  });

  test("server markup hydrates with the same ids", () => {
    const { container, errors } = serverRenderAndHydrate(
      <Field label="Email" error="Email inválido" hint="Use o e-mail da empresa">
        <Input type="email" />
      </Field>,
    );
    expect(errors).toEqual([]);
    const input = get("input", container);
    expect(get<HTMLLabelElement>("label", container).htmlFor).toBe(input.id);
  });
});
