import { describe, expect, test } from "bun:test";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Icon } from "./Icon.tsx";
import { ICON_NAMES, IconSprite } from "./IconSprite.tsx";

function svg(element: ReactElement): SVGSVGElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(element);
  return host.querySelector("svg")!;
}

describe("Icon", () => {
  const sprite = svg(<IconSprite />);

  test("every name is a reference to its 24×24 drawing in the sprite", () => {
    for (const name of ICON_NAMES) {
      expect(svg(<Icon name={name} />).querySelector("use")!.getAttribute("href")).toBe(`#i-${name}`);
      const symbol = sprite.querySelector(`symbol#i-${name}`)!;
      expect({ name, viewBox: symbol.getAttribute("viewBox"), drawn: symbol.querySelectorAll("path, circle, rect").length > 0 }).toEqual({ name, viewBox: "0 0 24 24", drawn: true });
    }
  });

  test("no two icons share a drawing", () => {
    const drawings = ICON_NAMES.map((name) => sprite.querySelector(`symbol#i-${name}`)!.innerHTML);
    expect(new Set(drawings).size).toBe(ICON_NAMES.length);
  });

  test("a use costs a few dozen bytes, not the drawing", () => {
    expect(renderToString(<Icon name="trash" size={18} />).length).toBeLessThan(140);
  });

  test("is decorative by default", () => {
    const el = svg(<Icon name="trash" />);
    expect(el.getAttribute("aria-hidden")).toBe("true");
    expect(el.hasAttribute("role")).toBe(false);
  });

  test("a label makes it an image with that name", () => {
    const el = svg(<Icon name="lock" label="Bloqueado" />);
    expect(el.getAttribute("role")).toBe("img");
    expect(el.getAttribute("aria-label")).toBe("Bloqueado");
    expect(el.hasAttribute("aria-hidden")).toBe(false);
  });

  test("size sets both sides", () => {
    const el = svg(<Icon name="plus" size={16} />);
    expect([el.getAttribute("width"), el.getAttribute("height")]).toEqual(["16", "16"]);
  });
});
