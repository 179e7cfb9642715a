import type { EmailSettingsJson } from "../api/email/model";
import type { SettingsJson } from "../api/settings/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** Configurações: the cobrança settings form (DECISIONS §7) and the e-mail (SMTP) one — never the SMTP password. */
export function SettingsPage({ settings, email }: { settings: SettingsJson; email: EmailSettingsJson }) {
  return (
    <>
      <PageHeader
        title="Configurações"
        description="Dados da empresa, chave PIX e mensagem usados no botão Cobrar das contas a receber, e o servidor de e-mail."
      />
      <div className="settings-page">
        <Island name="SettingsForm" props={{ initial: settings }} />
        <Island name="EmailSettings" props={{ initial: email }} />
      </div>
    </>
  );
}
