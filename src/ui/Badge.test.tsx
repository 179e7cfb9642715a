import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { Badge, type BadgeVariant } from "./Badge.tsx";

function badge(variant?: BadgeVariant): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(<Badge variant={variant}>Ativo</Badge>);
  return host.firstElementChild as HTMLElement;
}

describe("Badge", () => {
  test("is neutral unless a variant is given", () => {
    expect(badge().className).toBe("ui-badge ui-badge--neutral");
  });

  test.each(["success", "danger", "info", "warning", "neutral"] as const)("variant %s sets its class", (variant) => {
    const el = badge(variant);
    expect(el.tagName).toBe("SPAN");
    expect(el.classList.contains(`ui-badge--${variant}`)).toBe(true);
    expect(el.textContent).toBe("Ativo");
  });

  test("each variant has its own colours in the stylesheet", async () => {
    const css = await Bun.file(new URL("./badge.css", import.meta.url)).text();
    const colours = {
      success: "--color-success",
      danger: "--color-danger",
      info: "--color-info",
      warning: "--color-warning",
    };
    for (const [variant, token] of Object.entries(colours)) {
      const rule = css.match(new RegExp(`\\.ui-badge--${variant}\\s*\\{([^}]*)\\}`))?.[1] ?? "";
      expect(rule).toContain(`var(${token})`);
      expect(rule).toContain(`var(${token}-soft)`);
    }
  });
});
