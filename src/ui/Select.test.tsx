import { afterEach, describe, expect, mock, test } from "bun:test";
import { act, useState } from "react";
import { Select } from "./Select.tsx";
import { cleanup, get, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

const STATUS = [
  { value: "0", label: "Ativo" },
  { value: "1", label: "Bloqueado" },
];

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("Select", () => {
  test("renders one native option per entry, after the placeholder", () => {
    const { container } = render(<Select options={STATUS} placeholder="Todos" />);
    const options = [...get<HTMLSelectElement>("select", container).options];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ["", "Todos"],
      ["0", "Ativo"],
      ["1", "Bloqueado"],
    ]);
  });

  test("reports the chosen value and follows the controlled value", () => {
    const onValueChange = mock((value: string) => value);
    function StatusFilter() {
      const [status, setStatus] = useState("");
      return (
        <Select
          options={STATUS}
          placeholder="Todos"
          value={status}
          onValueChange={(value) => {
            setStatus(value);
            onValueChange(value);
          }}
        />
      );
    }
    const { container } = render(<StatusFilter />);
    const select = get<HTMLSelectElement>("select", container);
    expect(select.value).toBe("");
    choose(select, "1");
    expect(onValueChange).toHaveBeenCalledWith("1");
    expect(select.value).toBe("1");
    expect(select.selectedOptions[0]?.textContent).toBe("Bloqueado");
  });

  test("hydrates the server markup with the selected value", () => {
    const { container, errors, html } = serverRenderAndHydrate(
      <Select options={STATUS} value="1" onChange={() => {}} aria-label="Status" />,
    );
    expect(errors).toEqual([]);
    expect(html).toContain('selected=""');
    expect(get<HTMLSelectElement>("select", container).value).toBe("1");
  });
});
