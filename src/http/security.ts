import { Elysia } from "elysia";

/**
 * Only this origin's scripts, styles, images and connections; no inline script and no
 * `<style>` element (island props are `application/json` data blocks, which never run).
 * One narrow allowance that can neither run code nor send data anywhere: `data:` images (the
 * CSS's own icons, e.g. the select's arrow). No style attributes in the HTML either: column
 * widths live in the stylesheets and a progress is a native <progress>; what scripts set
 * through element.style (the toast's swipe offset) is not an inline style to the CSP.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Headers on every answer, set before anything else runs so errors and redirects carry them
 * too. `no-store` is the default: an answer that may be cached (the hashed assets, the icon)
 * sets its own Cache-Control, which wins.
 */
export const securityHeaders = new Elysia({ name: "security-headers" }).onRequest(({ set, request }) => {
  set.headers["x-content-type-options"] = "nosniff";
  // The client's page (DECISIONS §12): its URL is the key to it, so it is never sent as a
  // Referer, and search engines are told to keep it out of their index — its 404 and 429 too.
  const clientPage = new URL(request.url).pathname.startsWith("/c/");
  set.headers["referrer-policy"] = clientPage ? "no-referrer" : "same-origin";
  if (clientPage) set.headers["x-robots-tag"] = "noindex, nofollow";
  set.headers["content-security-policy"] = CONTENT_SECURITY_POLICY;
  set.headers["x-frame-options"] = "DENY";
  set.headers["cache-control"] = "no-store";
});
