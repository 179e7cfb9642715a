// Plano de contas (/categories, issue 36): receitas and despesas as groups › categories, and the
// centros de custo. A few dozen rows: shown whole, reloaded after each change. Only the roles that
// write reach the page (administrador, financeiro), so every control is shown.
import { useState } from "react";
import { CATEGORY_KIND_LABELS, type CategoryJson, type CategoryKind, type CostCentreJson } from "../src/api/categories/model";
import { formatCount } from "../src/lib/numbers";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../src/ui/Card";
import { Icon } from "../src/ui/Icon";
import { IconAction } from "../src/ui/IconAction";
import { toast } from "../src/ui/toast";
import { api, ApiError, serverMessage } from "./lib/api";
import { ConfirmDialog } from "./lib/confirm-dialog";
import { CategoryDialog, CostCentreDialog, type CategoryDraft } from "./categories/CategoryDialog";

export interface CategoriesScreenProps {
  categories: CategoryJson[];
  costCentres: CostCentreJson[];
}

type Deleting = { kind: "category"; record: CategoryJson } | { kind: "centre"; record: CostCentreJson };

const uses = (n: number) => (n === 0 ? "Sem uso" : `${formatCount(n)} ${n === 1 ? "uso" : "usos"}`);

export default function CategoriesScreen(props: CategoriesScreenProps) {
  const [categories, setCategories] = useState(props.categories);
  const [centres, setCentres] = useState(props.costCentres);
  const [editing, setEditing] = useState<CategoryDraft | null>(null);
  const [editingCentre, setEditingCentre] = useState<CostCentreJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  async function reload() {
    const [c, cc] = await Promise.all([api<CategoryJson[]>("/api/categories"), api<CostCentreJson[]>("/api/cost-centres")]);
    setCategories(c);
    setCentres(cc);
  }

  async function remove(target: Deleting) {
    setDeleting(null);
    try {
      const answer = await api(target.kind === "category" ? `/api/categories/${target.record.id}` : `/api/cost-centres/${target.record.id}`, { method: "DELETE" });
      toast({ title: serverMessage(answer) ?? "Excluído" });
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : "Não foi possível excluir.";
      toast({ title: "Erro", description: message, variant: "destructive" });
    }
    await reload();
  }

  const groups = (tipo: CategoryKind) => categories.filter((c) => c.tipo === tipo && c.grupoId === null);

  return (
    <div className="categories">
      {(["receita", "despesa"] as const).map((tipo) => (
        <Card key={tipo} className="categories-card">
          <CardHeader>
            <CardTitle>{CATEGORY_KIND_LABELS[tipo]}</CardTitle>
            <>
              <div className="categories-actions">
                <Button variant="secondary" size="sm" onClick={() => setEditing({ tipo, grupoId: null, record: null })}>
                  <Icon name="plus" size={16} />
                  Novo grupo
                </Button>
                <Button size="sm" onClick={() => setEditing({ tipo, grupoId: groups(tipo)[0]?.id ?? null, record: null, categoria: true })}>
                  <Icon name="plus" size={16} />
                  Nova categoria
                </Button>
              </div>
            </>
          </CardHeader>
          <div className="ui-table-wrap">
            <table className="ui-table categories-table">
              <caption className="visually-hidden">Categorias de {CATEGORY_KIND_LABELS[tipo].toLowerCase()}</caption>
              <thead>
                <tr>
                  <th scope="col" className="ui-table__th">Grupo › categoria</th>
                  <th scope="col" className="ui-table__th">Situação</th>
                  <th scope="col" className="ui-table__th ui-table--end">Em uso</th>
                  <th scope="col" className="ui-table__th ui-table--end">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {categories
                  .filter((c) => c.tipo === tipo)
                  .map((c) => (
                    <tr key={c.id} className={c.grupoId === null ? "categories-group" : "categories-category"}>
                      <th scope="row" className="ui-table__td">
                        {c.nome}
                        {c.papel && <span className="categories-role"> · usada pelo Cofre</span>}
                      </th>
                      <td className="ui-table__td">
                        <Badge variant={c.ativa ? "success" : "neutral"}>{c.ativa ? "Ativa" : "Inativa"}</Badge>
                      </td>
                      <td className="ui-table__td ui-table--end">{uses(c.emUso)}</td>
                      <td className="ui-table__td ui-table--end categories-row-actions">
                        <>
                          <IconAction label="Editar" rowName={c.nome} icon="edit" onClick={() => setEditing({ tipo, grupoId: c.grupoId, record: c, categoria: c.grupoId !== null })} />
                          {!c.papel && <IconAction label="Excluir" rowName={c.nome} icon="close" danger onClick={() => setDeleting({ kind: "category", record: c })} />}
                        </>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </Card>
      ))}
      <Card className="categories-card">
        <CardHeader>
          <CardTitle>Centros de custo</CardTitle>
          <CardDescription>Opcional: um segundo corte dos lançamentos (por projeto, filial, equipe…).</CardDescription>
          <>
            <div className="categories-actions">
              <Button size="sm" onClick={() => setEditingCentre("new")}>
                <Icon name="plus" size={16} />
                Novo centro de custo
              </Button>
            </div>
          </>
        </CardHeader>
        {centres.length === 0 ? (
          <CardContent>
            <p className="categories-empty">Nenhum centro de custo cadastrado.</p>
          </CardContent>
        ) : (
          <div className="ui-table-wrap">
            <table className="ui-table categories-table">
              <caption className="visually-hidden">Centros de custo</caption>
              <thead>
                <tr>
                  <th scope="col" className="ui-table__th">Nome</th>
                  <th scope="col" className="ui-table__th">Situação</th>
                  <th scope="col" className="ui-table__th ui-table--end">Em uso</th>
                  <th scope="col" className="ui-table__th ui-table--end">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {centres.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className="ui-table__td">{c.nome}</th>
                    <td className="ui-table__td">
                      <Badge variant={c.ativo ? "success" : "neutral"}>{c.ativo ? "Ativo" : "Inativo"}</Badge>
                    </td>
                    <td className="ui-table__td ui-table--end">{uses(c.emUso)}</td>
                    <td className="ui-table__td ui-table--end categories-row-actions">
                      <>
                        <IconAction label="Editar" rowName={c.nome} icon="edit" onClick={() => setEditingCentre(c)} />
                        <IconAction label="Excluir" rowName={c.nome} icon="close" danger onClick={() => setDeleting({ kind: "centre", record: c })} />
                      </>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {editing && (
        <CategoryDialog
          draft={editing}
          groups={groups(editing.tipo)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      {editingCentre && (
        <CostCentreDialog
          record={editingCentre === "new" ? null : editingCentre}
          onClose={() => setEditingCentre(null)}
          onSaved={() => {
            setEditingCentre(null);
            void reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === "centre" ? "Excluir centro de custo?" : "Excluir categoria?"}
        message={
          deleting && deleting.record.emUso > 0
            ? `"${deleting.record.nome}" está em uso: o Cofre não vai excluí-la. Desative-a para que não apareça mais nos formulários.`
            : `"${deleting?.record.nome ?? ""}" será excluída. Esta ação não pode ser desfeita.`
        }
        confirmLabel="Excluir"
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
