import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { signedIn } from "../auth/plugin";
import { parseId, parseWith } from "../../http/validate";
import { actorOf } from "../history/record";
import { pageAnswer, wantsPage } from "../list";
import { SUPPLIER_LIST, supplierBlockSchema, supplierSchema } from "./model";
import {
  createSupplier,
  deleteSupplier,
  findSuppliers,
  listSuppliers,
  parseSupplierQuery,
  setSupplierBlock,
  updateSupplier,
} from "./service";

export function suppliersApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.suppliers", prefix: "/api/suppliers" })
    .use(signedIn)
    .get("/", ({ query, set }) =>
      wantsPage(SUPPLIER_LIST, query) ? pageAnswer(set, findSuppliers(db, parseSupplierQuery(query))) : listSuppliers(db),
    )
    .post("/", ({ body, set, user }) => {
      const supplier = createSupplier(db, actorOf(user), parseWith(supplierSchema, body));
      set.status = 201;
      return supplier;
    })
    .put("/:id", ({ params, body, user }) => {
      const id = parseId(params.id);
      return updateSupplier(db, actorOf(user), id, parseWith(supplierSchema, body));
    })
    .patch("/:id/block", ({ params, body, user }) => {
      const id = parseId(params.id);
      return setSupplierBlock(db, actorOf(user), id, parseWith(supplierBlockSchema, body).statusBloqueio);
    })
    .delete("/:id", ({ params, user }) => {
      deleteSupplier(db, actorOf(user), parseId(params.id));
      return { message: "Fornecedor excluído" };
    });
}
