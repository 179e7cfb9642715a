import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./Card.tsx";

function parse(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host;
}

describe("Card", () => {
  test("composes header, title, description and content in order", () => {
    const host = parse(
      renderToString(
        <Card aria-label="Total de Clientes" data-testid="card">
          <CardHeader>
            <CardTitle>Total de Clientes</CardTitle>
            <CardDescription>Crescimento estável</CardDescription>
          </CardHeader>
          <CardContent>128</CardContent>
        </Card>,
      ),
    );
    const card = host.querySelector<HTMLElement>(".ui-card");
    expect(card?.dataset.testid).toBe("card");
    expect(card?.getAttribute("aria-label")).toBe("Total de Clientes");
    const parts = [...card!.querySelectorAll(".ui-card__header, .ui-card__title, .ui-card__description, .ui-card__content")];
    expect(parts.map((el) => el.className)).toEqual([
      "ui-card__header",
      "ui-card__title",
      "ui-card__description",
      "ui-card__content",
    ]);
    expect(card!.querySelector(".ui-card__content")?.textContent).toBe("128");
  });

  test("the title is an h2 unless another level is asked for", () => {
    expect(parse(renderToString(<CardTitle>Vencidas</CardTitle>)).firstElementChild?.tagName).toBe("H2");
    expect(parse(renderToString(<CardTitle as="h3">Vencidas</CardTitle>)).firstElementChild?.tagName).toBe("H3");
  });

  test("extra class names are added, not substituted", () => {
    const el = parse(renderToString(<CardContent className="stats" />)).firstElementChild;
    expect(el?.className).toBe("ui-card__content stats");
  });
});
