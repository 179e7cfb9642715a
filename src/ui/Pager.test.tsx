import { afterEach, describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { Pager, rangeText } from "./Pager.tsx";
import { cleanup, click, render } from "../../tests/ui.tsx";

afterEach(cleanup);

const hrefFor = (n: number) => `/clients?q=pao&ordem=-mensalidade${n > 1 ? `&pagina=${n}` : ""}`;

describe("Pager", () => {
  test("says which rows are shown, pt-BR digits", () => {
    expect(rangeText(2, 50, 2000)).toBe("51–100 de 2.000");
    expect(rangeText(40, 50, 1999)).toBe("1.951–1.999 de 1.999");
    expect(rangeText(1, 50, 0)).toBe("0 resultados");
  });

  test("one page: nothing to show", () => {
    expect(renderToString(<Pager page={1} perPage={50} total={50} hrefFor={hrefFor} listName="clientes" />)).toBe("");
  });

  test("before hydration: links keep the view, the jump form carries the other parameters", () => {
    const html = renderToString(<Pager page={2} perPage={50} total={120} hrefFor={hrefFor} listName="clientes" />);
    const host = document.createElement("div");
    host.innerHTML = html;
    const links = [...host.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/clients?q=pao&ordem=-mensalidade", "/clients?q=pao&ordem=-mensalidade&pagina=3"]);
    const form = host.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("/clients");
    expect([...form.querySelectorAll('input[type="hidden"]')].map((i) => `${i.getAttribute("name")}=${i.getAttribute("value")}`)).toEqual([
      "q=pao",
      "ordem=-mensalidade",
    ]);
    expect(host.querySelector("nav")!.getAttribute("aria-label")).toBe("Paginação de clientes");
  });

  test("live: a click changes page in place; the last page has no Próxima", () => {
    const pages: number[] = [];
    render(<Pager page={3} perPage={50} total={120} hrefFor={hrefFor} listName="clientes" onPageChange={(n) => pages.push(n)} />);
    const [prev, next] = [...document.querySelectorAll("a")];
    expect(next!.hasAttribute("href")).toBe(false);
    expect(next!.getAttribute("aria-disabled")).toBe("true");
    click(prev!);
    expect(pages).toEqual([2]);
  });
});
