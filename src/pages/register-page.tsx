// What the register pages (Fornecedores, Parceiros) share: the heading with its "Novo …" island.
import { useCanWrite } from "../../islands/lib/can-write";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** The static heading; its "Novo …" button is an island that opens the list island's dialog (none for a read-only role). */
export function RegisterHeader({ title, description, newLabel }: { title: string; description: string; newLabel: string }) {
  const canWrite = useCanWrite();
  return <PageHeader title={title} description={description} actions={canWrite && <Island name="NewRecordButton" props={{ label: newLabel }} />} />;
}
