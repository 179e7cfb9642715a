import { afterEach, expect, test } from "bun:test";
import { act, useState } from "react";
import { dismissToast, toastSignal } from "../../src/ui/toast";
import { settle } from "../../tests/islands";
import { cleanup, click, render } from "../../tests/ui";
import { Loading, onDemand, preloadOnIntent } from "./on-demand";

afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

/** A part whose code arrives when `arrive()` is called, or fails with `fail()`; counts its loads. */
function controlledPart() {
  const loads: { resolve(): void; reject(): void }[] = [];
  const Part = onDemand<{ text: string }>(
    () =>
      new Promise((resolve, reject) => {
        loads.push({ resolve: () => resolve(({ text }: { text: string }) => <p className="part">{text}</p>), reject: () => reject(new TypeError("Failed to fetch dynamically imported module")) });
      }),
  );
  return { Part, loads };
}

function Opener({ Part }: { Part: ReturnType<typeof controlledPart>["Part"] }) {
  const [open, setOpen] = useState(false);
  return (
    <div {...preloadOnIntent(Part)}>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <span className="other">texto</span>
      {open && (
        <Loading onFailed={() => setOpen(false)}>
          <Part text="aberto" />
        </Loading>
      )}
    </div>
  );
}

const openButton = () => [...document.querySelectorAll("button")].find((b) => b.textContent === "Abrir")!;

test("the part's code loads with the first opening; nothing shows until it arrives, then the part does", async () => {
  const { Part, loads } = controlledPart();
  render(<Opener Part={Part} />);
  expect(loads).toHaveLength(0);
  click(openButton());
  expect(loads).toHaveLength(1);
  expect(document.querySelector(".part")).toBeNull();
  loads[0]!.resolve();
  await settle();
  expect(document.querySelector(".part")?.textContent).toBe("aberto");
});

test("pointing at or focusing a button of the island starts the load once; other elements do not", async () => {
  const { Part, loads } = controlledPart();
  render(<Opener Part={Part} />);
  act(() => void document.querySelector(".other")!.dispatchEvent(new Event("pointerover", { bubbles: true })));
  expect(loads).toHaveLength(0);
  act(() => void openButton().dispatchEvent(new Event("pointerover", { bubbles: true })));
  expect(loads).toHaveLength(1);
  act(() => openButton().focus());
  expect(loads).toHaveLength(1);
  loads[0]!.resolve();
  await settle();
  click(openButton());
  await settle();
  expect(loads).toHaveLength(1);
  expect(document.querySelector(".part")?.textContent).toBe("aberto");
});

test("code that cannot be loaded: a toast says so, the part closes, and the next opening loads again", async () => {
  const { Part, loads } = controlledPart();
  render(<Opener Part={Part} />);
  click(openButton());
  // React reports the error its boundary caught on the console, as a browser would show it.
  const reported: unknown[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => reported.push(args);
  try {
    loads[0]!.reject();
    await settle();
  } finally {
    console.error = consoleError;
  }
  expect(String(reported)).toContain("could not be loaded");
  expect(toastSignal.value).toMatchObject({ title: "Não foi possível abrir", variant: "destructive" });
  expect(document.querySelector(".part")).toBeNull();
  click(openButton());
  expect(loads).toHaveLength(2);
  loads[1]!.resolve();
  await settle();
  expect(document.querySelector(".part")?.textContent).toBe("aberto");
});

test("a preload that fails says nothing; the opening that follows loads again", async () => {
  const { Part, loads } = controlledPart();
  render(<Opener Part={Part} />);
  const preloaded = Part.preload();
  loads[0]!.reject();
  await preloaded;
  expect(toastSignal.value).toBeNull();
  click(openButton());
  expect(loads).toHaveLength(2);
  loads[1]!.resolve();
  await settle();
  expect(document.querySelector(".part")?.textContent).toBe("aberto");
});
