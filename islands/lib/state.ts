// State shared between the islands of one page (STYLE: signals created in one module).
import { signal } from "../../src/ui/signal";
import { useEffect, useRef } from "react";
import type { InstallmentSummary } from "../../src/api/installments/model";
import type { PayableSummary } from "../../src/api/payables/model";

/** Incremented by the page header's "Novo …" button; the page's list island opens its dialog. */
export const newRecordRequest = signal(0);

/** Runs `open` each time the header's "Novo …" button is pressed after this island mounted. */
export function useNewRecordRequest(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const seen = newRecordRequest.peek();
    // subscribe() calls back at once with the current value: only later presses open the dialog.
    return newRecordRequest.subscribe((n) => {
      if (n !== seen) latest.current();
    });
  }, []);
}

/** Incremented when a person points at or focuses the header's "Novo …" button: the list preloads its dialog. */
export const newRecordIntent = signal(0);

/** Runs `preload` when the header's "Novo …" button is about to be pressed (pointed at, focused). */
export function useNewRecordIntent(preload: () => unknown): void {
  const latest = useRef(preload);
  latest.current = preload;
  useEffect(() => {
    const seen = newRecordIntent.peek();
    return newRecordIntent.subscribe((n) => {
      if (n !== seen) latest.current();
    });
  }, []);
}

/** The cards of Contas a Receber / a Pagar: set by the list island after every view change and every change. */
export const ledgerSummary = signal<InstallmentSummary | PayableSummary | null>(null);
