import type { AccountJson, BankChoice } from "../api/accounts/model";
import { Island } from "../ssr/Island";
import { PageHeader } from "../ui/PageHeader";

/** Contas bancárias (issue 34 §3): the heading here, the list and its dialog one island. */
export function AccountsPage(props: { accounts: AccountJson[]; banks: BankChoice[]; today: string }) {
  return (
    <>
      <PageHeader
        title="Contas bancárias"
        description="As contas da empresa: cada baixa diz em que conta o dinheiro entrou ou saiu, e cada extrato importado se liga à sua conta. A conta padrão vem escolhida no Baixar. Uma conta em uso não é excluída: desative-a."
      />
      <Island name="AccountsScreen" props={props} />
    </>
  );
}
