import type { CategoryJson, CostCentreJson } from "../api/categories/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** Plano de contas (issue 36): the heading here, the tree and its dialogs one island. */
export function CategoriesPage(props: { categories: CategoryJson[]; costCentres: CostCentreJson[] }) {
  return (
    <>
      <PageHeader
        title="Plano de contas"
        description="As categorias de receita e despesa (grupo › categoria) que classificam cada conta a receber e a pagar e montam o DRE. Uma categoria em uso não é excluída: desative-a."
      />
      <Island name="CategoriesScreen" props={props} />
    </>
  );
}
