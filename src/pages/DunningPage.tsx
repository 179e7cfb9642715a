import type { DunningJson } from "../api/dunning/model";
import type { MessageJson, MessageQuery, WhatsappItem } from "../api/messages/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

type Tab = "/dunning" | "/dunning/sent" | "/dunning/whatsapp";

/** The three tabs of Cobranças: links (each its own page and URL), the current one marked. */
function DunningTabs({ current, whatsapp }: { current: Tab; whatsapp: boolean }) {
  const tabs: [Tab, string][] = [
    ["/dunning", "Régua"],
    ["/dunning/sent", "Enviadas"],
    ...(whatsapp ? ([["/dunning/whatsapp", "WhatsApp"]] as [Tab, string][]) : []),
  ];
  return (
    <nav className="dunning-tabs" aria-label="Cobranças">
      {tabs.map(([href, label]) => (
        <a key={href} href={href} className="dunning-tab" aria-current={href === current ? "page" : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

const DESCRIPTION = "Lembretes e cobranças automáticas por e-mail, a lista do WhatsApp do dia e o registro de tudo o que foi enviado.";

export function DunningPage(props: { regua: DunningJson; podeEditar: boolean; podeExecutar: boolean; clientes: { id: number; nome: string }[] }) {
  return (
    <>
      <PageHeader title="Cobranças" description={DESCRIPTION} />
      <DunningTabs current="/dunning" whatsapp={props.podeExecutar} />
      <Island name="DunningSettings" props={{ initial: props.regua, podeEditar: props.podeEditar, podeExecutar: props.podeExecutar, clientes: props.clientes }} />
    </>
  );
}

export function MessagesPage({ query, page, whatsapp }: { query: MessageQuery; page: { rows: MessageJson[]; total: number }; whatsapp: boolean }) {
  return (
    <>
      <PageHeader title="Cobranças" description={DESCRIPTION} />
      <DunningTabs current="/dunning/sent" whatsapp={whatsapp} />
      <Island name="MessagesList" props={{ initial: page, params: query.view }} />
    </>
  );
}

export function WhatsappPage({ items, selection = false }: { items: WhatsappItem[]; selection?: boolean }) {
  return (
    <>
      <PageHeader title="Cobranças" description={DESCRIPTION} />
      <DunningTabs current="/dunning/whatsapp" whatsapp />
      <p className="dunning-help">
        O Cofre não envia WhatsApp sozinho: abra cada mensagem no seu WhatsApp, envie e marque como enviada. Enter abre a conversa; Enter de novo marca como enviada e passa para a próxima.
      </p>
      {selection && (
        <p className="dunning-help">
          Mostrando só as cobranças selecionadas em Contas a Receber. <a href="/dunning/whatsapp">Ver toda a lista do WhatsApp</a>
        </p>
      )}
      <Island name="WhatsappWorklist" props={{ initial: items }} />
    </>
  );
}
