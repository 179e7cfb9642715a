import { Elysia } from "elysia";
import { backOffWhileBusy, codeOf, isBusyError, isCorruptError, isDiskFullError } from "../../db/client";
import type { FieldErrors } from "../lib/field-errors";
import { requestPath } from "./paths";

/** An answer the client caused: always JSON `{message, errors?}` in pt-BR. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 507,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More of the answer beside `message` (a 409's conflicting records, for the screen to show). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, undefined, extra);

const BODY_LIMIT_BYTES = 64 * 1024;
const tooLarge = () => new HttpError(413, "Requisição muito grande (limite de 64 KB)");

/**
 * Routes that take a file, each with its own limit (issue 19: a bank statement, 5 MB plus the
 * multipart envelope). Their body is the file's bytes as sent (never decoded as text: a
 * statement's encoding is the parser's to find) or, for multipart, the FormData.
 */
const UPLOADS: Record<string, { limit: number; message: string }> = {
  "/api/statements": { limit: 5 * 1024 * 1024 + 64 * 1024, message: "Arquivo muito grande: o limite é 5 MB" },
  // A clients' spreadsheet (issue 35 §1): 20 MB plus the envelope; refused before it is buffered.
  "/api/clients/import": { limit: 20 * 1024 * 1024 + 64 * 1024, message: "Arquivo muito grande: o limite é 20 MB" },
};

async function readUpload(request: Request, contentType: string, upload: { limit: number; message: string }): Promise<unknown> {
  const refuse = () => new HttpError(413, upload.message);
  if (Number(request.headers.get("content-length") ?? 0) > upload.limit) throw refuse();
  const bytes = await readAtMost(request, upload.limit, refuse);
  // The header itself: the multipart boundary is in it.
  const header = request.headers.get("content-type") ?? contentType;
  if (!header.includes("multipart/form-data")) return bytes;
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": header } }).formData();
  } catch {
    throw badRequest("Envio inválido: mande o arquivo no campo 'arquivo' (multipart/form-data) ou como o corpo da requisição");
  }
}

/** Reads a request body once, refusing oversize bodies before JSON parsing (and before buffering them). */
async function readBody(request: Request, contentType: string): Promise<unknown> {
  // The path as the router matches it: `/api/statements/` is the upload route too (issue 31 item 17).
  const upload = request.method === "POST" ? UPLOADS[requestPath(request)] : undefined;
  if (upload) return readUpload(request, contentType, upload);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > BODY_LIMIT_BYTES) throw tooLarge();
  const bytes = await readAtMost(request, BODY_LIMIT_BYTES);
  if (bytes.byteLength === 0) return null;
  const text = new TextDecoder().decode(bytes);
  if (!contentType.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("JSON inválido no corpo da requisição");
  }
}

/** A body without Content-Length (chunked) is read only up to the limit, then refused. */
async function readAtMost(request: Request, limit: number, refuse: () => HttpError = tooLarge): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > limit) throw refuse();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const BUSY_MESSAGE = "Banco de dados ocupado, tente novamente";
const DISK_FULL_MESSAGE = "Sem espaço em disco: nada foi gravado";

// Machines read these paths: their errors are JSON even for a GET.
const isApi = (request: Request) => {
  const path = requestPath(request);
  return path.startsWith("/api/") || path === "/healthz";
};

/**
 * One place that turns every failure into the error model: JSON for /api, a small HTML page
 * for pages; unexpected exceptions are logged and answered without a stack.
 */
export const errorHandling = new Elysia({ name: "errors" })
  .onParse({ as: "global" }, ({ request, contentType }) => readBody(request, contentType ?? ""))
  .onError({ as: "global" }, ({ code, error: raised, request, set }) => {
    // Elysia wraps what a parse hook throws in a ParseError; ours carry the real answer.
    const error = code === "PARSE" && (raised as Error).cause instanceof HttpError ? (raised as Error).cause : raised;
    let status = 500;
    let body: { message: string; errors?: FieldErrors } = { message: "Erro interno" };
    if (error instanceof HttpError) {
      status = error.status;
      body = { ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.headers) Object.assign(set.headers, error.headers);
    } else if (isBusyError(error)) {
      // Another process holds the write lock (a CLI command, a backup tool): try again shortly.
      status = 503;
      body = { message: BUSY_MESSAGE };
      backOffWhileBusy();
      set.headers["retry-after"] = "1";
    } else if (isDiskFullError(error)) {
      // The change's transaction rolled back: nothing was half-written. Reads keep working.
      status = 507;
      body = { message: DISK_FULL_MESSAGE };
      console.error(`[disco cheio] ${request.method} ${new URL(request.url).pathname}: ${codeOf(error)}`);
    } else if (isCorruptError(error)) {
      body = { message: "Banco de dados corrompido: restaure a última cópia de segurança" };
      console.error(`[banco corrompido] ${request.method} ${new URL(request.url).pathname}: ${codeOf(error)}`);
    } else if (code === "NOT_FOUND") {
      status = 404;
      body = { message: "Recurso não encontrado" };
    } else if (code === "PARSE" || code === "VALIDATION" || code === "INVALID_COOKIE_SIGNATURE") {
      status = 400;
      body = { message: "Requisição inválida" };
    } else {
      console.error(unexpectedErrorLog(`${request.method} ${new URL(request.url).pathname}`, error));
    }
    set.status = status;
    if (!isApi(request) && request.method === "GET") {
      set.headers["content-type"] = "text/html; charset=utf-8";
      // A route that does not exist is "Página não encontrada"; a record that does not, its own words.
      return errorPage(status, code === "NOT_FOUND" ? "Página não encontrada" : body.message);
    }
    return body;
  });

// No inline style: the Content-Security-Policy refuses it (the page is plain, and says enough).
function errorPage(status: number, message: string): string {
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status} · Cofre</title><body><main><h1>${status}</h1><p>${Bun.escapeHTML(message)}</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;
}

/**
 * One readable line (what failed, the error's name, code and message) and then the stack:
 * never Bun's excerpt of the minified source line, kilobytes of padding in the binary.
 */
export function unexpectedErrorLog(where: string, error: unknown): string {
  if (!(error instanceof Error)) return `[erro] ${where}: ${String(error)}`;
  const code = (error as { code?: unknown }).code;
  const head = `[erro] ${where}: ${error.name}${typeof code === "string" ? ` ${code}` : ""}: ${error.message.split("\n")[0]}`;
  const stack = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).slice(0, 12).join("\n");
  return stack ? `${head}\n${stack}` : head;
}
