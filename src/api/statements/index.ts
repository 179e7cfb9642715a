import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { badRequest, HttpError } from "../../http/errors";
import { parseId } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { pageAnswer, parsePaging } from "../list";
import { MAX_STATEMENT_BYTES, TOO_LARGE } from "./model";
import { graceDays } from "../company-rules";
import { createEntry, undoEntry } from "./entry";
import {
  candidatesFor,
  confirmSuggestions,
  confirmTransaction,
  getStatement,
  ignoreTransaction,
  importStatement,
  listStatements,
  listTransactions,
  parseTransactionQuery,
  undoTransaction,
  type ConfirmChoice,
} from "./service";

/** Bank reconciliation (issue 19, DECISIONS §9). */
export function statementsApi(deps: AppDeps) {
  const { db } = deps;
  const grace = () => graceDays(db, deps.config.blockGraceDays);
  return new Elysia({ name: "api.statements", prefix: "/api/statements" })
    .use(signedIn)
    .post("/", async ({ body, set, user, request }) => {
      const { name, bytes } = await uploaded(body, request);
      const answer = await importStatement(db, actorOf(user), name, bytes);
      set.status = 201;
      return answer;
    })
    .get("/", ({ query, set }) => pageAnswer(set, listStatements(db, parsePaging(query, 20))))
    .get("/:id", ({ params }) => getStatement(db, parseId(params.id)))
    .get("/:id/transactions", ({ params, query, set }) => {
      const id = parseId(params.id);
      return pageAnswer(set, listTransactions(db, id, parseTransactionQuery(query)));
    })
    .get("/:id/transactions/:tid/candidates", ({ params, query }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      return candidatesFor(db, id, tid, typeof query.q === "string" ? query.q : "");
    })
    .post("/:id/transactions/:tid/confirm", async ({ params, body, user }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      return await confirmTransaction(db, actorOf(user), id, tid, choiceOf(body), grace());
    })
    .post("/:id/transactions/:tid/ignore", ({ params }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      return ignoreTransaction(db, id, tid);
    })
    .post("/:id/transactions/:tid/undo", async ({ params, user }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      return await undoTransaction(db, actorOf(user), id, tid, grace());
    })
    .post("/:id/transactions/:tid/create-entry", async ({ params, body, user, set }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      const answer = await createEntry(db, actorOf(user), id, tid, body, grace());
      set.status = 201;
      return answer;
    })
    .post("/:id/transactions/:tid/undo-entry", async ({ params, user }) => {
      const [id, tid] = [parseId(params.id), parseId(params.tid)];
      return await undoEntry(db, actorOf(user), id, tid, grace());
    })
    .post("/:id/confirm-suggestions", async ({ params, body, user }) => {
      const id = parseId(params.id);
      const confianca = body && typeof body === "object" && !Array.isArray(body) ? (body as { confianca?: unknown }).confianca : undefined;
      if (confianca !== undefined && confianca !== "alta" && confianca !== "media") throw badRequest("Confiança inválida: use alta ou media", { confianca: "Confiança inválida" });
      return await confirmSuggestions(db, actorOf(user), id, confianca ?? "alta", grace());
    });
}

/** The file: the multipart field `arquivo`, or the body itself (its name from `?arquivo=` or X-File-Name). */
async function uploaded(body: unknown, request: Request): Promise<{ name: string; bytes: Uint8Array }> {
  let name = new URL(request.url).searchParams.get("arquivo") ?? request.headers.get("x-file-name") ?? "extrato.ofx";
  let bytes: Uint8Array;
  if (body instanceof FormData) {
    const file = body.get("arquivo");
    if (!(file instanceof Blob)) throw badRequest("Envie o arquivo do extrato no campo 'arquivo'", { arquivo: "Selecione um arquivo OFX" });
    if (file instanceof File && file.name) name = file.name;
    bytes = new Uint8Array(await file.arrayBuffer());
  } else if (body instanceof Uint8Array) {
    bytes = body;
  } else {
    throw badRequest("Envie o arquivo do extrato (OFX) no campo 'arquivo' ou como o corpo da requisição", { arquivo: "Selecione um arquivo OFX" });
  }
  if (bytes.byteLength > MAX_STATEMENT_BYTES) throw new HttpError(413, TOO_LARGE);
  if (bytes.byteLength === 0) throw badRequest("O arquivo está vazio", { arquivo: "O arquivo está vazio" });
  return { name, bytes };
}

function choiceOf(body: unknown): ConfirmChoice {
  if (body === null || body === undefined || body === "") return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest("Dados inválidos");
  const { receivableId, payableId, parcelas, tipo } = body as { receivableId?: unknown; payableId?: unknown; parcelas?: unknown; tipo?: unknown };
  const id = (value: unknown, field: string) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
    if (typeof value === "string" && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
    throw badRequest("Identificador inválido", { [field]: "Identificador inválido" });
  };
  const choice: ConfirmChoice = { receivableId: id(receivableId, "receivableId"), payableId: id(payableId, "payableId") };
  if (choice.receivableId && choice.payableId) throw badRequest("Escolha uma parcela a receber ou uma conta a pagar, não as duas");
  if (parcelas !== undefined && parcelas !== null) {
    if (!Array.isArray(parcelas) || parcelas.length === 0 || parcelas.length > 50) throw badRequest("Parcelas inválidas: envie de 1 a 50 identificadores", { parcelas: "Parcelas inválidas" });
    if (choice.receivableId || choice.payableId) throw badRequest("Envie parcelas ou uma parcela, não os dois");
    // A null among them is no id: refused like any other bad one.
    choice.parcelas = parcelas.map((value) => id(value ?? "", "parcelas")!);
  }
  if (tipo !== undefined && tipo !== null) {
    if (tipo !== "parcial" && tipo !== "desconto") throw badRequest("Tipo inválido: use parcial ou desconto", { tipo: "Tipo inválido" });
    choice.tipo = tipo;
  }
  return choice;
}
