// Placeholder replaced by the Clients screen's author.
export interface ClientsScreenProps { initialClients: unknown[] }
export default function ClientsScreen(_props: ClientsScreenProps) { return null; }
