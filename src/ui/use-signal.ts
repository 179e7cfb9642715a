import type { ReadonlySignal } from "./signal";
import { useSyncExternalStore } from "react";

/**
 * A signal's value; the component renders again when it changes. Instead of signals-react's
 * useSignals(): its runtime (which tracks every signal a render reads) cost every page ~0.6 KB
 * gzipped for two components that read one signal each (src/ssr/client-build.ts leaves it out).
 */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const read = () => source.peek();
  return useSyncExternalStore((changed) => source.subscribe(changed), read, read);
}
