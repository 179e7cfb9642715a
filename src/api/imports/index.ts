import { Elysia } from "elysia";
import { graceDays } from "../company-rules";
import type { AppDeps } from "../../context";
import { badRequest, HttpError } from "../../http/errors";
import { csvResponse } from "../../lib/csv";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { writeOffLoop } from "../../http/writer";
import { importTemplate, previewClientImport, type ClientsImportJob } from "./clients";
import type { ImportPreview, ImportResult } from "./model";
import { jsonObjectResponse } from "../../http/stream";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "./model";

/** Client import (issue 35 §1): the preview, the import (`?confirmar=1`) and the template. */
export function importsApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.imports" })
    .use(signedIn)
    .post("/api/clients/import", async ({ body, query, set, user, request }) => {
      const { name, bytes } = await uploadedCsv(body);
      if (query.confirmar !== "1") return previewAnswer(request, await previewClientImport(db, bytes, name));
      // Read, checked and written on the writer thread (src/http/writer.ts): the one transaction
      // of up to 5,000 clients never holds this event loop. A row that cannot be saved is the
      // 422 of ImportRefused: the same rows and errors as the preview, and nothing written.
      const job: ClientsImportJob = { kind: "clients-import", actor: actorOf(user), bytes, name, graceDays: graceDays(db, deps.config.blockGraceDays) };
      try {
        const answer = await writeOffLoop<ImportResult>(db, job);
        set.status = 201;
        return answer;
      } catch (error) {
        // ImportRefused, as it crossed from the thread: its preview streamed like the preview's.
        if (!(error instanceof HttpError && error.status === 422 && error.extra)) throw error;
        return previewAnswer(request, { ...(error.extra as unknown as ImportPreview), message: error.message }, 422);
      }
    })
    .get("/clients/import/modelo-clientes.csv", () => csvResponse("modelo-clientes.csv", importTemplate()));
}

/** A preview (or a refused import's 422) with its thousands of rows, streamed a slice per turn. */
function previewAnswer(request: Request, { clientes, ...fields }: ImportPreview & { message?: string }, status = 200): Response {
  return jsonObjectResponse(request, fields, "clientes", clientes, status);
}

/** The file in the multipart field `arquivo` (the parse hook read it whole, up to 20 MB). */
async function uploadedCsv(body: unknown): Promise<{ name: string; bytes: Uint8Array }> {
  const file = body instanceof FormData ? body.get("arquivo") : null;
  if (!(file instanceof Blob)) throw badRequest("Envie a planilha (CSV) no campo 'arquivo'", { arquivo: "Selecione um arquivo CSV" });
  const name = file instanceof File && file.name ? file.name : "clientes.csv";
  if (file.size > IMPORT_MAX_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE);
  return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
