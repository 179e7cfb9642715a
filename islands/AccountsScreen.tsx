// Contas bancárias (/accounts, issue 34 §3): a company has a few accounts, shown whole and
// reloaded after each change. Writers get "Nova conta", Editar and (for an account nothing names)
// Excluir; a consulta reads the same table.
import { useState } from "react";
import type { AccountJson, BankChoice } from "../src/api/accounts/model";
import { accountNumbers } from "../src/api/accounts/names";
import { formatDateBR } from "../src/lib/dates";
import { formatBRL, parseMoney, ZERO } from "../src/lib/money";
import { Badge } from "../src/ui/Badge";
import { Button } from "../src/ui/Button";
import { EmptyState } from "../src/ui/EmptyState";
import { Icon } from "../src/ui/Icon";
import { IconAction } from "../src/ui/IconAction";
import { Table, type TableColumn } from "../src/ui/Table";
import { toast } from "../src/ui/toast";
import { api, ApiError, serverMessage } from "./lib/api";
import { useCanWrite } from "./lib/can-write";
import { ConfirmDialog } from "./lib/confirm-dialog";
import { Loading, onDemand, preloadOnIntent } from "./lib/on-demand";

const AccountDialog = onDemand(() => import("./accounts/AccountDialog").then((m) => m.AccountDialog));

export interface AccountsScreenProps {
  accounts: AccountJson[];
  /** The bank picker's options, resolved by the server (the FEBRABAN list never ships whole). */
  banks: BankChoice[];
  today: string;
}

export default function AccountsScreen(props: AccountsScreenProps) {
  const canWrite = useCanWrite();
  const [accounts, setAccounts] = useState(props.accounts);
  const [editing, setEditing] = useState<{ record: AccountJson | null } | null>(null);
  const [deleting, setDeleting] = useState<AccountJson | null>(null);

  async function reload() {
    setAccounts(await api<AccountJson[]>("/api/accounts"));
  }

  async function remove(account: AccountJson) {
    setDeleting(null);
    try {
      toast({ title: serverMessage(await api(`/api/accounts/${account.id}`, { method: "DELETE" })) ?? "Conta excluída" });
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : "Não foi possível excluir a conta.";
      toast({ title: "Erro", description: message, variant: "destructive" });
    }
    await reload();
  }

  const columns: TableColumn<AccountJson>[] = [
    {
      key: "conta",
      header: "Conta",
      phone: "title",
      render: (a) => (
        <span className="account-name">
          <strong>{a.nome}</strong>
          {a.apelido && <span className="account-numbers">{accountNumbers(a)}</span>}
        </span>
      ),
    },
    {
      key: "situacao",
      header: "Situação",
      phone: "badge",
      render: (a) => (
        <span className="account-badges">
          {a.padrao && <Badge variant="info">Padrão</Badge>}
          <Badge variant={a.ativa ? "success" : "neutral"}>{a.ativa ? "Ativa" : "Inativa"}</Badge>
        </span>
      ),
    },
    {
      key: "saldoInicial",
      header: "Saldo inicial",
      align: "end",
      render: (a) => (
        <span className="account-opening">
          {formatBRL(parseMoney(a.saldoInicial) ?? ZERO)}
          <span className="account-numbers">em {formatDateBR(a.saldoInicialData)}</span>
        </span>
      ),
    },
    // Issue 34 §3: opening + credits − debits of its payments up to today (src/api/accounts/balance.ts).
    {
      key: "saldo",
      header: "Saldo hoje",
      align: "end",
      render: (a) => {
        const saldo = parseMoney(a.saldo) ?? ZERO;
        return <span className={saldo < 0 ? "account-balance account-balance--negative" : "account-balance"}>{formatBRL(saldo)}</span>;
      },
    },
  ];
  if (canWrite)
    columns.push({
      key: "acoes",
      header: "Ações",
      align: "end",
      phone: "actions",
      render: (a) => (
        <span className="account-actions">
          <IconAction label="Editar" rowName={a.nome} icon="edit" onClick={() => setEditing({ record: a })} />
          <IconAction label="Excluir" rowName={a.nome} icon="trash" danger onClick={() => setDeleting(a)} />
        </span>
      ),
    });

  return (
    <div className="accounts" {...preloadOnIntent(AccountDialog)}>
      {canWrite && (
        <div className="accounts-actions">
          <Button onClick={() => setEditing({ record: null })}>
            <Icon name="plus" size={18} />
            Nova conta bancária
          </Button>
        </div>
      )}
      {accounts.length === 0 ? (
        <EmptyState
          icon="bank"
          title="Nenhuma conta bancária cadastrada"
          hint="Cadastre as contas da empresa para saber em que conta cada pagamento entrou e ligar os extratos importados."
        />
      ) : (
        <Table columns={columns} rows={accounts} rowKey={(a) => a.id} label="Contas bancárias" className="ui-table-wrap--cards accounts-table" />
      )}
      {editing && (
        <Loading onFailed={() => setEditing(null)}>
          <AccountDialog
            record={editing.record}
            banks={props.banks}
            today={props.today}
            first={accounts.length === 0}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        </Loading>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir conta bancária?"
        message={
          deleting && deleting.emUso > 0
            ? `"${deleting.nome}" tem pagamentos ou extratos: o Cofre não vai excluí-la. Desative-a (Editar › Ativa) para que não apareça mais ao dar baixa.`
            : `"${deleting?.nome ?? ""}" será excluída. Esta ação não pode ser desfeita.`
        }
        confirmLabel="Excluir"
        destructive
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
