import type { SettingsJson } from "../api/settings/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** Configurações: the cobrança settings form (DECISIONS §7). */
export function SettingsPage({ settings }: { settings: SettingsJson }) {
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Dados da empresa, chave PIX e mensagem usados no botão Cobrar das contas a receber."
      />
      <Island name="SettingsForm" props={{ initial: settings }} />
    </>
  );
}
