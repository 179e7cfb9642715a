import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { TOAST_DURATION_MS, dismissToast, pauseToast, resumeToast, toast, toastSignal } from "./toast.ts";

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  dismissToast();
  jest.useRealTimers();
});

describe("toast store", () => {
  test("toast() shows one toast with the default variant", () => {
    const id = toast({ title: "Cliente criado" });
    expect(toastSignal.value).toEqual({ id, title: "Cliente criado", description: undefined, variant: "default" });
  });

  test("a new toast replaces the current one", () => {
    const first = toast({ title: "Cliente criado" });
    const second = toast({ title: "Erro", description: "Não foi possível excluir o cliente.", variant: "destructive" });
    expect(second).not.toBe(first);
    expect(toastSignal.value?.id).toBe(second);
    expect(toastSignal.value?.title).toBe("Erro");
    expect(toastSignal.value?.variant).toBe("destructive");
  });

  test("disappears after 5000 ms", () => {
    toast({ title: "Parcela quitada" });
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toastSignal.value).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(toastSignal.value).toBeNull();
  });

  test("a replacement gets a fresh 5000 ms", () => {
    toast({ title: "Parcela quitada" });
    jest.advanceTimersByTime(4000);
    toast({ title: "Vencimento alterado" });
    jest.advanceTimersByTime(4000);
    expect(toastSignal.value?.title).toBe("Vencimento alterado");
    jest.advanceTimersByTime(1000);
    expect(toastSignal.value).toBeNull();
  });

  test("dismissToast() removes it at once; an old id does not remove a newer toast", () => {
    const old = toast({ title: "Cliente criado" });
    toast({ title: "Cliente atualizado" });
    dismissToast(old);
    expect(toastSignal.value?.title).toBe("Cliente atualizado");
    dismissToast();
    expect(toastSignal.value).toBeNull();
  });

  test("pausing holds the countdown and resuming continues with the time left", () => {
    toast({ title: "Cliente excluído" });
    jest.advanceTimersByTime(3000);
    pauseToast();
    jest.advanceTimersByTime(60_000);
    expect(toastSignal.value).not.toBeNull();
    resumeToast();
    jest.advanceTimersByTime(1999);
    expect(toastSignal.value).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(toastSignal.value).toBeNull();
  });
});
