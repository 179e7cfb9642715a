import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { PrintHeader } from "./PrintHeader.tsx";

function header(empresa: string, cnpj: string | null): string[] {
  const host = document.createElement("div");
  host.innerHTML = renderToString(<PrintHeader title="Histórico" filters="Usuário: Sistema" printed={{ at: "22/11/2026, 14:05", empresa, cnpj }} />);
  return [...host.firstElementChild!.children].map((el) => el.textContent ?? "");
}

describe("PrintHeader (issue 37 §17)", () => {
  test("paper names the company and its CNPJ first, then what was printed and when", () => {
    expect(header("Padaria Pão Quente Ltda", "11.222.333/0001-81")).toEqual([
      "Padaria Pão Quente Ltda · CNPJ 11.222.333/0001-81",
      "Cofre · Histórico",
      "Usuário: Sistema",
      "Impresso em 22/11/2026, 14:05",
    ]);
  });

  test("without a CNPJ the name alone; with nothing configured, no company line", () => {
    expect(header("Padaria Pão Quente Ltda", null)[0]).toBe("Padaria Pão Quente Ltda");
    expect(header("", null)).toEqual(["Cofre · Histórico", "Usuário: Sistema", "Impresso em 22/11/2026, 14:05"]);
  });
});
