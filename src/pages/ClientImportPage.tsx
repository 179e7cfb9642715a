import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** Importar clientes (issue 35 §1): the heading; the steps, the file, the preview and the result are one island. */
export function ClientImportPage({ today }: { today: string }) {
  return (
    <>
      <PageHeader
        title="Importar clientes"
        description="Traga seus clientes de uma planilha: confira a prévia de cada linha antes de gravar; nada é gravado se alguma linha tiver erro."
        actions={
          <a className="ui-button ui-button--secondary ui-button--md" href="/clients">
            Voltar para Clientes
          </a>
        }
      />
      <Island name="ClientImport" props={{ today }} />
    </>
  );
}
