import { Island } from "../ssr/Island";
import type { ClientJson } from "../api/clients/model";

export function ClientsPage({ clients }: { clients: ClientJson[] }) {
  return <Island name="ClientsScreen" props={{ initialClients: clients }} />;
}
