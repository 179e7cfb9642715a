import { describe, expect, test } from "bun:test";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Skeleton } from "./Skeleton.tsx";

function skeleton(element: ReactElement): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(element);
  return host.firstElementChild as HTMLElement;
}

describe("Skeleton", () => {
  test("is hidden from assistive technology", () => {
    expect(skeleton(<Skeleton />).getAttribute("aria-hidden")).toBe("true");
  });

  test("numbers are pixels, strings are used as given", () => {
    const el = skeleton(<Skeleton width={120} height="1.5rem" />);
    expect(el.style.width).toBe("120px");
    expect(el.style.height).toBe("1.5rem");
  });

  test("without sizes it leaves them to the stylesheet", () => {
    expect(skeleton(<Skeleton />).getAttribute("style")).toBeNull();
  });

  test("rounded adds the pill class", () => {
    expect(skeleton(<Skeleton rounded />).className).toBe("ui-skeleton ui-skeleton--rounded");
  });

  test("the shimmer stops for users who prefer reduced motion", async () => {
    const css = await Bun.file(new URL("./skeleton.css", import.meta.url)).text();
    expect(css).toMatch(/\.ui-skeleton\s*\{[^}]*animation:\s*ui-shimmer/);
    const reduced = css.slice(css.indexOf("prefers-reduced-motion: reduce"));
    expect(reduced).toMatch(/\.ui-skeleton\s*\{[^}]*animation:\s*none/);
  });
});
