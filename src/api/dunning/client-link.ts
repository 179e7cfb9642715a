// {link} in the régua's messages: the client's own page (issue 33 §4, DECISIONS §12), its live
// link made again from its seed (a client without one gets one, by "sistema"). Absolute links
// need PUBLIC_URL (the origin clients reach Cofre at): without it there is no link to give, and
// the message leaves out the line holding {link} (src/api/dunning/text.ts).
import type { Db } from "../../../db/client";
import { currentClientLink, linkOrigin } from "../client-page/links";
import { SYSTEM } from "../history/record";

/** The client's page address ("https://…/c/{token}"), or null without PUBLIC_URL. */
export function clientPageLink(db: Db, clientId: number): string | null {
  return linkOrigin.value ? currentClientLink(db, SYSTEM, clientId, linkOrigin.value) : null;
}
