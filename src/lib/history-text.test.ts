import { expect, test } from "bun:test";
import { describeEvent, ENTITY_LABELS, HISTORY_ENTITIES } from "./history-text";

// Every entity the history records has its own noun and filter label (both are typed by
// HISTORY_ENTITIES, so a new entity does not compile without them); only stored text from
// another version falls back to "o registro".
const created = (entidade: string) => describeEvent({ usuario: "ana@cofre.test", acao: "create", entidade, rotulo: "X", detalhes: {} });

test("each entity is named by its own noun, never the fallback", () => {
  for (const entity of HISTORY_ENTITIES) {
    expect(`${entity}: ${created(entity)}`).not.toContain("o registro");
    expect(ENTITY_LABELS[entity]).toBeTruthy();
  }
  expect(created("client")).toContain("cadastrou o cliente X");
});

test("the plano de contas' events read in its words (issue 36)", () => {
  expect(created("category")).toContain("cadastrou a categoria X");
});

// ("category" was the example below until issue 36 made it one.)
test("an entity this version does not know still reads as a sentence", () => {
  expect(created("invoice")).toContain("cadastrou o registro X");
});
