// A value islands and plain scripts share, read and written as `.value`, watched with
// `.subscribe` (called at once with the current value, then on every change). What Cofre used of
// @preact/signals, in a few lines: the shared stores ship on pages without React (the toasts,
// issue 38 §7) and weigh ~0.1 KB instead of ~1.5 KB gzipped.
interface Signal<T> {
  value: T;
  peek(): T;
  subscribe(listener: (value: T) => void): () => void;
}

export type ReadonlySignal<T> = Pick<Signal<T>, "peek" | "subscribe"> & { readonly value: T };

export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return current;
    },
    set value(next: T) {
      if (Object.is(next, current)) return;
      current = next;
      for (const listener of [...listeners]) listener(next);
    },
    peek: () => current,
    subscribe(listener) {
      listeners.add(listener);
      listener(current);
      return () => listeners.delete(listener);
    },
  };
}
