// The client's address (DECISIONS §1 and §4, issue 31 §12): the socket's peer, unless that peer
// is a reverse proxy named in TRUST_PROXY — then the right-most X-Forwarded-For entry that is
// not itself a trusted proxy. From anyone else the header is ignored: a client writing its own
// X-Forwarded-For gains nothing. The sign-in limit, the sessions and the history read it here.
import type { Server } from "bun";
import { clientAddressOf, type AddressRange } from "../lib/ip-address";

/** This request's client address (TRUST_PROXY's ranges; no server, as in tests through app.handle: "local"). */
export function requestAddress(request: Request, server: Server<unknown> | null | undefined, trusted: readonly AddressRange[]): string {
  return clientAddressOf(server?.requestIP(request)?.address, request.headers.get("x-forwarded-for"), trusted);
}
