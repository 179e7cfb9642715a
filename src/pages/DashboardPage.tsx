import { PageHeader } from "../ui/PageHeader";

/** Filled by the dashboard issue; for now the shell with its heading. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" description="Visão geral do sistema de cobrança por parcelas" />;
}
