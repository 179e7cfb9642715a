// What the register pages (Fornecedores, Parceiros) share: the heading with its "Novo …" island.
import { useCanWrite } from "../../islands/lib/can-write";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** The static heading; its "Novo …" button is an island that opens the list island's dialog (none for a read-only role). */
export function RegisterHeader({ title, description, reading = description, newLabel }: { title: string; description: string; reading?: string; newLabel: string }) {
  const canWrite = useCanWrite();
  // `reading`: what the page says to a consulta, when `description` offers what it cannot do.
  return <PageHeader title={title} description={canWrite ? description : reading} actions={canWrite && <Island name="NewRecordButton" props={{ label: newLabel }} />} />;
}
