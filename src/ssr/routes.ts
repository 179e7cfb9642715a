import { Elysia } from "elysia";
import { assets } from "./assets";
import { LOGO_SVG } from "./logo";

/** Serves the in-memory client bundles: content-hashed names, so cached for a year. */
export const assetRoutes = new Elysia({ name: "assets" })
  .get("/assets/:name", ({ params, request, set }) => {
    const file = assets().get(params.name);
    if (!file) {
      set.status = 404;
      set.headers["content-type"] = "text/plain; charset=utf-8";
      return "Arquivo não encontrado";
    }
    const headers: Record<string, string> = {
      "content-type": file.type,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding",
    };
    const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    if (file.gzip && acceptsGzip) {
      headers["content-encoding"] = "gzip";
      return new Response(file.gzip, { headers });
    }
    return new Response(file.bytes, { headers });
  })
  .get(
    "/favicon.ico",
    () => new Response(LOGO_SVG, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } }),
  );
