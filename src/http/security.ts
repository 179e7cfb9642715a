import { Elysia } from "elysia";

/**
 * Only this origin's scripts, styles, images and connections; no inline script and no
 * `<style>` element (island props are `application/json` data blocks, which never run).
 * Two narrow allowances, neither of which can run code or send data anywhere (images, fonts
 * and connections stay on this origin): `data:` images (the CSS's own icons, e.g. the select's
 * arrow) and `style="…"` attributes (table column widths, the toast's swipe offset).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
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
export const securityHeaders = new Elysia({ name: "security-headers" }).onRequest(({ set }) => {
  set.headers["x-content-type-options"] = "nosniff";
  set.headers["referrer-policy"] = "same-origin";
  set.headers["content-security-policy"] = CONTENT_SECURITY_POLICY;
  set.headers["x-frame-options"] = "DENY";
  set.headers["cache-control"] = "no-store";
});
