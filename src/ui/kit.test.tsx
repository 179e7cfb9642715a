// The small screen-kit pieces: EmptyState, IconAction, FilterBar, PageHeader.
import { afterEach, describe, expect, test } from "bun:test";
import { EmptyState } from "./EmptyState.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { IconAction } from "./IconAction.tsx";
import { PageHeader } from "./PageHeader.tsx";
import { cleanup, click, get, render, serverRenderAndHydrate } from "../../tests/ui.tsx";

afterEach(cleanup);

describe("EmptyState", () => {
  test("says what is missing, how to fill it, and offers the action", () => {
    render(<EmptyState icon="users" title="Nenhum cliente encontrado" hint="Cadastre o primeiro cliente." action={<button type="button">Novo Cliente</button>} />);
    expect(get(".ui-empty__title").textContent).toBe("Nenhum cliente encontrado");
    expect(get(".ui-empty__hint").textContent).toBe("Cadastre o primeiro cliente.");
    expect(get(".ui-empty__action button").textContent).toBe("Novo Cliente");
  });
});

describe("IconAction", () => {
  test("names the row it acts on and shows the verb in its tooltip", () => {
    let clicked = 0;
    render(<IconAction label="Excluir" rowName="Padaria Pão Quente" icon="trash" danger onClick={() => clicked++} />);
    const button = get("button");
    expect(button.getAttribute("aria-label")).toBe("Excluir Padaria Pão Quente");
    // The verb is shown by the page's one tooltip (src/ui/page-tooltip.ts): a data-tip, no bubble of its own.
    expect(button.dataset.tip).toBe("Excluir");
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    expect(button.className).toContain("ui-icon-action--danger");
    click(button);
    expect(clicked).toBe(1);
  });
});

describe("FilterBar", () => {
  test("a named search landmark; Filtros toggles it on phones; Limpar filtros only when something is set", () => {
    let cleared = 0;
    const { rerender } = render(
      <FilterBar label="Filtrar clientes" active={false} onClear={() => cleared++}>
        <input aria-label="Buscar" />
      </FilterBar>,
    );
    expect(get('[role="search"]').getAttribute("aria-label")).toBe("Filtrar clientes");
    const toggle = get<HTMLButtonElement>(".ui-filterbar__toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(get(".ui-filterbar").hasAttribute("data-open")).toBe(true);
    expect(get<HTMLButtonElement>(".ui-filterbar__clear").disabled).toBe(true);
    rerender(
      <FilterBar label="Filtrar clientes" active onClear={() => cleared++}>
        <input aria-label="Buscar" />
      </FilterBar>,
    );
    click(get(".ui-filterbar__clear"));
    expect(cleared).toBe(1);
  });

  test("hydrates without a mismatch", () => {
    expect(serverRenderAndHydrate(<FilterBar label="x" active={false} onClear={() => {}}><input aria-label="a" /></FilterBar>).errors).toEqual([]);
  });
});

describe("PageHeader", () => {
  test("one h1, the explanation and the actions", () => {
    render(<PageHeader title="Gerenciar Clientes" description="Cadastre clientes." actions={<button type="button">Novo Cliente</button>} />);
    expect(get("h1").textContent).toBe("Gerenciar Clientes");
    expect(get(".page-description").textContent).toBe("Cadastre clientes.");
    expect(get(".page-actions button").textContent).toBe("Novo Cliente");
  });
});
