// pt-BR counts ("1.234"). Intl formatters are made on first use, not when a module loads:
// the first one loads ICU's number data, which a restart's first page (the login) never needs.

/** A formatter made the first time it is asked for. */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const counts = lazily(() => new Intl.NumberFormat("pt-BR"));

/** 1234 → "1.234". */
export const formatCount = (n: number): string => counts().format(n);
