import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { pageAnswer, wantsPage } from "../list";
import { SUPPLIER_FILTERS, supplierBlockSchema, supplierSchema } from "./model";
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
    .get("/", ({ query, set }) =>
      wantsPage(query, SUPPLIER_FILTERS) ? pageAnswer(set, findSuppliers(db, parseSupplierQuery(query))) : listSuppliers(db),
    )
    .post("/", ({ body, set }) => {
      const supplier = createSupplier(db, parseWith(supplierSchema, body));
      set.status = 201;
      return supplier;
    })
    .put("/:id", ({ params, body }) => {
      const id = parseId(params.id);
      return updateSupplier(db, id, parseWith(supplierSchema, body));
    })
    .patch("/:id/block", ({ params, body }) => {
      const id = parseId(params.id);
      return setSupplierBlock(db, id, parseWith(supplierBlockSchema, body).statusBloqueio);
    })
    .delete("/:id", ({ params }) => {
      deleteSupplier(db, parseId(params.id));
      return { message: "Fornecedor excluído" };
    });
}
