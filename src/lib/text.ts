// Text for searching and ordering, one home for both (server SQL keys and islands alike).

/** Lower case without accents: "Ótica São João" → "otica sao joao". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * pt-BR natural order as a plain string: folded, digit runs zero-padded so "Cliente 2" sorts
 * before "Cliente 10" with a byte comparison (SQLite's default), and "Ávila" beside "Avila".
 */
export function sortKey(text: string): string {
  return fold(text.trim()).replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, "").padStart(12, "0"));
}

/** The folded text a register row is searched by (one column, filled on every write). */
export function searchText(...parts: (string | null | undefined)[]): string {
  return fold(parts.filter(Boolean).join(" "));
}

/** A LIKE pattern for "contains `text`" (use with ESCAPE '\\'): % and _ typed by the user are plain characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a trigram index (FTS5's trigram tokenizer: history_fts, clients_fts) can find `folded`:
 * three characters or more. A shorter text is found by LIKE.
 */
export const trigramSearchable = (folded: string) => [...folded].length >= 3;

/** An FTS5 query of one phrase (quotes doubled): with the trigram tokenizer, "contains `text`". */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;
