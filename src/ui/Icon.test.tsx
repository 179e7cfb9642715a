import { describe, expect, test } from "bun:test";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Icon } from "./Icon.tsx";
import { ICON_NAMES, IconSprite, type IconName } from "./IconSprite.tsx";

const REQUIRED: IconName[] = [
  "dashboard", "users", "receivable", "calendar-plus", "truck", "payable", "handshake", "chart", "logout",
  "menu", "close", "edit", "trash", "lock", "unlock", "plus", "search", "check", "alert", "logo", "mail",
  "phone", "map-pin", "chevron-up", "chevron-down", "info", "shield", "clock", "wallet",
];

function svg(element: ReactElement): SVGSVGElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(element);
  return host.querySelector("svg")!;
}

describe("Icon", () => {
  test("has every icon the product needs", () => {
    for (const name of REQUIRED) expect(ICON_NAMES).toContain(name);
  });

  const sprite = svg(<IconSprite />);

  test.each(ICON_NAMES.map((name) => [name]))("%s is a reference to its 24×24 drawing in the sprite", (name) => {
    const el = svg(<Icon name={name} />);
    expect(el.querySelector("use")!.getAttribute("href")).toBe(`#i-${name}`);
    const symbol = sprite.querySelector(`symbol#i-${name}`)!;
    expect(symbol.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(symbol.querySelectorAll("path, circle, rect").length).toBeGreaterThan(0);
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
