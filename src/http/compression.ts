import { Elysia } from "elysia";

// Lists and pages with thousands of rows are hundreds of KB of text that gzips ~15×: worth a
// few ms of CPU on a small VPS link. Small answers go as they are.
const MIN_BYTES = 2048;
const encoder = new TextEncoder();

export const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");

function gzipResponse(body: Uint8Array, status: number, headers: Headers): Response {
  headers.set("content-encoding", "gzip");
  headers.append("vary", "accept-encoding");
  headers.delete("content-length");
  return new Response(Bun.gzipSync(body as Uint8Array<ArrayBuffer>, { level: 4 }), { status, headers });
}

async function gzipPage(page: Response): Promise<Response> {
  const body = new Uint8Array(await page.clone().arrayBuffer());
  if (body.byteLength < MIN_BYTES) return page;
  return gzipResponse(body, page.status, new Headers(page.headers));
}

// The hook always returns a value: in Elysia 1.4.30's error path an `undefined` from
// mapResponse replaces the error's body (every 404/401 answered empty).
export const compression = new Elysia({ name: "compression" }).mapResponse({ as: "global" }, ({ request, responseValue, set }) => {
  // Typed as Response for Elysia; at run time any value handed back is mapped as usual.
  const unchanged = responseValue as Response;
  if (!acceptsGzip(request)) return unchanged;
  if (responseValue instanceof Response) {
    const type = responseValue.headers.get("content-type") ?? "";
    if (responseValue.headers.has("content-encoding") || !type.startsWith("text/html")) return unchanged;
    return gzipPage(responseValue);
  }
  if (responseValue && typeof responseValue === "object") {
    const body = encoder.encode(JSON.stringify(responseValue));
    if (body.byteLength < MIN_BYTES) return unchanged;
    const headers = new Headers(set.headers as Record<string, string>);
    headers.set("content-type", "application/json; charset=utf-8");
    return gzipResponse(body, typeof set.status === "number" ? set.status : 200, headers);
  }
  return unchanged;
});
