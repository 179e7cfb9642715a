import { Elysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { supplierBlockSchema, supplierSchema } from "./model";
import { createSupplier, deleteSupplier, listSuppliers, setSupplierBlock, updateSupplier } from "./service";

export function suppliersApi(deps: AppDeps) {
  const { db } = deps;
  return new Elysia({ name: "api.suppliers", prefix: "/api/suppliers" })
    .get("/", () => listSuppliers(db))
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
