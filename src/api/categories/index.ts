import { Elysia, type AnyElysia } from "elysia";
import type { AppDeps } from "../../context";
import { parseId, parseWith } from "../../http/validate";
import { signedIn } from "../auth/plugin";
import { actorOf } from "../history/record";
import { categorySchema, costCentreSchema } from "./model";
import {
  createCategory,
  createCostCentre,
  deleteCategory,
  deleteCostCentre,
  listCategories,
  listCostCentres,
  updateCategory,
  updateCostCentre,
} from "./service";

/** GET/POST /api/categories, PATCH/DELETE /api/categories/:id; the same for /api/cost-centres. */
// Typed as the plain Elysia: the app's chain (src/server.ts) grew past what TypeScript can compare.
// Its type erased (AnyElysia): the app's chain (src/server.ts) had grown to the size where one
// more typed route made TypeScript give up ("union type that is too complex").
export function categoriesApi(deps: AppDeps): AnyElysia {
  const { db } = deps;
  return new Elysia({ name: "api.categories" })
    .use(signedIn)
    .get("/api/categories", () => listCategories(db))
    .post("/api/categories", ({ body, set, user }) => {
      const category = createCategory(db, actorOf(user), parseWith(categorySchema, body));
      set.status = 201;
      return category;
    })
    .patch("/api/categories/:id", ({ params, body, user }) => updateCategory(db, actorOf(user), parseId(params.id), parseWith(categorySchema, body)))
    .delete("/api/categories/:id", ({ params, user }) => {
      deleteCategory(db, actorOf(user), parseId(params.id));
      return { message: "Categoria excluída com sucesso!" };
    })
    .get("/api/cost-centres", () => listCostCentres(db))
    .post("/api/cost-centres", ({ body, set, user }) => {
      const centre = createCostCentre(db, actorOf(user), parseWith(costCentreSchema, body));
      set.status = 201;
      return centre;
    })
    .patch("/api/cost-centres/:id", ({ params, body, user }) => updateCostCentre(db, actorOf(user), parseId(params.id), parseWith(costCentreSchema, body)))
    .delete("/api/cost-centres/:id", ({ params, user }) => {
      deleteCostCentre(db, actorOf(user), parseId(params.id));
      return { message: "Centro de custo excluído com sucesso!" };
    });
}
