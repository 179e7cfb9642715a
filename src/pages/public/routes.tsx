// The client's page and the receipts as pages (DECISIONS §12):
// - clientPageRoutes: /c/{token}, its PIX QR images and receipts, public: no session is read and no
//   cookie written (the gate lets /c/* through untouched, src/api/auth/plugin.ts), rate-limited per address;
// - receiptPages: /recibos/:numero and /receivables/:id/recibo for signed-in staff.
import type { Server } from "bun";
import { Elysia } from "elysia";
import { signedIn } from "../../api/auth/plugin";
import { LoginThrottle } from "../../api/auth/throttle";
import { pixQrSvg } from "../../api/charges/pix";
import { clientOfToken } from "../../api/client-page/links";
import { clientPageData, companyOf, receiptByNumber, receiptNumberOf, receiptsOf } from "../../api/client-page/service";
import type { AppDeps } from "../../context";
import { requestAddress } from "../../http/client-address";
import { HttpError, notFound } from "../../http/errors";
import { parseId } from "../../http/validate";
import { clock } from "../../lib/clock";
import { renderPage } from "../../ssr/render";
import { ClientPage } from "./ClientPage";
import { ReceiptPage } from "./ReceiptPage";

/**
 * Per address (DECISIONS §12): at most 20 tokens that open nothing (unknown or revoked) in 10
 * minutes — guessing —, and at most 600 requests of any kind a minute — load. A working link is
 * never refused for its own visits below that; behind a proxy that hides the clients' addresses,
 * the allowance is shared, so it is generous.
 */
const CLIENT_PAGE_LIMITS = {
  guesses: { requests: 20, windowMs: 10 * 60 * 1000 },
  requests: { requests: 600, windowMs: 60 * 1000 },
};

/**
 * The request's address, in one place for these routes (the sign-in reads it the same way; when
 * TRUST_PROXY lands, this is the line to point at its function).
 */

const NOT_FOUND = "Página não encontrada";

/** A path number on a public page: anything but digits is the same 404 as a wrong number. */
function publicNumber(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound(NOT_FOUND);
  return Number(raw);
}

export function clientPageRoutes(deps: AppDeps, limits = CLIENT_PAGE_LIMITS) {
  const { db } = deps;
  const guesses = new LoginThrottle(limits.guesses.requests, limits.guesses.windowMs);
  const requests = new LoginThrottle(limits.requests.requests, limits.requests.windowMs);

  /**
   * Counts the request against its address (429 past either limit), then resolves the token: the
   * same 404 for unknown and revoked. The guess is counted before the lookup (a parallel burst
   * cannot get more evaluated) and given back when the token opens a page.
   */
  function clientOf(token: string, request: Request, server: Server<unknown> | null): number {
    // The client's own address behind a trusted proxy (TRUST_PROXY), else the connection's.
    const key = [`c:${requestAddress(request, server, deps.config.trustProxy)}`];
    const at = clock.now().getTime();
    const waitMs = requests.reserve(key, at) || guesses.reserve(key, at);
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      throw new HttpError(429, `Muitos acessos a esta página. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`, undefined, {
        "retry-after": String(Math.ceil(waitMs / 1000)),
      });
    }
    const clientId = clientOfToken(db, token);
    if (clientId === null) throw notFound(NOT_FOUND);
    guesses.release(key, at);
    return clientId;
  }

  return new Elysia({ name: "client-page" })
    .get("/c/:token", ({ params, request, server }) => {
      const clientId = clientOf(params.token, request, server);
      const data = clientPageData(db, clientId);
      return renderPage({
        title: `${data.cliente.nome} · ${data.company.empresa || "Cofre"}`,
        body: <ClientPage data={data} token={params.token} />,
        stylesheet: "public-page",
        scripts: ["copy"],
      });
    })
    .get("/c/:token/pix/:id", ({ params, request, server }) => {
      const clientId = clientOf(params.token, request, server);
      const id = publicNumber(params.id);
      // Only this client's open installments: anything else is the page's one 404.
      const item = clientPageData(db, clientId).abertas.find((a) => a.id === id);
      if (!item?.payload) throw notFound(NOT_FOUND);
      return new Response(pixQrSvg(item.payload), { headers: { "content-type": "image/svg+xml", "cache-control": "no-store" } });
    })
    .get("/c/:token/recibo/:numero", ({ params, request, server }) => {
      const clientId = clientOf(params.token, request, server);
      const receipt = receiptByNumber(db, publicNumber(params.numero), clientId);
      return renderPage({
        title: `Recibo nº ${receipt.numero} · ${companyOf(db).empresa || "Cofre"}`,
        body: <ReceiptPage receipt={receipt} company={companyOf(db)} back={{ href: `/c/${params.token}`, label: "Voltar aos pagamentos" }} />,
        stylesheet: "public-page",
        scripts: ["copy"],
      });
    });
}

export function receiptPages(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "receipt-pages" })
    .use(signedIn)
    // An installment paid in parts has a receipt per payment: its latest opens, listing the others.
    .get("/receivables/:id/recibo", ({ params, redirect }) => redirect(`/recibos/${receiptNumberOf(db, parseId(params.id))}`, 302))
    .get("/recibos/:numero", ({ params }) => {
      const receipt = receiptByNumber(db, parseId(params.numero));
      return renderPage({
        title: `Recibo nº ${receipt.numero} · Cofre`,
        body: (
          <ReceiptPage
            receipt={receipt}
            company={companyOf(db)}
            back={{ href: "/receivables", label: "Voltar a Contas a Receber" }}
            others={receiptsOf(db, receipt.receivableId)}
          />
        ),
        stylesheet: "public-page",
        scripts: ["copy"],
      });
    });
}
