import { signal } from "./signal";

type ToastVariant = "default" | "destructive";

interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem {
  /** Changes with every toast, so a replacement is a new element. */
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** SPEC §9: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The toast on screen, or null. The page's toaster (src/ui/page-toaster.ts) shows it. */
export const toastSignal = signal<ToastItem | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let remainingMs = TOAST_DURATION_MS;
let startedAt = 0;

/** Shows a toast, replacing the current one; returns its id. */
export function toast({ title, description, variant = "default" }: ToastOptions): number {
  const id = nextId++;
  toastSignal.value = { id, title, description, variant };
  remainingMs = TOAST_DURATION_MS;
  startTimer();
  return id;
}

/** Removes the current toast (or only the given one, if it is still showing). */
export function dismissToast(id?: number): void {
  if (id !== undefined && toastSignal.value?.id !== id) return;
  clearTimer();
  toastSignal.value = null;
}

/** Holds the auto-dismiss countdown while the user reads or interacts (hover, focus). */
export function pauseToast(): void {
  if (timer === undefined) return;
  clearTimer();
  remainingMs = Math.max(0, remainingMs - (Date.now() - startedAt));
}

export function resumeToast(): void {
  if (toastSignal.value && timer === undefined) startTimer();
}

function startTimer() {
  clearTimer();
  startedAt = Date.now();
  timer = setTimeout(() => {
    timer = undefined;
    toastSignal.value = null;
  }, remainingMs);
}

function clearTimer() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}
