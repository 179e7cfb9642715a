// What the register pages (Fornecedores, Parceiros) share: the heading with its "Novo …" island.
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** The static heading; its "Novo …" button is an island that opens the list island's dialog. */
export function RegisterHeader({ title, description, newLabel }: { title: string; description: string; newLabel: string }) {
  return <PageHeader title={title} description={description} actions={<Island name="NewRecordButton" props={{ label: newLabel }} />} />;
}
