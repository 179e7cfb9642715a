// The clients' search text through clients_fts (migration 0037; measured in docs/decisions.md):
// one home for when the index answers and how a page uses it, for the clients' list and the
// subscriptions' (which search their client's text).
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ftsPhrase, trigramSearchable } from "../../lib/text";
import { sql as statement } from "../prepared";

/** Clients whose text holds a phrase, counted by clients_fts alone. */
const TEXT_COUNT = statement<{ n: number }, { phrase: string }>("SELECT count(*) AS n FROM clients_fts WHERE clients_fts MATCH $phrase");

/** The ids of the clients whose text holds a phrase: this, then the phrase, then ")". */
const HOLDING = "(SELECT rowid FROM clients_fts WHERE clients_fts MATCH ";

/** Past this many clients holding the text, a page walks its sort's index instead of sorting them (clientText). */
const FEW_MATCHES = 2_000;

/**
 * A search text of three characters or more, as clients_fts takes it, and how many clients
 * hold it; null for a shorter one (found by LIKE). At 50,000 clients LIKE walked the name index
 * reading each client's text until 50 matched (50–75 ms for a name few clients hold). Up to
 * FEW_MATCHES, the matches are looked up by id and sorted (`walk` false: 0.1 ms for 11); more,
 * and the sort's own index is walked, each client checked against the matches' set (`walk`
 * true: the id compared as `+id`, so SQLite does not look 50,000 up one by one and sort them —
 * a text in every name, page 1 / the middle page 14 / 31 → 6 / 10 ms).
 */
export function clientText(db: Db, folded: string): { phrase: string; matches: number; walk: boolean } | null {
  if (!trigramSearchable(folded)) return null;
  const phrase = ftsPhrase(folded);
  const matches = TEXT_COUNT.get(db, { phrase })?.n ?? 0;
  return { phrase, matches, walk: matches > FEW_MATCHES };
}

type ClientText = NonNullable<ReturnType<typeof clientText>>;

/** `+` before the client's id when the page walks its sort's index (clientText). */
const walked = (text: ClientText) => (text.walk ? "+" : "");

/** `column` (a client's id) is one of the clients holding the text, for a Drizzle query. */
export function holdsClientText(column: AnyColumn, text: ClientText): SQL {
  return sql`${sql.raw(walked(text))}${column} IN ${sql.raw(HOLDING)}${text.phrase})`;
}

/** The same for a statement written as text (`column` a client's id in it): the phrase is bound as `$clientText`. */
export const holdsClientTextSql = (column: string, text: ClientText) => `${walked(text)}${column} IN ${HOLDING}$clientText)`;
