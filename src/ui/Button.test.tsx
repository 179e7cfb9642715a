import { afterEach, describe, expect, mock, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { cleanup, click, get, render } from "../../tests/ui.tsx";

afterEach(cleanup);

describe("Button", () => {
  test("is a plain button by default, so it never submits the form around it", () => {
    const onSubmit = mock((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Filtrar</Button>
      </form>,
    );
    const button = get<HTMLButtonElement>("button", container);
    expect(button.type).toBe("button");
    click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("type submit submits the form", () => {
    const onSubmit = mock((event: SubmitEvent) => event.preventDefault());
    const { container } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit">Entrar</Button>
      </form>,
    );
    click(get("button", container));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  test("loading disables the button, marks it busy and ignores clicks", () => {
    const onClick = mock(() => {});
    const { container, rerender } = render(
      <Button loading onClick={onClick}>
        Entrando...
      </Button>,
    );
    const button = get<HTMLButtonElement>("button", container);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".ui-button__spinner")?.getAttribute("aria-hidden")).toBe("true");
    click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Entrar</Button>);
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute("aria-busy")).toBe(false);
    expect(button.querySelector(".ui-button__spinner")).toBeNull();
    click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test("variant and size pick the matching classes", () => {
    const html = renderToString(
      <>
        <Button>Salvar</Button>
        <Button variant="destructive" size="sm">
          Excluir
        </Button>
        <Button variant="ghost" size="icon" aria-label="Editar">
          <Icon name="edit" />
        </Button>
      </>,
    );
    expect(html).toContain('class="ui-button ui-button--primary ui-button--md"');
    expect(html).toContain('class="ui-button ui-button--destructive ui-button--sm"');
    expect(html).toContain('class="ui-button ui-button--ghost ui-button--icon"');
    expect(html).toContain('aria-label="Editar"');
  });

  test("an icon-only button without aria-label does not type-check", () => {
    const unnamed = (
      // @ts-expect-error size="icon" requires aria-label
      <Button size="icon">
        <Icon name="trash" />
      </Button>
    );
    const named = (
      <Button size="icon" aria-label="Excluir">
        <Icon name="trash" />
      </Button>
    );
    expect(renderToString(unnamed)).not.toContain("aria-label");
    expect(renderToString(named)).toContain('aria-label="Excluir"');
  });
});
