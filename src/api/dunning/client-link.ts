// {link} in the régua's messages: the client's own page (issue 33 §4, DECISIONS §12). That page
// and its tokens are built on another branch; until it is merged here no client has a page, so
// there is no link to give: null, and the message leaves out the line holding {link}
// (src/api/dunning/text.ts). The merge replaces this body with the real look-up.
import type { Db, Tx } from "../../../db/client";

/** The client's page address ("/c/{token}", absolute when the server knows its origin), or null. */
export function clientPageLink(_db: Db | Tx, _clientId: number): string | null {
  return null;
}
