// The party picker draws its field closed until its working part loads (issue 38 §7): the two
// must draw the same markup, or the field would jump as the part arrives; and what was typed or
// focused before it loaded carries over.
import { afterEach, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { cleanup, render } from "../../tests/ui";
import { json, mockFetch, settleUntil, type Call } from "../../tests/islands";
import { PartyPickerClosed } from "./PartyPicker";
import { PartyPickerFull } from "./PartyPickerFull";

afterEach(cleanup);

const none = () => {};
const closed = { typed: null, onType: none, onIntent: none, onLeave: none };
const BLOCKED = { id: 7, nome: "Padaria Pão Quente", statusBloqueio: 1 as const };

test("closed, the field is drawn as the working part draws it: empty, chosen, blocked, with a Field's wiring", () => {
  const field = { id: "f-1", "aria-describedby": "f-1-erro", "aria-invalid": true as const };
  for (const value of [null, { ...BLOCKED, statusBloqueio: 0 as const }, BLOCKED]) {
    const props = { endpoint: "/api/clients", value, onChange: none, placeholder: "Todos os clientes", ...field };
    expect(renderToString(<PartyPickerClosed {...props} {...closed} />)).toBe(renderToString(<PartyPickerFull {...props} />));
  }
});

test("the working part keeps what was typed before it loaded and, focused then, takes the focus and searches it", async () => {
  const calls: Call[] = [];
  mockFetch(calls, () => json([BLOCKED]));
  const { container } = render(<PartyPickerFull endpoint="/api/clients" value={null} onChange={none} typed="Pada" focused />);
  const input = container.querySelector("input")!;
  expect(input.value).toBe("Pada");
  expect(document.activeElement).toBe(input);
  expect(input.getAttribute("aria-expanded")).toBe("true");
  await settleUntil(() => container.querySelector('[role="option"]') !== null, "the matches");
  expect(calls.map((call) => call.url)).toEqual(["/api/clients?q=Pada&porPagina=20"]);
  expect(container.querySelector('[role="option"]')?.textContent).toContain("Padaria Pão Quente");
});
